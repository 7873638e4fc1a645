/**
 * A yes-or-no that several parts of the app read and one part sets, with a subscription for
 * `useSyncExternalStore`: for facts that live outside React and outside the query cache.
 */
export function sharedFlag(initial: boolean) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: (): boolean => value,
    set(next: boolean) {
      if (value === next) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
