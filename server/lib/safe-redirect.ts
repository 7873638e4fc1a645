/**
 * Whether a redirect target is a path on this app: starts with one "/", has no backslash or
 * control character, and resolves to the same origin. "//evil", "/\evil", "https:evil",
 * "javascript:" and their encoded forms are not.
 */
export function isSafeAppPath(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return false;
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return false;
  }
  if (decoded.startsWith('//') || decoded.includes('\\')) return false;
  const base = 'http://app.invalid';
  return new URL(target, base).origin === base && new URL(decoded, base).origin === base;
}

const REDIRECT_FIELD = /(callbackurl|redirectto|redirect_uri|returnto)$/i;

/** The first redirect target in a query or a JSON body that is not a path on this app. */
export function findUnsafeRedirect(
  query: Record<string, unknown>,
  body: unknown,
): string | undefined {
  const fields = [
    ...Object.entries(query),
    ...(body && typeof body === 'object' ? Object.entries(body as Record<string, unknown>) : []),
  ];
  for (const [name, value] of fields) {
    if (!REDIRECT_FIELD.test(name) || value === undefined) continue;
    if (typeof value !== 'string' || !isSafeAppPath(value)) return name;
  }
  return undefined;
}
