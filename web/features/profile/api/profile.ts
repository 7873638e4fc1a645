import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackList, PrivacySettings, Profile, ProfileInput } from '#shared/schemas/profile';
import { apiRequest } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';

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

/**
 * A student agrees, or no longer agrees, that her work may be shown publicly. The switch shows
 * the server's answer; a failure leaves it as it was and says so.
 */
export function useShowcaseConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: boolean) =>
      apiRequest<Profile>('/me/showcase-consent', { method: 'PUT', body: { consent } }),
    onSuccess: (saved) => queryClient.setQueryData(profileQueryKey, saved),
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

export function useMyFeedback() {
  return useQuery({
    queryKey: feedbackQueryKey,
    queryFn: ({ signal }) => apiRequest<FeedbackList>('/me/feedback', { signal }),
  });
}

export const sendFeedback = (text: string) =>
  apiRequest<FeedbackList>('/feedback', { method: 'POST', body: { text } });
