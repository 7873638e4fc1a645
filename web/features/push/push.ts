import { useEffect, useState } from 'react';
import { useToast } from '../../components/overlays/toast.tsx';
import { answer, api } from '../../lib/api-client.ts';
import { t } from '../../lib/text.ts';
import { handSubscription, pushPublicKey } from './push-subscription.ts';

/** The spec's push token refresh: a subscription is handed to the server again after 7 days. */
export const REFRESH_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const HANDED_PREFIX = 'hv.push.refreshed.';
const handedKey = (personId: string) => `${HANDED_PREFIX}${personId}`;

/** What this device last handed the server for a person: when, and which subscription. */
interface Handed {
  at: number;
  endpoint: string;
}

function handedFor(personId: string): Handed | null {
  try {
    const kept = JSON.parse(localStorage.getItem(handedKey(personId)) ?? 'null') as Handed | null;
    return typeof kept?.at === 'number' && typeof kept.endpoint === 'string' ? kept : null;
  } catch {
    return null;
  }
}

/**
 * Whether the device's subscription must be handed to the server (again): there is none (a
 * sign-out removed it), the server was never given this one for this person, or 7 days passed.
 */
export function mustHandOver(handed: Handed | null, endpoint: string | null, now: number): boolean {
  return (
    endpoint === null ||
    handed === null ||
    handed.endpoint !== endpoint ||
    now - handed.at >= REFRESH_AFTER_MS
  );
}

/** Forgets what was handed for anyone: after a sign-out, the next sign-in hands it again. */
export function forgetHandedSubscriptions(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(HANDED_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage refused (private browsing): nothing was kept either.
  }
}

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Subscribes this device (or takes its existing subscription) and gives it to the server. */
async function subscribeThisDevice(personId: string): Promise<void> {
  const registration = await navigator.serviceWorker.ready;
  const publicKey = await pushPublicKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    }));
  await handSubscription(subscription);

  const handed: Handed = { at: Date.now(), endpoint: subscription.endpoint };
  localStorage.setItem(handedKey(personId), JSON.stringify(handed));
}

/**
 * Asks for permission (only from a tap: browsers refuse it otherwise, and asking on first paint
 * is rude) and subscribes. Says what the person decided.
 */
export async function enablePush(personId: string): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission === 'granted') await subscribeThisDevice(personId);
  return permission;
}

/** On sign-out: the server forgets this device, then the browser does. Never blocks sign-out. */
export async function forgetPushOnThisDevice(): Promise<void> {
  forgetHandedSubscriptions();
  // Without permission there is no subscription: sign-out is not held up asking for one.
  if (!pushSupported() || Notification.permission !== 'granted') return;
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await answer(
      api.DELETE('/push/subscription', { body: { endpoint: subscription.endpoint } }),
    ).catch(() => {});
    await subscription.unsubscribe();
  } catch {
    // Push is a convenience; signing out must go on.
  }
}

/**
 * While signed in with permission already given: hands this device's subscription to the
 * server after every sign-in (sign-out removed it) and again every 7 days. Also turns a push that arrives while the app is
 * on screen into a toast (the service worker passes it here instead of showing it).
 */
export function usePushWhileSignedIn(personId: string | null) {
  const { showToast } = useToast();
  useEffect(() => {
    if (!personId || !pushSupported() || Notification.permission !== 'granted') return;
    void currentSubscription()
      .then((subscription) => {
        if (mustHandOver(handedFor(personId), subscription?.endpoint ?? null, Date.now()))
          return subscribeThisDevice(personId);
      })
      .catch(() => {});
  }, [personId]);

  useEffect(() => {
    if (!personId || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; body?: string } | undefined;
      if (data?.type !== 'push') return;
      showToast(data.body || t('toast.newNotification'), 'info');
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [personId, showToast]);
}

/** This device's push permission, for the switch that offers it. */
export function usePushPermission(): [NotificationPermission | 'unsupported', () => void] {
  const read = () => (pushSupported() ? Notification.permission : 'unsupported');
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(read);
  return [permission, () => setPermission(read())];
}
