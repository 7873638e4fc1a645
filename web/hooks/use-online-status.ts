import { useSyncExternalStore } from 'react';
import { serverReachable } from '../lib/server-reachable.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const unsubscribe = serverReachable.subscribe(onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    unsubscribe();
  };
}

/**
 * Whether the app is connected: the browser believes it is online (the online/offline events)
 * and the academy's server answered the last request.
 */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine && serverReachable.get(),
    () => true,
  );
}
