import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { memberHint, pendingSignOut } from './device-session.ts';

/*
 * What the app last loaded, kept on the device (IndexedDB) so that an app opened with no signal
 * shows the last feed, courses, students and student pages under the "Ngoại tuyến" banner
 * instead of the full-screen notice. Only a signed-in member's answers are kept: when the
 * server says no one is signed in (signed out, session over), what was kept is forgotten. They
 * are given back only to the member who loaded them (the device's member hint names her), and
 * only for a day after the server last said she is signed in: a session ended elsewhere (a
 * block, a sign-out on another device) cannot leave her feed readable offline for days.
 */

const store = createStore('hoc-vien-cache', 'queries');
const KEY = 'client';

/** How long what was loaded stays worth showing offline: the next class days. */
export const KEPT_FOR_MS = 3 * 24 * 60 * 60_000;
/** How long after the server last said who is signed in the kept answers are still shown. */
export const CONFIRMED_WITHIN_MS = 24 * 60 * 60_000;
/** Of a list loaded page by page, only the first pages are kept: enough to read in class, and
 *  the app opening online asks again for each page it restores. */
const PAGES_KEPT = 2;
/** The cache changes on every answer and every like; it is written at most this often. */
const WRITE_EVERY_MS = 2_000;

interface PagedData {
  pages: unknown[];
  pageParams: unknown[];
}

const isPaged = (data: unknown): data is PagedData =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as PagedData).pages) &&
  Array.isArray((data as PagedData).pageParams);

/** The member whose answers these are, and when the server last said so; null if none. */
function keptMember(client: PersistedClient): { id: string; confirmedAt: number } | null {
  const me = client.clientState.queries.find(
    (query) => query.queryKey.length === 1 && query.queryKey[0] === 'me',
  );
  const data = me?.state.data as { state?: string; person?: { id?: unknown } } | undefined;
  if (data?.state !== 'member' || typeof data.person?.id !== 'string') return null;
  return { id: data.person.id, confirmedAt: me?.state.dataUpdatedAt ?? 0 };
}

const signedInMember = (client: PersistedClient): boolean => keptMember(client) !== null;

/**
 * Whether kept answers may be shown now: the device's member is the one who loaded them, no
 * sign-out is still owed to the server, and the server said she was signed in recently.
 */
export function mayRestore(client: PersistedClient, now = Date.now()): boolean {
  const member = keptMember(client);
  return (
    member !== null &&
    member.id === memberHint.personId() &&
    pendingSignOut.read() === null &&
    now - member.confirmedAt <= CONFIRMED_WITHIN_MS
  );
}

/** The client as kept: long lists cut to their first pages. */
function trimmed(client: PersistedClient): PersistedClient {
  return {
    ...client,
    clientState: {
      ...client.clientState,
      queries: client.clientState.queries.map((query) => {
        const data = query.state.data;
        if (!isPaged(data) || data.pages.length <= PAGES_KEPT) return query;
        return {
          ...query,
          state: {
            ...query.state,
            data: {
              pages: data.pages.slice(0, PAGES_KEPT),
              pageParams: data.pageParams.slice(0, PAGES_KEPT),
            },
          },
        };
      }),
    },
  };
}

let latest: PersistedClient | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Whether the device may hold answers: unknown when the app opens, so the first forget runs. */
let holding = true;

function forget(): Promise<void> {
  if (!holding) return Promise.resolve();
  holding = false;
  return del(KEY, store).catch(() => undefined);
}

function writeNow(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  const client = latest;
  latest = null;
  if (!client) return Promise.resolve();
  // A device that cannot store it (private browsing, full) reads nothing offline; nothing fails.
  if (!signedInMember(client)) return forget();
  holding = true;
  return set(KEY, trimmed(client), store).catch(() => undefined);
}

// What changed in the last seconds is written before the page goes away.
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void writeNow();
  });
  window.addEventListener('pagehide', () => void writeNow());
}

export const queryPersister: Persister = {
  persistClient(client) {
    latest = client;
    // Forgetting a person's answers waits for nothing.
    if (!signedInMember(client)) return writeNow();
    timer ??= setTimeout(() => void writeNow(), WRITE_EVERY_MS);
  },
  async restoreClient() {
    const client = await get<PersistedClient>(KEY, store).catch(() => undefined);
    if (!client || mayRestore(client)) return client;
    await del(KEY, store).catch(() => undefined);
    return undefined;
  },
  removeClient() {
    latest = null;
    clearTimeout(timer);
    timer = undefined;
    holding = true;
    return forget();
  },
};
