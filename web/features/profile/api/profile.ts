import { useQuery } from '@tanstack/react-query';
import type { FeedbackList, PrivacySettings, Profile, ProfileInput } from '#shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client.ts';

export const profileQueryKey = ['me', 'profile'] as const;
export const feedbackQueryKey = ['me', 'feedback'] as const;

export function useProfile(enabled = true) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => apiRequest<Profile>('/me/profile', { signal }),
    enabled,
  });
}

export const saveProfile = (input: ProfileInput) =>
  apiRequest<Profile>('/me/profile', { method: 'PUT', body: input });

export const savePrivacy = (settings: PrivacySettings) =>
  apiRequest<Profile>('/me/privacy', { method: 'PUT', body: settings });

export function useMyFeedback() {
  return useQuery({
    queryKey: feedbackQueryKey,
    queryFn: ({ signal }) => apiRequest<FeedbackList>('/me/feedback', { signal }),
  });
}

export const sendFeedback = (text: string) =>
  apiRequest<FeedbackList>('/feedback', { method: 'POST', body: { text } });
