import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrivacySettings, ProfileData } from '#shared/schemas/profile';
import { answer, api } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';
import { meQueryKey } from '../../accounts/index.ts';

export const profileQueryKey = ['me', 'profile'] as const;
export const feedbackQueryKey = ['me', 'feedback'] as const;

export function useProfile(enabled = true) {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => answer(api.GET('/me/profile', { signal })),
    enabled,
  });
}

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

/** My details as the shared schema made them; the signed-in person's name and photo follow. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileData) => answer(api.PUT('/me/profile', { body: input })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileQueryKey, saved);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

/** One of an instructor's privacy switches, sent with the others as they are. */
export function useSavePrivacy(current: PrivacySettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<PrivacySettings>) =>
      answer(api.PUT('/me/privacy', { body: { ...current, ...patch } })),
    onSuccess: (saved) => queryClient.setQueryData(profileQueryKey, saved),
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

/** Sends feedback to the admins; the list of what I sent shows it. */
export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => answer(api.POST('/feedback', { body: { text } })),
    onSuccess: (list) => queryClient.setQueryData(feedbackQueryKey, list),
    meta: { errorToast: t('toasts.updateFailed') },
  });
}
