import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTHING_ALLOWED } from '#shared/nothing-allowed';
import type { Me, MeCan, MePerson, Onboarding } from '#shared/schemas/accounts';
import { answer, api } from '../../../lib/api-client.ts';
import { t } from '../../../lib/shell-text.ts';
import {
  changeEmail,
  fetchMe,
  fetchPublicConfig,
  requestPasswordReset,
  signOut,
} from './session.ts';

export const meQueryKey = ['me'] as const;
export const publicConfigQueryKey = ['public-config'] as const;

const meQuery = { queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 };

/** Who this browser is signed in as; the guard and the navigation read it. */
export function useMe() {
  return useQuery(meQuery);
}

/**
 * Starts asking who this is before the signed-in layout renders, so that its guard has the
 * answer on its first render rather than a render later (errors wait for the guard).
 */
export function prefetchMe(queryClient: QueryClient): void {
  void queryClient.prefetchQuery(meQuery);
}

/**
 * Asks the server again who this is, after signing in or out, and waits for the answer, so the
 * guard never acts on the answer from before.
 */
export function refreshMe(queryClient: QueryClient): Promise<Me> {
  return queryClient.fetchQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 0 });
}

/** The signed-in member, for screens that only members reach. */
export function useMember(): MePerson | null {
  const { data } = useMe();
  return data?.state === 'member' ? data.person : null;
}

/**
 * What the server says this member may do across the app (its policies, `me.can`); screens
 * show actions from it, never from the person's role.
 */
export function useCan(): MeCan {
  const { data } = useMe();
  return data?.state === 'member' || data?.state === 'anonymous' ? data.can : NOTHING_ALLOWED;
}

export function usePublicConfig({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: fetchPublicConfig,
    staleTime: 60_000,
    enabled,
  });
}

/** Signs out and forgets everything cached for the person. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.clear();
    },
  });
}

/**
 * A new person makes her profile; the app learns at once who she now is. Its failure is the
 * onboarding screen's to say: she has no profile to name in a toast yet.
 */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Onboarding) => answer(api.POST('/onboarding', { body: values })),
    onSuccess: (result) => queryClient.setQueryData(meQueryKey, result),
  });
}

/** Built-in uploads are named by their id; Cloudinary's by their address. */
export interface UploadedAvatar {
  secure_url: string;
  public_id: string;
}

/** Her new profile photo; every place that shows her follows. */
export function useSaveAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (result: UploadedAvatar) =>
      answer(
        api.PUT('/me/avatar', {
          body: result.secure_url.startsWith('/media/')
            ? { mediaId: result.public_id }
            : { url: result.secure_url },
        }),
      ),
    onSuccess: (saved) => queryClient.setQueryData(meQueryKey, saved),
    meta: { errorToast: t('toasts.updateFailed') },
  });
}

/** Sends a verification link to the new address; its failure is said beside the field. */
export function useChangeEmail() {
  return useMutation({ mutationFn: (email: string) => changeEmail(email) });
}

/** Sends a link to set a new password; its failure says the server's reason. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}
