import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me, MePerson, Ok, PublicConfig } from '#shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client.ts';
import { readLocal, writeLocal } from '../../../lib/local-store.ts';
import { clearMediaCache } from '../../../lib/media-cache.ts';

export const meQueryKey = ['me'] as const;
export const publicConfigQueryKey = ['public-config'] as const;

const MEMBER_HINT_KEY = 'hv.member';

/**
 * Whether this device was signed in as a member when the server last said: a hint, never a
 * permission, that lets the app fetch a member's first screen alongside asking who this is.
 */
export const memberHint = {
  isSet: () => readLocal(MEMBER_HINT_KEY) === '1',
  set: (member: boolean) => writeLocal(MEMBER_HINT_KEY, member ? '1' : '0'),
};

const fetchMe = async ({ signal }: { signal?: AbortSignal }) => {
  const me = await apiRequest<Me>('/me', signal ? { signal } : {});
  memberHint.set(me.state === 'member');
  return me;
};

/** Who this browser is signed in as; the guard and the navigation read it. */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });
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

export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => apiRequest<PublicConfig>('/public-config', { signal }),
    staleTime: 60_000,
  });
}

const GUEST_KEY = 'hv.guest';

/** Guest browsing is a choice of this browser tab (spec: "set in the session"). */
export const guestSession = {
  isOn: () => sessionStorage.getItem(GUEST_KEY) === '1',
  start: () => sessionStorage.setItem(GUEST_KEY, '1'),
  end: () => sessionStorage.removeItem(GUEST_KEY),
};

const EMAIL_KEY = 'hv.emailForSignIn';

/** The address a sign-in link was sent to from this browser (the spec's stored e-mail). */
export const storedSignInEmail = {
  get: () => localStorage.getItem(EMAIL_KEY),
  set: (email: string) => localStorage.setItem(EMAIL_KEY, email),
  clear: () => localStorage.removeItem(EMAIL_KEY),
};

export async function signOut(): Promise<void> {
  guestSession.end();
  memberHint.set(false);
  // While still signed in: the server forgets this device's push subscription. Loaded only
  // now, so the login screen does not carry push's code.
  const { forgetPushOnThisDevice } = await import('../../push/push.ts');
  await forgetPushOnThisDevice();
  await apiRequest<unknown>('/auth/sign-out', { method: 'POST', body: {} }).catch(() => {});
  await clearMediaCache();
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

export function sendSignInLink(email: string) {
  return apiRequest<Ok>('/sign-in/email-link', { method: 'POST', body: { email } });
}

export function redeemSignInLink(token: string, email: string) {
  return apiRequest<Ok>('/sign-in/email-link/redeem', { method: 'POST', body: { token, email } });
}

export function requestPasswordReset(email: string) {
  return apiRequest<Ok>('/sign-in/password-reset', { method: 'POST', body: { email } });
}

export function setNewPassword(token: string, newPassword: string) {
  return apiRequest<unknown>('/auth/reset-password', {
    method: 'POST',
    body: { token, newPassword },
  });
}

export function signInWithPassword(email: string, password: string) {
  return apiRequest<unknown>('/auth/sign-in/email', { method: 'POST', body: { email, password } });
}

export function changeEmail(newEmail: string) {
  return apiRequest<unknown>('/auth/change-email', {
    method: 'POST',
    body: { newEmail, callbackURL: '/#/profile?emailChanged=1' },
  });
}

/** Starts Google sign-in: better-auth answers with the provider's address to go to. */
export async function startGoogleSignIn(): Promise<void> {
  const { url } = await apiRequest<{ url: string }>('/auth/sign-in/social', {
    method: 'POST',
    body: {
      provider: 'google',
      callbackURL: '/#/activity',
      errorCallbackURL: '/#/login?error=google',
    },
  });
  window.location.assign(url);
}
