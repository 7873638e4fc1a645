import type { Me, PublicConfig } from '#shared/schemas/accounts';
import { setAcademy } from '../../../lib/academy.ts';
import {
  answer,
  api,
  apiErrorOf,
  authRequest,
  settlePendingSignOut,
} from '../../../lib/api-client.ts';
import { actingPerson, memberHint, pendingSignOut } from '../../../lib/device-session.ts';
import { dropEarlyReads } from '../../../lib/early-reads.ts';
import { clearMediaCache } from '../../../lib/media-cache.ts';
import { clearSharedPhotos } from '../../../lib/shared-photos.ts';

/** Which member this device was signed in as when the server last said (a hint, lib/device-session.ts). */
export { memberHint };

/** Who this browser is signed in as, asked of the server (me.ts keeps the answer for the app). */
export async function fetchMe({ signal }: { signal?: AbortSignal }): Promise<Me> {
  const me = await answer(api.GET('/me', { signal }));
  const member = me.state === 'member' ? me.person.id : null;
  memberHint.set(member);
  actingPerson.set(member);
  return me;
}

/** What the academy allows before sign-in: Google, guest browsing, student access. */
export async function fetchPublicConfig({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<PublicConfig> {
  const config = await answer(api.GET('/public-config', { signal }));
  // How the academy names itself comes with it: the whole app shows it from here on.
  setAcademy(config.academy);
  return config;
}

/*
 * The login screen asks who this is without the query cache, which it does not load. Before it
 * sends the person on, the app's cached answer is brought up to date, so that the guard never
 * acts on an answer from before (a pending person approved meanwhile would be signed out).
 */
const appCache = () =>
  Promise.all([import('./me.ts'), import('../../../lib/query-client.ts')]).then(
    ([me, { queryClient }]) => ({ ...me, queryClient }),
  );

/** After signing in: asks again who this is for the app's cache, and waits for the answer. */
export async function refreshMeAfterSignIn(): Promise<void> {
  const { refreshMe, queryClient } = await appCache();
  await refreshMe(queryClient);
}

/** Gives the app's cache the answer the login screen got, before it sends a member on. */
export async function shareMeWithApp(me: Me): Promise<void> {
  const { meQueryKey, queryClient } = await appCache();
  queryClient.setQueryData(meQueryKey, me);
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

/**
 * Signs out: a promise kept even without a signal. From the first moment the app acts for no
 * one and shows nothing of the person; the server's sign-out is kept on the device until it is
 * carried out, before any other request (`settlePendingSignOut`), so the session cannot outlive
 * a sign-out made offline.
 */
export async function signOut(): Promise<void> {
  const personId = actingPerson.get();
  // Answers the page asked for before the app ran are hers: never the next person's.
  dropEarlyReads();
  guestSession.end();
  memberHint.set(null);
  // While still signed in: the server forgets this device's push subscription. Loaded only
  // now, so the login screen does not carry push's code.
  const { forgetPushOnThisDevice } = await import('../../push/index.ts');
  await forgetPushOnThisDevice();
  actingPerson.set(null);
  await pendingSignOut.keep(personId ?? '');
  await settlePendingSignOut().catch(() => {});
  await clearMediaCache();
  await clearSharedPhotos();
}

export function sendSignInLink(email: string) {
  return answer(api.POST('/sign-in/email-link', { body: { email } }));
}

export function redeemSignInLink(token: string, email: string) {
  return answer(api.POST('/sign-in/email-link/redeem', { body: { token, email } }));
}

export function requestPasswordReset(email: string) {
  return answer(api.POST('/sign-in/password-reset', { body: { email } }));
}

export function setNewPassword(token: string, newPassword: string) {
  return authRequest('/auth/reset-password', { token, newPassword });
}

export function signInWithPassword(email: string, password: string) {
  return authRequest('/auth/sign-in/email', { email, password });
}

export function changeEmail(newEmail: string) {
  return authRequest('/auth/change-email', { newEmail, callbackURL: '/#/profile?emailChanged=1' });
}

/** Starts Google sign-in: better-auth answers with the provider's address to go to. */
export async function startGoogleSignIn(): Promise<void> {
  const started = await authRequest('/auth/sign-in/social', {
    provider: 'google',
    callbackURL: '/#/activity',
    errorCallbackURL: '/#/login?error=google',
  });
  const url = (started as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string') throw apiErrorOf(502, started);
  window.location.assign(url);
}
