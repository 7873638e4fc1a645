import { useEffect, useState } from 'react';
import type { PushPublicKey } from '#shared/schemas/push';
import { useToast } from '../../components/overlays/toast.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { t } from '../../lib/text.ts';

/** The spec's push token refresh: a subscription is handed to the server again after 7 days. */
const REFRESH_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
const refreshedKey = (personId: string) => `hv.push.refreshed.${personId}`;

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
  const { publicKey } = await apiRequest<PushPublicKey>('/push/public-key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: publicKey,
    }));
  await apiRequest('/push/subscription', { method: 'PUT', body: subscription.toJSON() });
  localStorage.setItem(refreshedKey(personId), String(Date.now()));
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
  // Without permission there is no subscription: sign-out is not held up asking for one.
  if (!pushSupported() || Notification.permission !== 'granted') return;
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    await apiRequest('/push/subscription', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    }).catch(() => {});
    await subscription.unsubscribe();
  } catch {
    // Push is a convenience; signing out must go on.
  }
}

/**
 * While signed in with permission already given: hands this device's subscription to the
 * server after sign-in and again every 7 days. Also turns a push that arrives while the app is
 * on screen into a toast (the service worker passes it here instead of showing it).
 */
export function usePushWhileSignedIn(personId: string | null) {
  const { showToast } = useToast();
  useEffect(() => {
    if (!personId || !pushSupported() || Notification.permission !== 'granted') return;
    const last = Number(localStorage.getItem(refreshedKey(personId)) ?? 0);
    if (Date.now() - last < REFRESH_AFTER_MS) return;
    void subscribeThisDevice(personId).catch(() => {});
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
