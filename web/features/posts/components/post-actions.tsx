import { Bookmark, Heart, MessageCircle, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Post } from '#shared/schemas/posts';
import { useToast } from '../../../components/overlays/toast.tsx';
import { MenuStandIn } from '../../../components/ui/action-menu.tsx';
import { academy } from '../../../lib/academy.ts';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module.ts';
import { shareLink } from '../../../lib/share-link.ts';
import { t } from '../../../lib/text.ts';
import { useMember } from '../../accounts/index.ts';
import { usePostBookmark, usePostLike } from '../api/posts.ts';
import { menuTriggerClass } from './form-classes.ts';

const action =
  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm text-stone-600 hover:bg-stone-100 disabled:opacity-50';

/**
 * Like, comment, save and share. Likes and saves show at once and are undone if the server
 * refuses; guests see the counts, and a tap on ♥ tells them to sign in.
 */
export function PostActions({ post }: { post: Post }) {
  const member = useMember();
  const { showToast } = useToast();

  const like = usePostLike(post);
  const bookmark = usePostBookmark(post);

  const share = async () => {
    const url = `${location.origin}/#/posts/${post.id}`;
    const outcome = await shareLink(url, t('posts.shareTitle', { academy: academy().name }));
    if (outcome === 'copied') showToast(t('posts.linkCopied'), 'success');
    if (outcome === 'failed') showToast(t('sharing.copyFailed', { url }), 'error');
  };

  return (
    <footer className="-mx-2 flex items-center gap-1">
      <button
        type="button"
        className={action}
        aria-pressed={post.likedByMe}
        // A guest's tap says how to like, rather than doing nothing.
        onClick={() =>
          member ? like.mutate(!post.likedByMe) : showToast(t('guestHint.like'), 'info')
        }
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
          onClick={() => bookmark.mutate(!post.bookmarkedByMe)}
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

const postMenuModule = lazyModule(() => import('./post-menu.tsx'));

/** Edit and delete, when the server says the viewer may (the post's `can`). */
export function PostMenu({ post }: { post: Post }) {
  if (!post.can.edit && !post.can.delete) return null;
  return <PostMenuButton post={post} />;
}

/**
 * The menu's code (React Aria's menu, popover and dialogs) is not part of the feed: a button that
 * looks the same stands in, and pressing it fetches the menu and opens it.
 */
function PostMenuButton({ post }: { post: Post }) {
  const { module, load, warm } = useLazyModule(postMenuModule);
  if (module) return <module.PostMenuPopover post={post} />;
  return (
    <MenuStandIn
      label={t('posts.menu')}
      icon="horizontal"
      className={menuTriggerClass}
      onWarm={warm}
      onPress={load}
    />
  );
}
