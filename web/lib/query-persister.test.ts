// @vitest-environment happy-dom
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const stored = vi.hoisted(() => ({ value: undefined as unknown, writes: 0, deletes: 0 }));
vi.mock('idb-keyval', () => ({
  createStore: () => 'store',
  get: async () => stored.value,
  set: async (_key: string, value: unknown) => {
    stored.value = value;
    stored.writes += 1;
  },
  del: async () => {
    stored.value = undefined;
    stored.deletes += 1;
  },
}));

const { CONFIRMED_WITHIN_MS, queryPersister } = await import('./query-persister.ts');
const { memberHint, pendingSignOut } = await import('./device-session.ts');

function client(
  meState: string,
  pages = 1,
  { personId = 'lan', confirmedAt = Date.now() } = {},
): PersistedClient {
  return {
    timestamp: Date.now(),
    buster: '',
    clientState: {
      mutations: [],
      queries: [
        // Her own answers share the key's first word: they do not say who she is.
        { queryKey: ['me', 'profile'], queryHash: '["me","profile"]', state: { data: {} } },
        {
          queryKey: ['me'],
          queryHash: '["me"]',
          state: {
            data:
              meState === 'member'
                ? { state: meState, person: { id: personId } }
                : { state: meState },
            dataUpdatedAt: confirmedAt,
          },
        },
        {
          queryKey: ['posts', 'feed'],
          queryHash: '["posts","feed"]',
          state: {
            data: {
              pages: Array.from({ length: pages }, (_, index) => ({ page: index })),
              pageParams: Array.from({ length: pages }, (_, index) => index),
            },
          },
        },
      ],
    } as unknown as PersistedClient['clientState'],
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  memberHint.set('lan');
  stored.value = undefined;
  stored.writes = 0;
  stored.deletes = 0;
});
afterEach(() => vi.useRealTimers());

describe('what the device keeps for reading offline', () => {
  it('writes a member’s answers at most every two seconds, long lists cut to two pages', async () => {
    for (let change = 0; change < 20; change += 1)
      await queryPersister.persistClient(client('member', 7));
    expect(stored.writes).toBe(0);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(stored.writes).toBe(1);
    const kept = stored.value as PersistedClient;
    const feed = kept.clientState.queries[2]?.state.data as {
      pages: unknown[];
      pageParams: unknown[];
    };
    expect(feed.pages).toHaveLength(2);
    expect(feed.pageParams).toEqual([0, 1]);
    expect(await queryPersister.restoreClient()).toBe(kept);
  });

  it('forgets everything at once when no member is signed in, with nothing written after', async () => {
    await queryPersister.persistClient(client('member'));
    await queryPersister.persistClient(client('anonymous'));
    expect(stored.deletes).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stored.writes).toBe(0);
    expect(stored.value).toBeUndefined();
  });

  it('writes what is pending when the page is hidden', async () => {
    await queryPersister.persistClient(client('member'));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(stored.writes).toBe(1);
  });

  it('gives kept answers back only to the member who loaded them, within a day of her last check', async () => {
    const keep = async (kept: PersistedClient) => {
      stored.value = kept;
      return queryPersister.restoreClient();
    };
    expect(await keep(client('member'))).toBeDefined();
    // Another person signed in on this phone: none of Lan's answers, and they are gone.
    memberHint.set('hoa');
    expect(await keep(client('member'))).toBeUndefined();
    expect(stored.value).toBeUndefined();
    memberHint.set(null);
    expect(await keep(client('member'))).toBeUndefined();
    memberHint.set('lan');
    // Her session may have ended elsewhere since the server last said she was signed in.
    const stale = Date.now() - CONFIRMED_WITHIN_MS - 1;
    expect(await keep(client('member', 1, { confirmedAt: stale }))).toBeUndefined();
    // A sign-out still owed to the server: nothing of hers is shown meanwhile.
    await pendingSignOut.keep('lan');
    expect(await keep(client('member'))).toBeUndefined();
    await pendingSignOut.clear();
    expect(await keep(client('member'))).toBeDefined();
  });
});
