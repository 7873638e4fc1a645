/*
 * Photos another app shared to this one (the installed app's share target, manifest in
 * vite.config.ts): the service worker receives the POST and keeps the photos here, in a cache
 * the page can read, then opens the post form, which takes them. Kept briefly, emptied when
 * taken and at a sign-out: a shared phone keeps nothing of the last person.
 */

/** Where the phone sends a share (the manifest's `share_target.action`). */
export const SHARE_TARGET_PATH = '/share-target';
/** The form field the manifest names for the shared files. */
export const SHARED_FILES_FIELD = 'photos';
const SHARED_CACHE = 'hv-shared';
/** A share not taken within this time (the app was closed meanwhile) is dropped. */
const FRESH_MS = 10 * 60_000;
/** As many as a post takes. */
const AT_MOST = 10;

/** Keeps what was shared, replacing an earlier share; says how many photos there were. */
export async function keepSharedPhotos(entries: Iterable<unknown>): Promise<number> {
  const photos = [...entries]
    .filter((entry): entry is File => entry instanceof File && entry.type.startsWith('image/'))
    .slice(0, AT_MOST);
  await caches.delete(SHARED_CACHE);
  if (photos.length === 0) return 0;
  const cache = await caches.open(SHARED_CACHE);
  const at = String(Date.now());
  await Promise.all(
    photos.map((photo, index) =>
      cache.put(
        `/shared-photo/${index}`,
        new Response(photo, {
          headers: {
            'content-type': photo.type,
            'x-name': encodeURIComponent(photo.name || `anh-${index + 1}.jpg`),
            'x-shared-at': at,
          },
        }),
      ),
    ),
  );
  return photos.length;
}

/** The photos shared lately, in the order shared, once: taking them empties the store. */
export async function takeSharedPhotos(now = Date.now()): Promise<File[]> {
  if (typeof caches === 'undefined') return [];
  const cache = await caches.open(SHARED_CACHE);
  const keys = [...(await cache.keys())].sort((a, b) =>
    a.url.localeCompare(b.url, 'en', { numeric: true }),
  );
  const photos: File[] = [];
  for (const key of keys) {
    const kept = await cache.match(key);
    if (!kept || now - Number(kept.headers.get('x-shared-at')) > FRESH_MS) continue;
    const blob = await kept.blob();
    const name = decodeURIComponent(kept.headers.get('x-name') ?? 'anh.jpg');
    photos.push(
      new File([blob], name, { type: blob.type || (kept.headers.get('content-type') ?? '') }),
    );
  }
  await caches.delete(SHARED_CACHE);
  return photos;
}

/** Forgets a share no one took (a sign-out). */
export async function clearSharedPhotos(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(SHARED_CACHE).catch(() => false);
}
