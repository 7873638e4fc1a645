import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrivacySettings, ProfileData } from '#shared/schemas/profile';
import { answer, api } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';

export const profileQueryKey = ['me', 'profile'] as const;
export const feedbackQueryKey = ['me', 'feedback'] as const;

export function useProfile(enabled = true) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => answer(api.GET('/me/profile', { signal })),
    enabled,
  });
}

export const saveProfile = (input: ProfileData) => answer(api.PUT('/me/profile', { body: input }));

export const savePrivacy = (settings: PrivacySettings) =>
  answer(api.PUT('/me/privacy', { body: settings }));

/**
 * A student agrees, or no longer agrees, that her work may be shown publicly. The switch shows
 * the server's answer; a failure leaves it as it was and says so.
 */
export function useShowcaseConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: boolean) =>
      answer(api.PUT('/me/showcase-consent', { body: { consent } })),
    onSuccess: (saved) => queryClient.setQueryData(profileQueryKey, saved),
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

export function useMyFeedback() {
  return useQuery({
    queryKey: feedbackQueryKey,
    queryFn: ({ signal }) => answer(api.GET('/me/feedback', { signal })),
  });
}

export const sendFeedback = (text: string) => answer(api.POST('/feedback', { body: { text } }));
