/// <reference lib="webworker" />

import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { vi } from '#shared/locales/vi';
import { OUTBOX_SYNC_TAG, sendInBackground } from './features/posts/outbox/background-send.ts';
import { handSubscription, pushPublicKey } from './features/push/push-subscription.ts';
import { apiAddress } from './lib/api-client.ts';
import { MEDIA_CACHE } from './lib/media-cache.ts';
import { keepSharedPhotos, SHARE_TARGET_PATH, SHARED_FILES_FIELD } from './lib/shared-photos.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The app shell (HTML, JS, CSS, fonts, icons) is precached so the app opens offline.
// The manifest is the academy's own, written by the server (server/plugins/web.ts): the browser
// reads it from there, never from this cache, so an installed app takes a new name or icon.
precacheAndRoute(
  self.__WB_MANIFEST.filter(
    (entry) => (typeof entry === 'string' ? entry : entry.url) !== 'manifest.webmanifest',
  ),
);
cleanupOutdatedCaches();

// Hash routing: every navigation is to "/", answered from the precached shell. The API,
// media, share links and certificates' pages (/s/, /c/: the server's) and the OpenAPI page are
// never served from here.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/media\//, /^\/s\//, /^\/c\//],
  }),
);

// Photos are named by their content, so a stored copy never goes stale: served from the cache
// once seen (what was loaded stays readable offline), at most 300 of them for 30 days, and
// dropped first when the device runs short of space. The generated avatars (initials drawn from
// a name, the name in the address) are pictures of the same kind. The rest of the API is never
// cached here.
const avatars = apiAddress('/avatars/{file}', 'get', { path: { file: '' } });
registerRoute(
  ({ url }) =>
    url.origin === self.location.origin &&
    (url.pathname.startsWith('/media/') || url.pathname.startsWith(avatars)),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [
      new ExpirationPlugin({
        maxEntries: 300,
        maxAgeSeconds: 30 * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// Photos shared from the phone's gallery or camera (the manifest's share target): kept for the
// page, which opens the post form with them. Whatever arrives, the app opens.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === SHARE_TARGET_PATH,
  async ({ request }) => {
    const form = await request.formData().catch(() => null);
    const count = await keepSharedPhotos(form?.getAll(SHARED_FILES_FIELD) ?? []).catch(() => 0);
    return Response.redirect(`/#/activity?compose=1${count > 0 ? '&shared=1' : ''}`, 303);
  },
  'POST',
);

// The connection returned while posts waited in the outbox: send them, even with the app closed.
// A failure (still no answer) makes the browser try again later.
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(sendInBackground());
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

interface PushMessage {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  icon?: string;
}

function readPush(event: PushEvent): PushMessage {
  try {
    return (event.data?.json() as PushMessage | undefined) ?? {};
  } catch {
    return {};
  }
}

// Only addresses inside the app are opened from a notification.
function appUrl(url: string | undefined): string {
  const target = new URL(url ?? '/#/notifications', self.location.origin);
  return target.origin === self.location.origin ? target.href : `${self.location.origin}/`;
}

// A push while the app is on screen becomes a toast there (spec 2) instead of a system
// notification; otherwise the phone shows it, and a tap opens the app at its target.
self.addEventListener('push', (event) => {
  const message = readPush(event);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const onScreen = windows.find((client) => client.visibilityState === 'visible');
      if (onScreen) {
        onScreen.postMessage({ type: 'push', body: message.body ?? '' });
        return;
      }
      await self.registration.showNotification(message.title ?? vi.app.name, {
        body: message.body ?? '',
        // Only the app's own addresses: a path, never another site's picture.
        icon:
          message.icon?.startsWith('/') && !message.icon.startsWith('//')
            ? message.icon
            : '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: message.tag,
        data: { url: appUrl(message.url) },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl((event.notification.data as { url?: string } | undefined)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows[0];
      if (open) {
        await open.focus();
        await open.navigate(url).catch(() => null);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});

// The browser replaced the subscription: hand the new one to the server (cookies go along).
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as ExtendableEvent & { newSubscription?: PushSubscription | null };
  event.waitUntil(
    (async () => {
      const subscription =
        change.newSubscription ??
        (await self.registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: await pushPublicKey(),
        }));
      await handSubscription(subscription);
    })(),
  );
});
