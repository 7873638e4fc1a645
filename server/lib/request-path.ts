import type { FastifyRequest } from 'fastify';

/*
 * Which path a request is for. Fastify's router decodes percent-escapes before it matches a
 * route; better-auth and any code that parses the address with `new URL` see the
 * WHATWG-normalised one, where "/./", "/x/../", "%2e" segments and backslashes resolve away; the
 * guards read the address as sent. A guard that reads one while a handler acts on another can be
 * walked around, so a request whose readings could differ is refused at the door: browsers never
 * send dot segments, backslashes, control characters or an escaped letter, digit, "-", ".", "_"
 * or "~" in a path (RFC 3986 §2.3: such an escape is never the normal form), so the path as
 * sent is the one every reader sees, and every guard asks `isApiRequest` below.
 */

// A "." or ".." segment, written plainly or percent-encoded in any case.
const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;
// Backslashes (a "/" for WHATWG in http URLs), and what the URL parser strips or refuses.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const UNSAFE_CHARACTER = /[\\\u0000-\u0020\u007f]|%5c/i;
// An escape the router would decode into an unreserved character, or a malformed one. An escaped
// "/" stays: the router matches it as written (it names a "/" inside one segment, as in an
// avatar's name), and the URL parser leaves it too.
const ESCAPE = /%(?:([0-9a-f]{2})|)/gi;
const NEVER_ESCAPED = /^[A-Za-z0-9\-._~]$/;

function hasNonCanonicalEscape(path: string): boolean {
  for (const match of path.matchAll(ESCAPE)) {
    const hex = match[1];
    if (hex === undefined) return true;
    if (NEVER_ESCAPED.test(String.fromCharCode(Number.parseInt(hex, 16)))) return true;
  }
  return false;
}

/**
 * The request's path (no query) when it has one meaning for every reader, else undefined.
 * A path it returns is its own normal form: `new URL(path, base).pathname` resolves no segment,
 * and the router's decoding changes no character that names a route.
 */
export function requestPath(url: string): string | undefined {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  if (!path.startsWith('/') || path.startsWith('//')) return undefined;
  if (DOT_SEGMENT.test(path) || UNSAFE_CHARACTER.test(path)) return undefined;
  if (hasNonCanonicalEscape(path)) return undefined;
  return path;
}

/** True when the path is `prefix` itself or below it (`/api`, `/api/…`, not `/apis`). */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * Whether a request is for the API, as the router reads it: by the route it matched, or, when
 * none did (a 404), by its path, which the door has held to its one spelling. Every guard that
 * applies to the API asks this, never the raw address.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && isUnder(route, '/api')) return true;
  const path = requestPath(request.url);
  return path !== undefined && isUnder(path, '/api');
}
