import {
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type {
  BookmarkState,
  Comment,
  CommentList,
  FeedFilters,
  LikeState,
  MentionCandidates,
  Post,
  PostInput,
  PostPage,
} from '#shared/schemas/posts';
import { apiRequest } from '../../../lib/api-client.ts';

export const postsQueryKey = ['posts'] as const;
export const postQueryKey = (id: string) => ['posts', 'one', id] as const;
export const commentsQueryKey = (id: string) => ['posts', 'one', id, 'comments'] as const;

/** The feed, newest first, 10 posts a page, for the chosen filters. */
const feedQuery = (filters: FeedFilters) =>
  infiniteQueryOptions({
    queryKey: [...postsQueryKey, 'feed', filters],
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) => {
      const query = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
      if (pageParam) query.set('cursor', pageParam);
      return apiRequest<PostPage>(`/posts${query.size > 0 ? `?${query}` : ''}`, {
        signal,
      });
    },
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
    queryFn: ({ signal }) => apiRequest<Post>(`/posts/${id}`, { signal }),
  });
}

export function useComments(postId: string, enabled = true) {
  return useQuery({
    queryKey: commentsQueryKey(postId),
    queryFn: ({ signal }) => apiRequest<CommentList>(`/posts/${postId}/comments`, { signal }),
    enabled,
  });
}

export function useMentionCandidates(typed: string | null) {
  return useQuery({
    queryKey: ['mention-candidates', typed],
    queryFn: ({ signal }) =>
      apiRequest<MentionCandidates>(`/mention-candidates?q=${encodeURIComponent(typed ?? '')}`, {
        signal,
      }),
    enabled: typed !== null,
    staleTime: 30_000,
  });
}

export const createPost = (input: PostInput) =>
  apiRequest<Post>('/posts', { method: 'POST', body: input });
export const updatePost = (id: string, input: PostInput) =>
  apiRequest<Post>(`/posts/${id}`, { method: 'PUT', body: input });
export const deletePost = (id: string) =>
  apiRequest<{ deleted: true }>(`/posts/${id}`, { method: 'DELETE' });
export const setPostLike = (id: string, liked: boolean) =>
  apiRequest<LikeState>(`/posts/${id}/like`, { method: 'PUT', body: { liked } });
export const setPostBookmark = (id: string, bookmarked: boolean) =>
  apiRequest<BookmarkState>(`/posts/${id}/bookmark`, {
    method: 'PUT',
    body: { bookmarked },
  });
export const addComment = (postId: string, text: string, parentId: string | null) =>
  apiRequest<Comment>(`/posts/${postId}/comments`, {
    method: 'POST',
    body: { text, parentId },
  });
export const editComment = (id: string, text: string) =>
  apiRequest<Comment>(`/comments/${id}`, { method: 'PUT', body: { text } });
export const deleteComment = (id: string) =>
  apiRequest<{ deleted: true }>(`/comments/${id}`, { method: 'DELETE' });
export const setCommentLike = (id: string, liked: boolean) =>
  apiRequest<LikeState>(`/comments/${id}/like`, { method: 'PUT', body: { liked } });

function patchIn(data: unknown, postId: string, patch: Partial<Post>): unknown {
  if (!data || typeof data !== 'object') return data;
  const value = data as { id?: string; kind?: string; posts?: Post[]; pages?: unknown[] };
  if (Array.isArray(value.pages))
    return { ...value, pages: value.pages.map((page) => patchIn(page, postId, patch)) };
  if (Array.isArray(value.posts))
    return {
      ...value,
      posts: value.posts.map((post) => (post.id === postId ? { ...post, ...patch } : post)),
    };
  if (value.id === postId && value.kind) return { ...value, ...patch };
  return data;
}

/**
 * Changes one post wherever it is cached (the feed, a course's activity, a person's page, the
 * post page), so a like or bookmark shows everywhere at once. Returns how to undo it.
 */
export function patchCachedPost(queryClient: QueryClient, postId: string, patch: Partial<Post>) {
  const before = queryClient.getQueriesData({});
  queryClient.setQueriesData({}, (data: unknown) => patchIn(data, postId, patch));
  return () => {
    for (const [key, data] of before) queryClient.setQueryData(key, data);
  };
}
