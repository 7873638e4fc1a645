import { createRequire } from 'node:module';
import { getRequestStateAsyncLocalStorage } from '@better-auth/core/context';
import { describe, expect, it } from 'vitest';
import { counted, releasingContext } from './better-auth-internals.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("better-auth's call context", () => {
  it('is the one better-auth itself uses', () => {
    // A second copy of @better-auth/core would hold other storages: disabling ours would not
    // release better-auth's.
    const fromBetterAuth = createRequire(import.meta.resolve('better-auth')).resolve(
      '@better-auth/core/context',
    );
    const ours = createRequire(import.meta.url).resolve('@better-auth/core/context');
    expect(fromBetterAuth).toBe(ours);
  });

  it('stays with a call while another call ends before it', async () => {
    const storage = await getRequestStateAsyncLocalStorage();
    const slowStore = new WeakMap<object, unknown>();
    const slow = counted(() =>
      storage.run(slowStore, async () => {
        await pause(30);
        return storage.getStore();
      }),
    );
    const quick = counted(() =>
      storage.run(new WeakMap<object, unknown>(), async () => storage.getStore()),
    );
    await quick;
    expect(await slow).toBe(slowStore);
  });

  it('is released once no call is in flight, and taken again by the next call', async () => {
    const storage = await getRequestStateAsyncLocalStorage();
    const first = new WeakMap<object, unknown>();
    await counted(() => storage.run(first, async () => storage.getStore()));
    // A disabled storage has no store anywhere, even in the continuations of the call it ran.
    expect(storage.getStore()).toBeUndefined();
    const second = new WeakMap<object, unknown>();
    expect(await counted(() => storage.run(second, async () => storage.getStore()))).toBe(second);
  });

  it("counts the handler's calls and every api endpoint's, passing what they return", async () => {
    const storage = await getRequestStateAsyncLocalStorage();
    const store = new WeakMap<object, unknown>();
    let seenByHandler: unknown;
    const auth = releasingContext({
      handler: async (request: Request) =>
        storage.run(store, async () => {
          seenByHandler = storage.getStore();
          return new Response(request.url);
        }),
      api: { getSession: async (input: { id: number }) => ({ id: input.id }) },
      options: { kept: true },
    });
    const response = await auth.handler(new Request('http://localhost/api/auth/ok'));
    expect(await response.text()).toBe('http://localhost/api/auth/ok');
    expect(seenByHandler).toBe(store);
    expect(storage.getStore()).toBeUndefined();
    expect(await auth.api.getSession({ id: 7 })).toEqual({ id: 7 });
    expect(auth.options).toEqual({ kept: true });
    await expect(
      releasingContext({
        handler: async () => new Response(),
        api: {
          fails: async () => {
            throw new Error('refused');
          },
        },
      }).api.fails(),
    ).rejects.toThrow('refused');
  });
});
