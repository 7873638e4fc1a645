/*
 * Which path a request is for. Fastify routes on the raw path; better-auth and any code that
 * parses the address with `new URL` see the WHATWG-normalised one, where "/./", "/x/../",
 * "%2e" segments and backslashes resolve away. A guard that reads one while a handler acts on
 * the other can be walked around, so a request whose two forms could differ is refused at the
 * door: browsers never send dot segments, backslashes or control characters in a path.
 */

// A "." or ".." segment, written plainly or percent-encoded in any case.
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;
// Backslashes (a "/" for WHATWG in http URLs), and what the URL parser strips or refuses.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const UNSAFE_CHARACTER = /[\\\u0000-\u0020\u007f]|%5c/i;

/**
 * The request's path (no query) when it has one meaning for every reader, else undefined.
 * A path it returns is its own normal form: `new URL(path, base).pathname` resolves no segment.
 */
export function requestPath(url: string): string | undefined {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  if (DOT_SEGMENT.test(path) || UNSAFE_CHARACTER.test(path)) return undefined;
  return path;
}
