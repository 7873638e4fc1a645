/*
 * What the app relies on in better-auth beyond `betterAuth()`, `auth.api` and `auth.handler`:
 * the storages its calls run in, the session cookie's name, the form of a signed cookie, how its
 * magic-link plugin stores a link in `verification`, and its internal adapter's `createUser`
 * (the command line's `admin grant`). They are all here, and
 * `better-auth-internals.routes.test.ts` (with `better-auth-internals.test.ts` for the storages'
 * counting) checks each against the installed better-auth, so an upgrade that changes one fails
 * there by name.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';
import { parseCookies } from 'better-auth/cookies';

/*
 * better-auth keeps each call's context in AsyncLocalStorage. Before Node 24, a storage that has
 * run once keeps Node's promise hooks on for every promise the process makes from then on, though
 * nothing but better-auth reads it: after the first sign-in every request paid for them
 * (bench/README.md has the figures). This counts better-auth's calls in flight and, when none is,
 * disables its storages (Node's public `disable`); a storage turns itself on again at its next
 * `run`. A call's own work is awaited within it (better-auth runs no task in the background
 * without a `backgroundTasks` handler, and this app sets none), so nothing reads a storage after
 * its call has ended.
 */

let inFlight = 0;

async function disableStorages() {
  const storages = await Promise.all([
    getRequestStateAsyncLocalStorage(),
    getCurrentAuthContextAsyncLocalStorage(),
    getCurrentDBAdapterAsyncLocalStorage(),
  ]);
  // A call may have begun while the storages were being fetched.
  if (inFlight > 0) return;
  for (const storage of storages) storage.disable();
}

/** Runs one call into better-auth, counted. */
export async function counted<T>(call: () => Promise<T>): Promise<T> {
  inFlight += 1;
  try {
    return await call();
  } finally {
    inFlight -= 1;
    if (inFlight === 0) await disableStorages();
  }
}

/** better-auth's handler and every `api` endpoint, each call counted. */
export function releasingContext<Auth extends { handler: (request: Request) => Promise<Response> }>(
  auth: Auth & { api: object },
): Auth {
  const api = new Proxy(auth.api, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => counted(() => Reflect.apply(value, target, args));
    },
  });
  return { ...auth, api, handler: (request: Request) => counted(() => auth.handler(request)) };
}

/** The name of better-auth's session cookie, as its own context has it. */
export async function sessionCookieName(auth: {
  $context: Promise<{ authCookies: { sessionToken: { name: string } } }>;
}): Promise<string> {
  return (await auth.$context).authCookies.sessionToken.name;
}

/** The session cookie's value as better-auth reads it from a request. */
export function sessionCookieOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  return headers.cookie ? parseCookies(headers.cookie).get(name) : undefined;
}

/** Whether the session cookie was sent once: of two under one name, better-auth may verify either. */
export function sentOnce(headers: IncomingHttpHeaders, name: string): boolean {
  const sent = headers.cookie?.split(';').filter((pair) => pair.trim().startsWith(`${name}=`));
  return sent?.length === 1;
}

/** Whether a signed cookie's value carries `token`: better-call signs it as "<token>.<signature>". */
export function signedCookieCarries(value: string, token: string): boolean {
  return value.startsWith(`${token}.`);
}

/**
 * Creates a sign-in identity for an address, verified, without a password or a session: the
 * command line's `admin grant` for an address nobody uses yet. better-auth's public API has no
 * such call without its admin plugin (which would open user management over HTTP), so this goes
 * through its context's internal adapter, as its own endpoints do.
 */
export async function createVerifiedUser(
  auth: {
    $context: Promise<{
      internalAdapter: {
        createUser(
          user: { email: string; name: string; emailVerified: boolean },
          source: { method: 'admin' },
        ): Promise<{ id: string }>;
      };
    }>;
  },
  email: string,
  name: string,
): Promise<string> {
  const { internalAdapter } = await auth.$context;
  // The provisioning source its `validateUserInfo` gate reads: made by an administrator.
  const user = await internalAdapter.createUser(
    { email, name, emailVerified: true },
    { method: 'admin' },
  );
  return user.id;
}

/**
 * The `verification` row's identifier under which the magic-link plugin keeps a link's token:
 * `magic-link:` and the token's base64url SHA-256 (`storeToken: 'hashed'`, auth.ts).
 */
export function magicLinkIdentifier(token: string): string {
  return `magic-link:${createHash('sha256').update(token).digest('base64url')}`;
}

/** The address a stored magic link was sent to, from its row's JSON value; undefined if none. */
export function magicLinkEmail(value: string): string | undefined {
  try {
    const email = (JSON.parse(value) as { email?: unknown }).email;
    return typeof email === 'string' ? email.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
