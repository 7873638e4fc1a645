import { useSyncExternalStore } from 'react';

/**
 * The service worker (production builds): it precaches the app shell, and it is how a new
 * deployment reaches an open app. A new version installs beside the running one and waits;
 * the new-version modal offers it, and "Cập nhật ngay" lets it take over and reloads.
 * Until then the running version keeps working: its files stay in its own precache.
 */

/** How often an app left open (an instructor's phone through a class) looks for a new version. */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

interface UpdateState {
  /** A new version is installed and waiting for this app to let it take over. */
  ready: boolean;
  /** The person chose "Để sau": not offered again until the next new version. */
  postponed: boolean;
}

let state: UpdateState = { ready: false, postponed: false };
const listeners = new Set<() => void>();
let skipWaiting: (() => void) | null = null;

function setState(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Whether to offer the new version now. */
export function useUpdateOffer(): boolean {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
  return current.ready && !current.postponed;
}

export function postponeUpdate(): void {
  setState({ ...state, postponed: true });
}

/**
 * Moves to the newest version: a waiting worker takes over first (the page reloads once it
 * controls), otherwise a plain reload fetches the new files.
 */
export function applyUpdate(): void {
  if (skipWaiting) skipWaiting();
  else window.location.reload();
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', async () => {
    try {
      // Loaded after the page: nothing on the first screen waits for it.
      const { Workbox } = await import('workbox-window');
      const workbox = new Workbox('/sw.js', { scope: '/' });
      workbox.addEventListener('waiting', () => {
        skipWaiting = () => {
          workbox.addEventListener('controlling', () => window.location.reload());
          workbox.messageSkipWaiting();
        };
        setState({ ready: true, postponed: false });
      });
      await workbox.register();
      const lookForUpdate = () => void workbox.update().catch(() => undefined);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') lookForUpdate();
      });
      window.setInterval(lookForUpdate, UPDATE_CHECK_MS);
    } catch {
      // Without a service worker the app still works online; nothing to tell the person.
    }
  });
}
