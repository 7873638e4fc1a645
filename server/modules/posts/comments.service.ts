import { randomUUID } from 'node:crypto';
import type { Comment, CommentThreads } from '#shared/schemas/posts';
import type { AppDatabase } from '../../db/database.ts';
import { decodeKeyset, encodeKeyset } from '../../db/keyset.ts';
import type { PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { commentCan } from '../../policies/comment.ts';
import type { Who } from '../../policies/who.ts';
import { avatarUrl } from '../media/avatar.ts';
import {
  insertNotifications,
  type NewNotification,
} from '../notifications/notifications.repository.ts';
import { announceNotifications } from '../notifications/notifications.service.ts';
import type { ThreadWindow, WhichComments } from './comments.repository.ts';
import {
  deleteCommentRow,
  findComment,
  insertComment,
  listCommentMentions,
  listCommentRows,
  listThreadStartsBefore,
  recountComments,
  replaceCommentMentions,
  updateCommentText,
} from './comments.repository.ts';
import { lockRow, writeLike } from './post-writes.repository.ts';
import { mentionedIds } from './post-writes.service.ts';
import { requireVisiblePost } from './posts.service.ts';

/** All comments of a post the viewer may see, oldest first; replies carry their parent. */
export async function listComments(
  database: AppDatabase,
  viewer: Who,
  postId: string,
): Promise<Comment[]> {
  await requireVisiblePost(database, viewer?.id ?? null, postId);
  return readComments(database, viewer, { postId });
}

/**
 * How many threads a discussion shows at first, and how many more each step back adds: a
 * discussion can run to thousands of comments, and a phone on weak Wi-Fi waits for, and lays
 * out, every one it is sent.
 */
export const THREADS_AT_A_TIME = 20;

/**
 * A window of a post's discussion: the latest threads, or every thread from `fromCursor` on,
 * which is the window a reader has open with what arrived since (from the next thread on when
 * that one was deleted). Says how many comments lie in earlier threads, and where the next
 * step back starts.
 */
export async function listCommentThreads(
  database: AppDatabase,
  viewer: Who,
  postId: string,
  fromCursor: string | undefined,
): Promise<CommentThreads> {
  const { commentCount } = await requireVisiblePost(database, viewer?.id ?? null, postId);
  const from = decodeKeyset(fromCursor);
  const window: ThreadWindow = from ? { from } : { latest: THREADS_AT_A_TIME };
  const comments = await readComments(database, viewer, { postId, threads: window });
  // Top-level comments are in time order among themselves, so the first one is the oldest.
  const oldest = comments.find((comment) => comment.parentId === null);
  const before = oldest ? { createdAt: oldest.createdAt, id: oldest.id } : from;
  const starts = before
    ? await listThreadStartsBefore(database.db, postId, before, THREADS_AT_A_TIME)
    : [];
  const furthest = starts.at(-1);
  return {
    comments,
    from: before ? encodeKeyset({ created_at: before.createdAt, id: before.id }) : null,
    // The window holds every thread from its oldest on, so every other comment of the post is
    // in an earlier thread. The count was read just before the window: a comment written
    // between them is not in it, so the earlier threads found count at least one each.
    earlier: furthest
      ? {
          comments: Math.max(starts.length, commentCount - comments.length),
          from: encodeKeyset({ created_at: Number(furthest.created_at), id: furthest.id }),
        }
      : null,
  };
}

async function readComments(
  database: AppDatabase,
  viewer: Who,
  where: WhichComments,
): Promise<Comment[]> {
  const rows = await listCommentRows(database.db, viewer?.id ?? null, where);
  const mentions = rows.length === 0 ? [] : await listCommentMentions(database.db, where);
  const mentionsOf = new Map<string, Comment['mentions']>();
  for (const { comment_id, id, role, name } of mentions) {
    const ofComment = mentionsOf.get(comment_id) ?? [];
    ofComment.push({ id, role, name });
    mentionsOf.set(comment_id, ofComment);
  }
  return rows.map((row) => ({
    id: row.id,
    postId: row.post_id,
    parentId: row.parent_id,
    author: {
      id: row.author_id,
      name: row.author_name,
      avatarUrl: row.author_avatar_url ?? avatarUrl(row.author_name),
    },
    text: row.text,
    mentions: mentionsOf.get(row.id) ?? [],
    likeCount: Number(row.like_count),
    likedByMe: Boolean(row.liked_by_me),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    can: commentCan(viewer, { authorId: row.author_id }),
  }));
}

/** Anyone signed in comments on a post they may see, or replies to a comment of that post. */
export async function addComment(
  database: AppDatabase,
  person: PersonRow,
  postId: string,
  input: { text: string; parentId: string | null },
): Promise<Comment> {
  const { authorId: postAuthor, audience } = await requireVisiblePost(database, person.id, postId);
  let parentAuthor: string | null = null;
  if (input.parentId) {
    const parent = await findComment(database.db, input.parentId);
    if (!parent || parent.post_id !== postId) throw new AppError('reply_elsewhere', 400);
    parentAuthor = parent.author_id;
  }
  const mentions = await mentionedIds(database.db, input.text);
  const id = randomUUID();
  const now = Date.now();
  const notified = await inTransaction(database, async (trx) => {
    await lockRow(trx, database.kind, 'posts', postId);
    await insertComment(trx, {
      id,
      postId,
      authorId: person.id,
      parentId: input.parentId,
      text: input.text,
      now,
    });
    await replaceCommentMentions(trx, postId, id, mentions, now);
    await recountComments(trx, postId);
    const told = new Set([person.id]);
    const notifications: NewNotification[] = [];
    const tell = (recipientId: string | null, type: string) => {
      if (!recipientId || told.has(recipientId)) return;
      told.add(recipientId);
      notifications.push({ recipientId, type, actorId: person.id, postId, commentId: id });
    };
    tell(parentAuthor, 'replied');
    tell(postAuthor, 'commented');
    for (const mentioned of mentions) tell(mentioned, 'mentioned');
    return insertNotifications(trx, notifications, now);
  });
  await announceNotifications(database, notified, [
    { event: { type: 'comment.created', postId, commentId: id }, audience },
  ]);
  const [comment] = await readComments(database, person, { commentId: id });
  return comment!;
}

async function requireCommentEditor(
  database: AppDatabase,
  person: PersonRow,
  commentId: string,
  action: 'edit' | 'delete',
) {
  const row = await findComment(database.db, commentId);
  if (!row) throw new AppError('comment_not_found', 404);
  // A comment under a post the person may not see is as absent as the post.
  await requireVisiblePost(database, person.id, row.post_id);
  if (!commentCan(person, { authorId: row.author_id })[action])
    throw new AppError('forbidden', 403);
  return row;
}

export async function editComment(
  database: AppDatabase,
  person: PersonRow,
  commentId: string,
  text: string,
): Promise<Comment> {
  const row = await requireCommentEditor(database, person, commentId, 'edit');
  const mentions = await mentionedIds(database.db, text);
  const now = Date.now();
  await inTransaction(database, async (trx) => {
    await updateCommentText(trx, commentId, text, now);
    await replaceCommentMentions(trx, row.post_id, commentId, mentions, now);
  });
  await database.events.publish(
    { type: 'comment.updated', postId: row.post_id, commentId },
    { kind: 'post', postId: row.post_id },
  );
  const [comment] = await readComments(database, person, { commentId });
  return comment!;
}

/** Deleting a comment deletes its replies with it. */
export async function deleteComment(database: AppDatabase, person: PersonRow, commentId: string) {
  const row = await requireCommentEditor(database, person, commentId, 'delete');
  await inTransaction(database, async (trx) => {
    await lockRow(trx, database.kind, 'posts', row.post_id);
    await deleteCommentRow(trx, commentId);
    await recountComments(trx, row.post_id);
  });
  await database.events.publish(
    { type: 'comment.deleted', postId: row.post_id, commentId },
    { kind: 'post', postId: row.post_id },
  );
}

export async function setCommentLike(
  database: AppDatabase,
  person: PersonRow,
  commentId: string,
  liked: boolean,
) {
  const row = await findComment(database.db, commentId);
  if (!row) throw new AppError('comment_not_found', 404);
  const { audience } = await requireVisiblePost(database, person.id, row.post_id);
  const { likeCount } = await writeLike(database, {
    target: 'comments',
    id: commentId,
    personId: person.id,
    liked,
    now: Date.now(),
  });
  await database.events.publish(
    { type: 'comment.liked', postId: row.post_id, commentId, actorId: person.id },
    audience,
  );
  return { liked, likeCount };
}
