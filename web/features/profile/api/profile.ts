import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PostPage } from '#shared/schemas/posts';
import {
  FeedbackList,
  type PrivacySettings,
  Profile,
  type ProfileInput,
} from '#shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client.ts';

export const profileQueryKey = ['me', 'profile'] as const;
export const feedbackQueryKey = ['me', 'feedback'] as const;

export function useProfile(enabled = true) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => apiRequest('/me/profile', { signal, schema: Profile }),
    enabled,
  });
}

export const saveProfile = (input: ProfileInput) =>
  apiRequest('/me/profile', { method: 'PUT', body: input, schema: Profile });

export const savePrivacy = (settings: PrivacySettings) =>
  apiRequest('/me/privacy', { method: 'PUT', body: settings, schema: Profile });

export function useBookmarks() {
  return useInfiniteQuery({
    queryKey: ['me', 'bookmarks'],
    initialPageParam: null as string | null,
    queryFn: ({ signal, pageParam }) =>
      apiRequest(`/me/bookmarks${pageParam ? `?cursor=${pageParam}` : ''}`, {
        signal,
        schema: PostPage,
      }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useMyFeedback() {
  return useQuery({
    queryKey: feedbackQueryKey,
    queryFn: ({ signal }) => apiRequest('/me/feedback', { signal, schema: FeedbackList }),
  });
}

export const sendFeedback = (text: string) =>
  apiRequest('/feedback', { method: 'POST', body: { text }, schema: FeedbackList });
