/*
 * Redirect targets that a caller may name (better-auth's callbackURL and the like). One rule:
 * a target is a path on this app when it, and its percent-decoded form, resolve against this
 * app's origin to a path that begins with exactly one "/". What passes on is the resolved form,
 * so the check and the redirect read the same address ("/.//evil" resolves to "//evil", which
 * a browser reads as another host, and is refused).
 */

const BASE = 'http://app.invalid';
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

function resolvesHere(target: string): URL | undefined {
  if (!target.startsWith('/') || UNSAFE.test(target)) return undefined;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || url.pathname.startsWith('//')) return undefined;
  return url;
}

/** The target as a path on this app, resolved; undefined when it is not one. */
export function safeAppPath(target: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return undefined;
  }
  const url = resolvesHere(target);
  if (!url || !resolvesHere(decoded)) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function isSafeAppPath(target: string): boolean {
  return safeAppPath(target) !== undefined;
}

const REDIRECT_FIELD = /(callbackurl|redirectto|redirect_uri|returnto)$/i;

/**
 * The query and JSON body with every redirect target resolved to its path on this app, or the
 * name of the first field whose target is not one.
 */
export function resolveRedirects(
  query: Record<string, unknown>,
  body: unknown,
): { unsafe: string } | { unsafe?: undefined; query: Record<string, unknown>; body: unknown } {
  const resolve = (fields: Record<string, unknown>) => {
    const out: Record<string, unknown> = { ...fields };
    for (const [name, value] of Object.entries(fields)) {
      if (!REDIRECT_FIELD.test(name) || value === undefined) continue;
      const path = typeof value === 'string' ? safeAppPath(value) : undefined;
      if (path === undefined) return name;
      out[name] = path;
    }
    return out;
  };
  const nextQuery = resolve(query);
  if (typeof nextQuery === 'string') return { unsafe: nextQuery };
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { query: nextQuery, body };
  const nextBody = resolve(body as Record<string, unknown>);
  if (typeof nextBody === 'string') return { unsafe: nextBody };
  return { query: nextQuery, body: nextBody };
}

/** The first redirect target in a query or a JSON body that is not a path on this app. */
export function findUnsafeRedirect(
  query: Record<string, unknown>,
  body: unknown,
): string | undefined {
  return resolveRedirects(query, body).unsafe;
}
