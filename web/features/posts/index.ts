// What other features may use of posts; the rest is its own (biome.json enforces it).
export {
  bookmarksQueryKey,
  commentsQueryKey,
  patchCachedPost,
  postQueryKey,
  postsQueryKey,
  useBookmarks,
} from './api/posts.ts';
export { PostList } from './components/post-list.tsx';
export {
  useWaitingPosts,
  WaitingBeforeSignOut,
} from './components/waiting-before-sign-out.tsx';
export { useOutboxSender } from './outbox/use-outbox.ts';
