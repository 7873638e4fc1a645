import { Heart, X } from 'lucide-react';
import { memo, type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { Comment } from '#shared/schemas/posts';
import { ActionMenu } from '../../../components/ui/action-menu.tsx';
import { actionMenuTriggerClass } from '../../../components/ui/action-menu-trigger.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/form.tsx';
import { RelativeTime } from '../../../components/ui/relative-time.tsx';
import { lazyZodResolver } from '../../../lib/lazy-resolver.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { useMember } from '../../accounts/index.ts';
import { useAddComment, useCommentChanges, useComments, useEarlierComments } from '../api/posts.ts';
import { MentionTextField } from './mention-textarea.tsx';
import { MentionText } from './post-card.tsx';

const checkComment = lazyZodResolver(() =>
  import('#shared/schemas/posts').then((schemas) => schemas.CommentEdit),
);

const small =
  'min-h-11 min-w-11 rounded-full px-1.5 text-sm font-medium text-stone-500 hover:bg-stone-100';

const NO_REPLIES: Comment[] = [];

/** Focus in a text box with the caret after what it holds, to go on writing. */
function focusAtEnd(box: HTMLTextAreaElement | null, options?: FocusOptions) {
  box?.focus(options);
  box?.setSelectionRange(box.value.length, box.value.length);
}

/** A comment's text in a box to change it; mounted only while the comment is being edited. */
function CommentEditor({
  text,
  edit,
  box,
  onDone,
}: {
  text: string;
  edit: ReturnType<typeof useCommentChanges>['edit'];
  box: RefObject<HTMLTextAreaElement | null>;
  onDone: () => void;
}) {
  const form = useForm<{ text: string }>({
    resolver: checkComment,
    defaultValues: { text },
    reValidateMode: 'onSubmit',
  });
  const save = form.handleSubmit((values) => {
    if (!edit.isPending) write(edit, values.text, { onSuccess: onDone });
  });
  return (
    <form onSubmit={(event) => void save(event)} noValidate className="mt-2 flex flex-col gap-2">
      <MentionTextField
        form={form}
        name="text"
        label={t('posts.thread.edit')}
        labelHidden
        rows={2}
        maxLength={2000}
        inputRef={box}
      />
      <div className="flex gap-2">
        <Button type="submit" className="h-11" busy={edit.isPending}>
          {t('posts.thread.save')}
        </Button>
        <Button variant="secondary" className="h-11" onClick={onDone}>
          {t('posts.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * One comment with its replies. Memoised, with the list and the reply handler kept stable by the
 * thread: typing in the comment box re-rendered every comment at each key, a lag on a phone.
 */
const CommentItem = memo(function CommentItem({
  comment,
  replies,
  onReply,
}: {
  comment: Comment;
  replies: Comment[];
  onReply: (comment: Comment) => void;
}) {
  const member = useMember();
  const [editing, setEditing] = useState(false);
  const editBox = useRef<HTMLTextAreaElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  // The menu's button goes away while editing, and the edit box after: the focus moves into the
  // box when editing starts and back to the menu's button when it ends, not lost to the page.
  useEffect(() => {
    if (editing === wasEditing.current) return;
    wasEditing.current = editing;
    const frame = requestAnimationFrame(() =>
      editing ? focusAtEnd(editBox.current) : menuButton.current?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [editing]);
  const [confirming, setConfirming] = useState(false);
  const changes = useCommentChanges(comment);
  const mayChange = comment.can.edit || comment.can.delete;

  return (
    <li data-testid="comment">
      <div className="flex gap-3">
        <Avatar url={comment.author.avatarUrl} size={36} />
        <div className="min-w-0 flex-1">
          <div className="rounded-2xl bg-stone-100 px-3.5 py-2.5">
            <p className="text-sm font-semibold text-stone-900">{comment.author.name}</p>
            {editing ? (
              <CommentEditor
                text={comment.text}
                edit={changes.edit}
                box={editBox}
                onDone={() => setEditing(false)}
              />
            ) : (
              <MentionText text={comment.text} mentions={comment.mentions} />
            )}
          </div>
          <div className="flex flex-wrap items-center pl-1 text-xs text-stone-500">
            <RelativeTime time={comment.createdAt} className="pr-1">
              {comment.updatedAt > comment.createdAt ? ` · ${t('posts.thread.edited')}` : ''}
            </RelativeTime>
            {member ? (
              <>
                <button
                  type="button"
                  className={small}
                  aria-pressed={comment.likedByMe}
                  onClick={() => changes.like.mutate(!comment.likedByMe)}
                >
                  <Heart
                    className={`inline size-4 ${comment.likedByMe ? 'fill-accent-600 text-accent-600' : ''}`}
                    aria-hidden="true"
                  />{' '}
                  {comment.likeCount > 0 ? comment.likeCount : ''}
                  <span className="sr-only">{t('posts.like')}</span>
                </button>
                <button type="button" className={small} onClick={() => onReply(comment)}>
                  {t('posts.thread.reply')}
                </button>
              </>
            ) : null}
            {mayChange && !editing ? (
              <ActionMenu
                label={t('posts.thread.menu', { name: comment.author.name })}
                icon="horizontal"
                triggerClassName={`${actionMenuTriggerClass} ml-auto`}
                triggerRef={menuButton}
                choices={[
                  ...(comment.can.edit ? [{ id: 'edit', label: t('posts.thread.edit') }] : []),
                  ...(comment.can.delete
                    ? [{ id: 'delete', label: t('posts.thread.delete'), danger: true }]
                    : []),
                ]}
                onChoose={(id) => (id === 'edit' ? setEditing(true) : setConfirming(true))}
              />
            ) : null}
          </div>
          {replies.length > 0 ? (
            <ul className="mt-2 flex flex-col gap-3">
              {replies.map((reply) => (
                <CommentItem
                  key={reply.id}
                  comment={reply}
                  replies={NO_REPLIES}
                  onReply={onReply}
                />
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t('posts.thread.confirmDelete')}
        body={t('posts.thread.confirmDeleteBody')}
        confirmLabel={t('posts.thread.delete')}
        cancelLabel={t('posts.cancel')}
        busy={changes.remove.isPending}
        onConfirm={() =>
          write(changes.remove, undefined, { onSuccess: () => setConfirming(false) })
        }
      />
    </li>
  );
});

/**
 * Every reply under the top-level comment it belongs to, in time order, in one pass: a long
 * discussion's replies are each walked up once. A reply whose top-level comment is gone is left
 * out, as it has nowhere to be shown.
 */
function threads(comments: Comment[]) {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const rootOf = new Map<string, string>();
  const root = (comment: Comment): string => {
    const path: Comment[] = [];
    let current = comment;
    let found = rootOf.get(current.id);
    while (found === undefined && current.parentId && byId.has(current.parentId)) {
      path.push(current);
      current = byId.get(current.parentId)!;
      found = rootOf.get(current.id);
    }
    const top = found ?? current.id;
    for (const walked of path) rootOf.set(walked.id, top);
    rootOf.set(current.id, top);
    return top;
  };
  const repliesOf = new Map<string, Comment[]>();
  for (const comment of comments) {
    if (!comment.parentId) continue;
    const top = root(comment);
    const replies = repliesOf.get(top);
    if (replies) replies.push(comment);
    else repliesOf.set(top, [comment]);
  }
  return comments
    .filter((comment) => !comment.parentId)
    .map((comment) => ({ comment, replies: repliesOf.get(comment.id) ?? NO_REPLIES }));
}

/** A post's discussion: comments with their replies, likes, and a box to write one. */
export function CommentThread({ postId }: { postId: string }) {
  const member = useMember();
  const comments = useComments(postId);
  const { showEarlier, forget } = useEarlierComments(postId);
  // Back on this discussion later, she sees its latest threads, not the window she left.
  useEffect(() => forget, [forget]);
  const [replyTo, setReplyTo] = useState<Comment | null>(null);
  const commentBox = useRef<HTMLTextAreaElement>(null);
  // The text is the form's; whom it answers is the reply chosen (`replyTo`).
  const form = useForm<{ text: string }>({
    resolver: checkComment,
    defaultValues: { text: '' },
    reValidateMode: 'onSubmit',
  });
  const add = useAddComment(postId);
  const submit = form.handleSubmit(({ text }) => {
    if (add.isPending) return;
    write(
      add,
      { text, parentId: replyTo?.id ?? null },
      {
        onSuccess: () => {
          form.reset({ text: '' });
          setReplyTo(null);
        },
      },
    );
  });
  const { setValue, getValues } = form;

  const list = useMemo(
    () => (comments.data ? threads(comments.data.comments) : []),
    [comments.data],
  );
  const earlier = comments.data?.earlier ?? null;
  // The window moved back and its threads are on their way (not while a read is held offline).
  const steppingBack =
    comments.isFetching && earlier !== null && comments.data?.from === earlier.from;
  // The state setters and the box's ref are stable, so this is too, and the comments need not
  // re-render. The box may be far below the comment answered: it comes into view with the focus
  // (and a phone's keyboard), the caret after the mention.
  const reply = useCallback(
    (target: Comment) => {
      setReplyTo(target);
      const current = getValues('text');
      if (!current.includes(`](${target.author.id})`))
        setValue('text', `@[${target.author.name}](${target.author.id}) ${current}`);
      requestAnimationFrame(() => {
        focusAtEnd(commentBox.current, { preventScroll: true });
        commentBox.current?.scrollIntoView({ block: 'center' });
      });
    },
    [setValue, getValues],
  );
  return (
    <section
      aria-labelledby="post-comments"
      className="flex flex-col gap-4 rounded-3xl bg-white p-4 shadow-[var(--shadow-card)]"
    >
      <h2 id="post-comments" className="text-base font-semibold text-stone-900">
        {t('posts.thread.title')}
      </h2>
      {comments.data && list.length === 0 ? (
        <p className="text-sm text-stone-500">{t('posts.thread.empty')}</p>
      ) : null}
      {earlier ? (
        <Button
          variant="secondary"
          className="self-start"
          busy={steppingBack}
          onClick={showEarlier}
        >
          {t('posts.thread.earlier', { count: earlier.comments })}
        </Button>
      ) : null}
      <ul className="flex flex-col gap-4">
        {list.map(({ comment, replies }) => (
          <CommentItem key={comment.id} comment={comment} replies={replies} onReply={reply} />
        ))}
      </ul>
      {member ? (
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="flex flex-col gap-2 border-t border-stone-100 pt-4"
        >
          {replyTo ? (
            <button
              type="button"
              onClick={() => setReplyTo(null)}
              className="inline-flex min-h-11 items-center gap-2 self-start rounded-full bg-accent-50 px-3.5 text-sm font-medium text-accent-800"
              aria-label={t('posts.thread.cancelReply')}
            >
              {t('posts.thread.replyTo', { name: replyTo.author.name })}
              <X className="size-4" aria-hidden="true" />
            </button>
          ) : null}
          <MentionTextField
            form={form}
            name="text"
            label={t('posts.thread.write')}
            labelHidden
            placeholder={t('posts.thread.write')}
            rows={2}
            maxLength={2000}
            inputRef={commentBox}
          />
          <Button type="submit" busy={add.isPending} className="self-end">
            {t('posts.thread.send')}
          </Button>
        </form>
      ) : (
        // A guest reads; where the box would be, she learns how to join in.
        <p className="border-t border-stone-100 pt-4 text-sm text-stone-500">
          <Link to="/login" className="font-medium text-accent-700 underline underline-offset-2">
            {t('posts.thread.signInToComment')}
          </Link>
        </p>
      )}
    </section>
  );
}
