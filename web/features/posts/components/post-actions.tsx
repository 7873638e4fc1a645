import { useQueryClient } from '@tanstack/react-query';
import { Bookmark, Heart, MessageCircle, MoreHorizontal, Share2 } from 'lucide-react';
import { useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Post } from '#shared/schemas/posts';
import { useToast } from '../../../components/overlays/toast.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { failureMessage } from '../../../lib/api-client.ts';
import { useMember } from '../../accounts/api/session.ts';
import {
  deletePost,
  patchCachedPost,
  postsQueryKey,
  setPostBookmark,
  setPostLike,
} from '../api/posts.ts';
import { LazyPostFormDialog } from './lazy-post-form-dialog.tsx';

const action =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm text-stone-600 hover:bg-stone-100 disabled:opacity-50';

/**
 * Like, comment, save and share. Likes and saves show at once and are undone if the server
 * refuses; guests see the counts only.
 */
export function PostActions({ post }: { post: Post }) {
  const { t } = useTranslation();
  const member = useMember();
  const { showToast } = useToast();
  const queryClient = useQueryClient();

  const toggle = async (kind: 'like' | 'bookmark') => {
    // A refetch already on its way would bring back the old state over the optimistic one.
    await queryClient.cancelQueries({ predicate: (query) => query.queryKey.includes('posts') });
    const undo =
      kind === 'like'
        ? patchCachedPost(queryClient, post.id, {
            likedByMe: !post.likedByMe,
            likeCount: post.likeCount + (post.likedByMe ? -1 : 1),
          })
        : patchCachedPost(queryClient, post.id, { bookmarkedByMe: !post.bookmarkedByMe });
    try {
      if (kind === 'like') {
        const state = await setPostLike(post.id, !post.likedByMe);
        patchCachedPost(queryClient, post.id, {
          likedByMe: state.liked,
          likeCount: state.likeCount,
        });
      } else {
        await setPostBookmark(post.id, !post.bookmarkedByMe);
        void queryClient.invalidateQueries({ queryKey: ['me', 'bookmarks'] });
      }
    } catch (failure) {
      undo();
      showToast(failureMessage(t('toasts.updateFailed'), failure), 'error');
    }
  };

  const share = async () => {
    const url = `${location.origin}/#/posts/${post.id}`;
    if (navigator.share) {
      try {
        await navigator.share({ title: t('posts.shareTitle'), url });
      } catch {
        // Closing the share sheet is not a failure.
      }
      return;
    }
    await navigator.clipboard.writeText(url);
    showToast(t('posts.linkCopied'), 'success');
  };

  return (
    <footer className="-mx-2 flex items-center gap-1">
      <button
        type="button"
        className={action}
        aria-pressed={post.likedByMe}
        disabled={!member}
        onClick={() => void toggle('like')}
      >
        <Heart
          className={`size-5 ${post.likedByMe ? 'fill-accent-600 text-accent-600' : ''}`}
          aria-hidden="true"
        />
        <span aria-hidden="true">{post.likeCount}</span>
        <span className="sr-only">
          {t('posts.like')}, {t('posts.likes', { count: post.likeCount })}
        </span>
      </button>
      <Link to={`/posts/${post.id}`} className={action}>
        <MessageCircle className="size-5" aria-hidden="true" />
        <span aria-hidden="true">{post.commentCount}</span>
        <span className="sr-only">
          {t('posts.comment')}, {t('posts.comments', { count: post.commentCount })}
        </span>
      </Link>
      {member ? (
        <button
          type="button"
          className={action}
          aria-pressed={post.bookmarkedByMe}
          aria-label={t('posts.bookmark')}
          onClick={() => void toggle('bookmark')}
        >
          <Bookmark
            className={`size-5 ${post.bookmarkedByMe ? 'fill-amber-400 text-amber-500' : ''}`}
            aria-hidden="true"
          />
        </button>
      ) : null}
      <button
        type="button"
        className={`${action} ml-auto`}
        aria-label={t('posts.share')}
        onClick={() => void share()}
      >
        <Share2 className="size-5" aria-hidden="true" />
      </button>
    </footer>
  );
}

/** Edit and delete, for the post's author and for admins. */
export function PostMenu({ post }: { post: Post }) {
  const { t } = useTranslation();
  const member = useMember();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!member || (member.id !== post.author.id && member.role !== 'admin')) return null;

  const remove = async () => {
    setBusy(true);
    try {
      await deletePost(post.id);
      showToast(t('posts.deleted'), 'success');
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: postsQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['courses'] });
      if (location.hash.startsWith(`#/posts/${post.id}`)) navigate('/activity');
    } catch (failure) {
      showToast(failureMessage(t('toasts.deleteFailed'), failure), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <MenuTrigger>
        <AriaButton
          aria-label={t('posts.menu')}
          className="-mt-1 -mr-2 grid size-11 shrink-0 place-items-center rounded-full text-stone-500 outline-none hover:bg-stone-100 data-[focus-visible]:ring-2 data-[focus-visible]:ring-accent-300"
        >
          <MoreHorizontal className="size-5" aria-hidden="true" />
        </AriaButton>
        <Popover
          placement="bottom end"
          className="min-w-40 rounded-2xl bg-white p-1.5 shadow-xl ring-1 ring-stone-200"
        >
          <Menu
            onAction={(key) => (key === 'edit' ? setEditing(true) : setConfirming(true))}
            className="outline-none"
          >
            <MenuItem
              id="edit"
              className="flex min-h-11 cursor-pointer items-center rounded-xl px-3 text-[15px] text-stone-800 outline-none data-[focused]:bg-stone-100"
            >
              {t('posts.edit')}
            </MenuItem>
            <MenuItem
              id="delete"
              className="flex min-h-11 cursor-pointer items-center rounded-xl px-3 text-[15px] text-red-700 outline-none data-[focused]:bg-stone-100"
            >
              {t('posts.delete')}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {editing ? <LazyPostFormDialog post={post} isOpen onOpenChange={setEditing} /> : null}
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t('posts.confirmDelete')}
        body={t('posts.confirmDeleteBody')}
        confirmLabel={t('posts.delete')}
        cancelLabel={t('posts.cancel')}
        busy={busy}
        onConfirm={() => void remove()}
      />
    </>
  );
}
