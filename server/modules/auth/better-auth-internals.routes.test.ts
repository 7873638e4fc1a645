import { AsyncLocalStorage } from 'node:async_hooks';
import {
  getCurrentAuthContextAsyncLocalStorage,
  getCurrentDBAdapterAsyncLocalStorage,
  getRequestStateAsyncLocalStorage,
} from '@better-auth/core/context';
import { getSchema } from 'better-auth/db';
import { fromNodeHeaders } from 'better-auth/node';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpAcademy } from '../../test/academy.ts';
import { instructorForm, requestLinkToken } from '../../test/sessions.ts';
import { testDatabaseKind } from '../../test/test-database.ts';
import { findVerification } from '../accounts/accounts.repository.ts';
import {
  createVerifiedUser,
  magicLinkEmail,
  magicLinkIdentifier,
  sentOnce,
  sessionCookieName,
  sessionCookieOf,
  signedCookieCarries,
} from './better-auth-internals.ts';

/*
 * Each assumption better-auth-internals.ts makes, checked against the installed better-auth with
 * a real sign-in: an upgrade that breaks one fails here, under the assumption's name.
 */

const {
  t,
  mail,
  cookie: cookies,
} = setUpAcademy({
  owner: { email: 'owner@example.vn', form: instructorForm('Chủ Học Viện') },
});
let cookie: string;
beforeAll(() => {
  cookie = cookies.owner;
});

describe(`what the app relies on in better-auth, on ${testDatabaseKind()}`, () => {
  it("creates a verified identity through its context's internal adapter, lower-casing the address", async () => {
    const id = await createVerifiedUser(t.app.auth, 'Moi.Admin@Example.vn', 'Quản Trị Mới');
    const row = await t.database.db
      .selectFrom('user')
      .select(['id', 'email', 'name', 'emailVerified'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'moi.admin@example.vn', name: 'Quản Trị Mới' });
    expect(Boolean(row.emailVerified)).toBe(true);
    const sessions = await t.database.db
      .selectFrom('session')
      .select('id')
      .where('userId', '=', id)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('has in its schema every column of its tables the repositories read or write by SQL', () => {
    // accounts.repository.ts: whose session a token is, identities by address, sign-outs,
    // stale mappings; sign-in.service.ts: a pending magic link.
    const readBySql = {
      user: ['id', 'email', 'name', 'emailVerified'],
      session: ['id', 'token', 'userId', 'expiresAt'],
      verification: ['identifier', 'value', 'expiresAt'],
    };
    const schema = getSchema(t.app.auth.options);
    for (const [table, columns] of Object.entries(readBySql)) {
      const fields = schema[table]?.fields ?? {};
      const known = new Set([
        'id',
        ...Object.entries(fields).map(([key, f]) => f.fieldName ?? key),
      ]);
      expect({ table, missing: columns.filter((column) => !known.has(column)) }).toEqual({
        table,
        missing: [],
      });
    }
  });

  it("keeps a magic link's token hashed under magic-link:, with the address in its value", async () => {
    const token = await requestLinkToken(t.app, mail, 'Link.Here@example.vn');
    const row = await findVerification(t.database.db, magicLinkIdentifier(token));
    expect(row).toBeDefined();
    expect(magicLinkEmail(row!.value)).toBe('link.here@example.vn');
    expect(new Date(row!.expiresAt).getTime()).toBeGreaterThan(Date.now());
    expect(await findVerification(t.database.db, magicLinkIdentifier(`${token}x`))).toBeUndefined();
    expect(magicLinkEmail('not json')).toBeUndefined();
  });

  it("names the session cookie as better-auth's own context does", async () => {
    const name = await sessionCookieName(t.app.auth);
    expect(cookie.split('=')[0]).toBe(name);
    expect(sessionCookieOf({ cookie }, name)).toBe(
      decodeURIComponent(cookie.slice(name.length + 1)),
    );
    expect(sentOnce({ cookie }, name)).toBe(true);
    expect(sentOnce({ cookie: `${cookie}; ${cookie}` }, name)).toBe(false);
  });

  it("reads a signed session cookie as its session's token and better-call's signature", async () => {
    const name = await sessionCookieName(t.app.auth);
    const session = await t.app.auth.api.getSession({ headers: fromNodeHeaders({ cookie }) });
    const value = sessionCookieOf({ cookie }, name);
    expect(session).not.toBeNull();
    expect(value).toBeDefined();
    expect(signedCookieCarries(value!, session!.session.token)).toBe(true);
    expect(signedCookieCarries(value!, session!.session.token.slice(1))).toBe(false);
    // The session lookup answers the cookie from memory from the second request on.
    const headers = { cookie };
    await t.app.inject({ method: 'GET', url: '/api/me', headers });
    expect(t.app.sessions.remembered(headers)?.token).toBe(session!.session.token);
  });

  it('runs its calls only in the storages it releases, and releases each after the call', async () => {
    const released = new Set<AsyncLocalStorage<unknown>>([
      await getRequestStateAsyncLocalStorage(),
      await getCurrentAuthContextAsyncLocalStorage(),
      await getCurrentDBAdapterAsyncLocalStorage(),
    ]);
    // Spies call through and note which storage each call was made on.
    const runs = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    const disables = vi.spyOn(AsyncLocalStorage.prototype, 'disable');
    let ran: Set<unknown>;
    let disabled: Set<unknown>;
    try {
      await t.app.auth.api.getSession({ headers: fromNodeHeaders({ cookie }) });
      ran = new Set(runs.mock.contexts);
      disabled = new Set(disables.mock.contexts);
    } finally {
      runs.mockRestore();
      disables.mockRestore();
    }
    expect(ran.size).toBeGreaterThan(0);
    for (const storage of ran)
      expect(released.has(storage as AsyncLocalStorage<unknown>)).toBe(true);
    for (const storage of ran) expect(disabled.has(storage)).toBe(true);
  });
});
