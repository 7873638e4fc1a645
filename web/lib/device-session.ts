import { createStore, del, get, set } from 'idb-keyval';
import { MEMBER_HINT_KEY, SIGN_OUT_PENDING_KEY } from '#shared/storage-keys';
import { readLocal, removeLocal, writeLocal } from './local-store.ts';

/*
 * Who this device acts for, and a sign-out it still owes the server. On a phone passed between
 * people, a write must never go out under whoever is signed in by the time it is sent: the page
 * names the person it acts for on every write (`x-acting-person`, refused by the server under
 * anyone else's session), and a sign-out made without a signal is kept here and carried out
 * before any other request once the signal returns.
 */

let acting: string | null = null;

/**
 * Which member this device was signed in as when the server last said: a hint, never a
 * permission. It lets the app fetch a member's first screen alongside asking who this is, and
 * the kept answers are restored only for the member it names (query-persister.ts).
 */
export const memberHint = {
  isSet: () => memberHint.personId() !== null,
  personId(): string | null {
    const value = readLocal(MEMBER_HINT_KEY);
    // '0' (no one) and the '1' of earlier releases name no one.
    return value && value !== '0' && value !== '1' ? value : null;
  },
  set: (personId: string | null) => writeLocal(MEMBER_HINT_KEY, personId ?? '0'),
};

/** The signed-in member the page acts for, as the server last said (null: no one). */
export const actingPerson = {
  get: () => acting,
  set(personId: string | null) {
    acting = personId;
  },
};

const PENDING_KEY = SIGN_OUT_PENDING_KEY;

/**
 * The service worker has no localStorage: it reads the same promise from IndexedDB. Imported,
 * not loaded on demand: a service worker cannot load code later (no `import()`).
 */
function sessionStore() {
  const store = createStore('hoc-vien-session', 'state');
  return {
    get: () => get<string>(PENDING_KEY, store),
    set: (value: string) => set(PENDING_KEY, value, store),
    del: () => del(PENDING_KEY, store),
  };
}

/**
 * A sign-out not yet confirmed by the server: the person it was for ('' when the app did not
 * know who, a new or refused account). The page reads it from localStorage at once; the
 * service worker from IndexedDB, where the page writes it too.
 */
export const pendingSignOut = {
  read(): string | null {
    return readLocal(PENDING_KEY);
  },
  async readInWorker(): Promise<string | null> {
    return (
      (await sessionStore()
        .get()
        .catch(() => undefined)) ?? null
    );
  },
  async keep(personId: string): Promise<void> {
    writeLocal(PENDING_KEY, personId);
    await sessionStore()
      .set(personId)
      .catch(() => undefined);
  },
  async clear(): Promise<void> {
    removeLocal(PENDING_KEY);
    await sessionStore()
      .del()
      .catch(() => undefined);
  },
};
