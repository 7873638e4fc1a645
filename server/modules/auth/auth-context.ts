import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';

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
