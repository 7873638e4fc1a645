import { answer, api } from '../../lib/api-client.ts';

/*
 * The two requests that make a device's push subscription, apart from the screens (no React):
 * the app makes them when she turns notifications on, the service worker when the browser
 * replaces the subscription.
 */

/** The server's public key, that the browser subscribes with. */
export async function pushPublicKey(): Promise<string> {
  return (await answer(api.GET('/push/public-key'))).publicKey;
}

/** Gives the server a subscription for the signed-in person. */
export async function handSubscription(subscription: PushSubscription): Promise<void> {
  const { keys } = subscription.toJSON();
  // The Push API always gives a subscription its two keys; without them nothing could be sent.
  if (!keys?.p256dh || !keys.auth) throw new Error('A push subscription came without its keys.');
  await answer(
    api.PUT('/push/subscription', {
      body: {
        endpoint: subscription.endpoint,
        expirationTime: subscription.expirationTime,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      },
    }),
  );
}
