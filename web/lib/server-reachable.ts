/**
 * Whether the academy's server answered the app's last request. The browser may say it is
 * online (a phone on a dead Wi-Fi, a captive portal, the academy's machine restarting) while
 * nothing reaches the server: a request that fails before any answer marks the server
 * unreachable, the next answer of any kind marks it reachable again.
 */
let reachable = true;
const listeners = new Set<() => void>();

export const serverReachable = {
  get: (): boolean => reachable,
  set(value: boolean) {
    if (reachable === value) return;
    reachable = value;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
