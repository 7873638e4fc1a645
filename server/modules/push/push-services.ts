/**
 * The browsers' push services (Chrome and Android, Firefox, Safari and iOS, Edge). A
 * subscription must point at one of them over https: the server sends to what a browser hands
 * it, so anything else would let a caller make it send requests to an address of their choice.
 */
const KNOWN_HOSTS = new Set([
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
]);
const KNOWN_SUFFIXES = ['.notify.windows.com'];

/** Whether `endpoint` is an https address of a known push service (or one of `extraHosts`). */
export function isAcceptedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  if (extraHosts.includes(url.host)) return true;
  if (url.port !== '') return false;
  return KNOWN_HOSTS.has(url.hostname) || KNOWN_SUFFIXES.some((s) => url.hostname.endsWith(s));
}
