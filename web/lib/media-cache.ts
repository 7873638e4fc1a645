/** The service worker's cache of photos seen (web/sw.ts), emptied when a person signs out. */
export const MEDIA_CACHE = 'hv-media';

/** Forgets the photos this device kept: a shared phone keeps nothing of the last person. */
export async function clearMediaCache(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(MEDIA_CACHE).catch(() => false);
}
