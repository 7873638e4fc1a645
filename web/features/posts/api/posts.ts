import {
  hashKey,
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  Comment,
  CommentThreads,
  FeedFilters,
  LikeState,
  Post,
  PostInput,
  PostPage,
} from '#shared/schemas/posts';
import { ApiError, answer, api } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';
import { coursesQueryKey } from '../../courses/index.ts';
import { studentsQueryKey } from '../../students/index.ts';

export const postsQueryKey = ['posts'] as const;
export const postQueryKey = (id: string) => ['posts', 'one', id] as const;
export const commentsQueryKey = (id: string) => [...postQueryKey(id), 'comments'] as const;
export const bookmarksQueryKey = ['me', 'bookmarks'] as const;
export const mentionCandidatesQueryKey = ['mention-candidates'] as const;

/** The feed, newest first, 10 posts a page, for the chosen filters. */
const feedQuery = (filters: FeedFilters) =>
  infiniteQueryOptions({
    queryKey: [...postsQueryKey, 'feed', filters],
    meta: { holds: 'post-pages' },
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      answer(
        api.GET('/posts', {
          // A filter left empty is not sent.
          params: {
            query: {
              q: filters.q || undefined,
              courseId: filters.courseId || undefined,
              studentId: filters.studentId || undefined,
              kind: filters.kind,
              bookmarked: filters.bookmarked,
              cursor: pageParam ?? undefined,
            },
          },
          signal,
        }),
      ),
    getNextPageParam: (page) => page.nextCursor,
  });

export function useFeed(filters: FeedFilters) {
  return useInfiniteQuery(feedQuery(filters));
}

/** Starts loading the feed's first page before its screen renders (errors wait for the screen). */
export function prefetchFeed(queryClient: QueryClient, filters: FeedFilters): void {
  void queryClient.prefetchInfiniteQuery(feedQuery(filters));
}

export function usePost(id: string) {
  return useQuery({
    queryKey: postQueryKey(id),
    meta: { holds: 'post' },
    queryFn: ({ signal }) =>
      answer(api.GET('/posts/{postId}', { params: { path: { postId: id } }, signal })),
  });
}

/**
 * A post's discussion, a window of its threads: the latest ones at first. Asked again (a comment
 * written, one arriving live), it is asked from its oldest thread on, so that what arrives never
 * pushes out what she is reading; `useEarlierComments` moves that oldest thread back.
 */
export function useComments(postId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: commentsQueryKey(postId),
    queryFn: async ({ signal }): Promise<CommentThreads> => {
      const from = queryClient.getQueryData<CommentThreads>(commentsQueryKey(postId))?.from;
      try {
        return await answer(
          api.GET('/posts/{postId}/comment-threads', {
            params: { path: { postId }, query: { from: from ?? undefined } },
            signal,
          }),
        );
      } catch (failure) {
        // A server of 0.5.0, beside a newer one while a chain upgrades machine by machine, has
        // no windows: the discussion comes whole, as 0.5.0's app read it.
        if (!(failure instanceof ApiError && failure.code === 'route_not_found')) throw failure;
        const whole = await answer(
          api.GET('/posts/{postId}/comments', { params: { path: { postId } }, signal }),
        );
        return { comments: whole.comments, from: null, earlier: null };
      }
    },
  });
}

/**
 * The steps of a discussion's window: `showEarlier` adds the threads before it (as many as the
 * server gives a step), keeping what is shown until they come; `forget` sends the window back to
 * the latest threads for the next time the discussion is read (she has left it).
 */
export function useEarlierComments(postId: string) {
  const queryClient = useQueryClient();
  return useMemo(() => {
    const key = commentsQueryKey(postId);
    const moveFrom = (pick: (held: CommentThreads) => string | null) => {
      const held = queryClient.getQueryData<CommentThreads>(key);
      if (held) queryClient.setQueryData<CommentThreads>(key, { ...held, from: pick(held) });
      return held !== undefined;
    };
    return {
      showEarlier: () => {
        if (moveFrom((held) => held.earlier?.from ?? held.from))
          void queryClient.refetchQueries({ queryKey: key, exact: true });
      },
      forget: () => {
        if (moveFrom(() => null))
          void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
      },
    };
  }, [queryClient, postId]);
}

/** My saved posts, newest saved first. */
export function useBookmarks() {
  return useInfiniteQuery({
    queryKey: bookmarksQueryKey,
    meta: { holds: 'post-pages' },
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      answer(
        api.GET('/me/bookmarks', { params: { query: { cursor: pageParam ?? undefined } }, signal }),
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useMentionCandidates(typed: string | null) {
  return useQuery({
    queryKey: [...mentionCandidatesQueryKey, typed],
    queryFn: ({ signal }) =>
      answer(api.GET('/mention-candidates', { params: { query: { q: typed ?? '' } }, signal })),
    enabled: typed !== null,
    staleTime: 30_000,
  });
}

export const updatePost = (postId: string, input: PostInput) =>
  answer(api.PUT('/posts/{postId}', { params: { path: { postId } }, body: input }));
export const deletePost = (postId: string) =>
  answer(api.DELETE('/posts/{postId}', { params: { path: { postId } } }));
/**
 * Saves an edited post: its page shows the server's answer, the feeds follow before the form
 * closes, and a course's activity and a student's page after.
 */
export function useUpdatePost(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostInput) => updatePost(postId, input),
    onSuccess: async (saved) => {
      queryClient.setQueryData(postQueryKey(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: postsQueryKey });
      void queryClient.invalidateQueries({ queryKey: coursesQueryKey });
      void queryClient.invalidateQueries({ queryKey: studentsQueryKey });
    },
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

/** Deletes a post: the feeds follow, and a course's activity and counts, which include it. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => deletePost(postId),
    // Not waited for: the person is told at once, while the lists load again.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
      void queryClient.invalidateQueries({ queryKey: coursesQueryKey });
    },
    meta: { errorToast: t('toasts.deleteFailed') },
  });
}
export const setPostLike = (postId: string, liked: boolean) =>
  answer(api.PUT('/posts/{postId}/like', { params: { path: { postId } }, body: { liked } }));
export const setPostBookmark = (postId: string, bookmarked: boolean) =>
  answer(
    api.PUT('/posts/{postId}/bookmark', { params: { path: { postId } }, body: { bookmarked } }),
  );
export const addComment = (postId: string, text: string, parentId: string | null) =>
  answer(
    api.POST('/posts/{postId}/comments', {
      params: { path: { postId } },
      body: { text, parentId },
    }),
  );
export const editComment = (commentId: string, text: string) =>
  answer(api.PUT('/comments/{commentId}', { params: { path: { commentId } }, body: { text } }));
export const deleteComment = (commentId: string) =>
  answer(api.DELETE('/comments/{commentId}', { params: { path: { commentId } } }));
export const setCommentLike = (commentId: string, liked: boolean) =>
  answer(
    api.PUT('/comments/{commentId}/like', { params: { path: { commentId } }, body: { liked } }),
  );

const patchPage = (page: PostPage, postId: string, patch: Partial<Post>): PostPage =>
  page.posts.some((post) => post.id === postId)
    ? {
        ...page,
        posts: page.posts.map((post) => (post.id === postId ? { ...post, ...patch } : post)),
      }
    : page;

/**
 * Changes one post wherever it is cached (every query that says in `meta.holds` that it shows
 * posts: the feed, a course's activity, a person's page, bookmarks, the post page), so a like or
 * bookmark shows everywhere at once. Returns how to undo it.
 */
export function patchCachedPost(queryClient: QueryClient, postId: string, patch: Partial<Post>) {
  // A post written into the cache by hand (a saved post) has no options until its screen opens.
  const onePost = hashKey(postQueryKey(postId));
  const before: Array<[QueryKey, unknown]> = [];
  for (const query of queryClient.getQueryCache().getAll()) {
    const data = query.state.data;
    const holds = query.meta?.holds ?? (query.queryHash === onePost ? 'post' : undefined);
    if (data === undefined || holds === undefined) continue;
    let next = data;
    if (holds === 'post') {
      const post = data as Post;
      if (post.id === postId) next = { ...post, ...patch };
    } else {
      const pages = data as InfiniteData<PostPage>;
      const patched = pages.pages.map((page) => patchPage(page, postId, patch));
      if (patched.some((page, index) => page !== pages.pages[index]))
        next = { ...pages, pages: patched };
    }
    if (next === data) continue;
    before.push([query.queryKey, data]);
    queryClient.setQueryData(query.queryKey, next);
  }
  return () => {
    for (const [key, data] of before) queryClient.setQueryData(key, data);
  };
}

/** Stops reads of posts on their way, which would bring back the state before a like. */
const cancelPostReads = (queryClient: QueryClient) =>
  queryClient.cancelQueries({ predicate: (query) => query.meta?.holds !== undefined });

const updateFailed = { errorToast: t('toasts.updateFailed') };

type LikeShown = Pick<Post, 'likedByMe' | 'likeCount'>;

/**
 * A like as a person expects it, for a post or a comment: the heart and the count change at once
 * (`show`, which returns how to undo it), the server's count replaces the guess unless a later
 * tap is already on its way, and a refusal puts it back. Taps on one thing reach the server in
 * order.
 */
function useOptimisticLike({
  key,
  likeCount,
  send,
  show,
  cancelReads,
}: {
  key: string;
  likeCount: number;
  send: (liked: boolean) => Promise<LikeState>;
  show: (shown: LikeShown) => () => void;
  cancelReads: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const mutationKey = ['like', key];
  return useMutation({
    mutationKey,
    scope: { id: `like-${key}` },
    mutationFn: send,
    onMutate: async (liked) => {
      await cancelReads();
      return show({ likedByMe: liked, likeCount: likeCount + (liked ? 1 : -1) });
    },
    onSuccess: (state) => {
      // A later tap already on screen is not overwritten by this earlier answer.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      show({ likedByMe: state.liked, likeCount: state.likeCount });
    },
    onError: (_failure, _liked, undo) => undo?.(),
    meta: updateFailed,
  });
}

/** Like and unlike a post, shown at once everywhere the post shows. */
export function usePostLike(post: Post) {
  const queryClient = useQueryClient();
  return useOptimisticLike({
    key: `post-${post.id}`,
    likeCount: post.likeCount,
    send: (liked) => setPostLike(post.id, liked),
    show: (shown) => patchCachedPost(queryClient, post.id, shown),
    cancelReads: () => cancelPostReads(queryClient),
  });
}

/** Save and unsave, shown at once and put back if the server refuses. */
export function usePostBookmark(post: Post) {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: `post-bookmark-${post.id}` },
    mutationFn: (bookmarked: boolean) => setPostBookmark(post.id, bookmarked),
    onMutate: async (bookmarked) => {
      await cancelPostReads(queryClient);
      return patchCachedPost(queryClient, post.id, { bookmarkedByMe: bookmarked });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookmarksQueryKey }),
    onError: (_failure, _bookmarked, undo) => undo?.(),
    meta: updateFailed,
  });
}

/** A comment written, edited or deleted: its thread and the post's comment count are read again. */
const rereadThread = (queryClient: QueryClient, postId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: commentsQueryKey(postId) }),
    queryClient.invalidateQueries({ queryKey: postQueryKey(postId), exact: true }),
  ]);

/** Writes a comment or a reply on a post. */
export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ text, parentId }: { text: string; parentId: string | null }) =>
      addComment(postId, text, parentId),
    onSuccess: () => rereadThread(queryClient, postId),
    meta: updateFailed,
  });
}

/** Changes one comment in its cached thread; returns how to undo it. */
function patchCachedComment(
  queryClient: QueryClient,
  comment: Comment,
  patch: Partial<Comment>,
): () => void {
  const key = commentsQueryKey(comment.postId);
  const before = queryClient.getQueryData<CommentThreads>(key);
  if (before)
    queryClient.setQueryData<CommentThreads>(key, {
      ...before,
      comments: before.comments.map((item) =>
        item.id === comment.id ? { ...item, ...patch } : item,
      ),
    });
  return () => queryClient.setQueryData(key, before);
}

/** Editing, deleting and liking one comment (the like shows at once, as a post's does). */
export function useCommentChanges(comment: Comment) {
  const queryClient = useQueryClient();
  const reread = () => rereadThread(queryClient, comment.postId);
  return {
    edit: useMutation({
      mutationFn: (text: string) => editComment(comment.id, text),
      onSuccess: reread,
      meta: { errorToast: t('toasts.updateCommentFailed') },
    }),
    remove: useMutation({
      mutationFn: () => deleteComment(comment.id),
      onSuccess: reread,
      meta: { errorToast: t('toasts.deleteCommentFailed') },
    }),
    like: useOptimisticLike({
      key: `comment-${comment.id}`,
      likeCount: comment.likeCount,
      send: (liked) => setCommentLike(comment.id, liked),
      show: (shown) => patchCachedComment(queryClient, comment, shown),
      cancelReads: () => queryClient.cancelQueries({ queryKey: commentsQueryKey(comment.postId) }),
    }),
  };
}
