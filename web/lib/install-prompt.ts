/*
 * Chromium's `beforeinstallprompt` can fire as soon as the page has loaded, before the signed-in
 * layout's code (where the install offer lives) has arrived: the entry keeps it from the start.
 */

export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    notify();
  });
}

export const installPrompt = {
  pending: () => deferred,
  /** The kept event, once: a prompt can be shown only one time. */
  take: () => {
    const event = deferred;
    deferred = null;
    notify();
    return event;
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
