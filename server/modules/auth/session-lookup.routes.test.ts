import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher.ts';
import { instructorForm, signUp } from '../../test/sessions.ts';
import { testDatabaseKind } from '../../test/test-database.ts';
import { SESSION_REFRESH_SECONDS, SESSION_SECONDS } from './auth.ts';
import { SessionLookup } from './session-lookup.ts';

const PUBLIC_URL = 'http://academy.test';
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let mail: MailCatcher;
let admin: string;

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await buildTestApp({ env: { SMTP_URL: mail.url, PUBLIC_URL } });
  // The academy's first instructor is its admin.
  admin = await signIn('admin@example.vn', 'Quản Trị Viên');
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** A new instructor, let in, signed in; returns the session cookie. */
async function signIn(email: string, name: string) {
  const cookie = await signUp(t.app, mail, email, instructorForm(name));
  await t.database.db.updateTable('people').set({ status: 'active' }).execute();
  t.app.sessions.forgetRows();
  return cookie;
}

async function state(cookie: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return (response.json() as { state: string }).state;
}

/** The session behind a cookie (the token is the signed cookie's first part). */
function tokenOf(cookie: string) {
  const value = decodeURIComponent(cookie.split('=')[1]!);
  return value.slice(0, value.indexOf('.'));
}

async function sessionEndsAt(cookie: string) {
  const row = await t.database.db
    .selectFrom('session')
    .select('expiresAt')
    .where('token', '=', tokenOf(cookie))
    .executeTakeFirst();
  return row ? new Date(row.expiresAt).getTime() : undefined;
}

/**
 * Moves a session's end in the database, as time passing would. The server remembers a
 * session's row for a while, and a change made outside it is seen once that has passed: it is
 * forgotten here at once instead of waiting.
 */
async function setSessionEnd(cookie: string, at: number) {
  // better-auth keeps dates as ISO text on SQLite and as timestamps on PostgreSQL.
  const expiresAt = t.database.kind === 'sqlite' ? new Date(at).toISOString() : new Date(at);
  await t.database.db
    .updateTable('session')
    .set({ expiresAt })
    .where('token', '=', tokenOf(cookie))
    .execute();
  t.app.sessions.forgetRows();
}

async function personIdOf(email: string) {
  const row = await t.database.db
    .selectFrom('people')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe(`a session cookie, once verified, on ${testDatabaseKind()}`, () => {
  it('is answered without better-auth afterwards, and a sign-out still ends it at once', async () => {
    const cookie = await signIn('fast@example.vn', 'Lê Văn Nhanh');
    expect(await state(cookie)).toBe('member');
    const getSession = vi.spyOn(t.app.auth.api, 'getSession');
    try {
      for (let i = 0; i < 5; i += 1) expect(await state(cookie)).toBe('member');
      expect(getSession).not.toHaveBeenCalled();
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie, origin: PUBLIC_URL },
      });
      expect(out.statusCode).toBe(200);
      expect(await state(cookie)).toBe('anonymous');
    } finally {
      getSession.mockRestore();
    }
  });

  it('is refused once its session has ended, and the ended session is removed', async () => {
    const cookie = await signIn('ended@example.vn', 'Lê Thị Hết');
    expect(await state(cookie)).toBe('member');
    await setSessionEnd(cookie, Date.now() - 1000);
    expect(await state(cookie)).toBe('anonymous');
    expect(await sessionEndsAt(cookie)).toBeUndefined();
  });

  it('is extended by better-auth once a day while it is used', async () => {
    const cookie = await signIn('daily@example.vn', 'Lê Văn Ngày');
    expect(await state(cookie)).toBe('member');
    // Used again with 20 days left: more than a day has passed since it was last extended.
    await setSessionEnd(cookie, Date.now() + 20 * DAY);
    expect(await state(cookie)).toBe('member');
    expect(await sessionEndsAt(cookie)).toBeGreaterThan(Date.now() + SESSION_SECONDS * 1000 - DAY);
    // Within a day of being extended, it is left as it is.
    const extendedTo = Date.now() + SESSION_SECONDS * 1000 - SESSION_REFRESH_SECONDS * 500;
    await setSessionEnd(cookie, extendedTo);
    expect(await state(cookie)).toBe('member');
    expect(await sessionEndsAt(cookie)).toBe(extendedTo);
  });

  it('is nobody when its signature is wrong, even with a real token', async () => {
    const cookie = await signIn('forged@example.vn', 'Lê Văn Giả');
    expect(await state(cookie)).toBe('member');
    const name = cookie.split('=')[0]!;
    const forged = `${name}=${encodeURIComponent(`${tokenOf(cookie)}.${'A'.repeat(43)}=`)}`;
    expect(await state(forged)).toBe('anonymous');
    // Sent beside the real cookie under the same name, it is not taken for the real one later.
    await state(`${cookie}; ${forged}`);
    await state(`${forged}; ${cookie}`);
    expect(await state(forged)).toBe('anonymous');
    expect(await state(cookie)).toBe('member');
    // Nor is a cookie that only carries the real one's beginning.
    expect(await state(`${name}=${encodeURIComponent(tokenOf(cookie))}`)).toBe('anonymous');
  });
});

describe(`a known session, answered without reading it again, on ${testDatabaseKind()}`, () => {
  it('is read again once a while has passed, so a change made outside the server is seen', async () => {
    const cookie = await signIn('outside@example.vn', 'Lê Văn Ngoài 🌸');
    expect(await state(cookie)).toBe('member');
    // Blocked by hand in the database, which the server is not told of.
    await t.database.db
      .updateTable('people')
      .set({ status: 'blocked' })
      .where('email', '=', 'outside@example.vn')
      .execute();
    expect(await state(cookie)).toBe('member');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SessionLookup.KNOWN_MS });
    try {
      expect(await state(cookie)).toBe('refused');
    } finally {
      vi.useRealTimers();
    }
  });

  it('is refused at once when an admin blocks the person, and when they change role', async () => {
    const blocked = await signIn('blocked@example.vn', 'Trần Thị Bị Chặn');
    const demoted = await signIn('demoted@example.vn', 'Trần Văn Hạ');
    expect(await state(blocked)).toBe('member');
    expect(await state(demoted)).toBe('member');
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/admin/people/${await personIdOf('blocked@example.vn')}/block`,
      headers: { cookie: admin, origin: PUBLIC_URL },
      payload: { reason: 'Thử' },
    });
    expect(block.statusCode).toBe(200);
    expect(await state(blocked)).not.toBe('member');
    const role = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/people/${await personIdOf('demoted@example.vn')}/role`,
      headers: { cookie: admin, origin: PUBLIC_URL },
      payload: { role: 'admin' },
    });
    expect(role.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: demoted } });
    expect(me.json()).toMatchObject({ state: 'member', person: { role: 'admin' } });
  });

  it('is not remembered when it was read before a change that was told meanwhile', async () => {
    const cookie = await signIn('race@example.vn', 'Phạm Văn Đua');
    expect(await state(cookie)).toBe('member');
    const token = tokenOf(cookie);
    const row = t.app.sessions.knownRow(token);
    expect(row).toBeDefined();
    const readAt = t.app.sessions.currentGeneration();
    t.app.sessions.forgetRows();
    expect(t.app.sessions.knownRow(token)).toBeUndefined();
    // A read that started before the change offers its now stale row: it is dropped.
    t.app.sessions.learn(token, row!, readAt);
    expect(t.app.sessions.knownRow(token)).toBeUndefined();
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'is forgotten by another server process on the same database when it is signed out or blocked',
    async () => {
      const url = (t.database as { url?: string }).url!;
      const database = openDatabase({ kind: 'postgres', url });
      const other = await buildApp({
        config: t.config,
        database,
        version: '0.0.0-test',
        logger: false,
      });
      try {
        const signedOut = await signIn('twice@example.vn', 'Đỗ Thị Hai Nơi');
        const blocked = await signIn('elsewhere@example.vn', 'Đỗ Văn Nơi Khác');
        const stateThere = async (cookie: string) =>
          (
            (await other.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as {
              state: string;
            }
          ).state;
        // The other process verifies each cookie once, then knows its session.
        for (const cookie of [signedOut, blocked]) {
          expect(await stateThere(cookie)).toBe('member');
          expect(await stateThere(cookie)).toBe('member');
        }
        const out = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-out',
          headers: { cookie: signedOut, origin: PUBLIC_URL },
        });
        expect(out.statusCode).toBe(200);
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/people/${await personIdOf('elsewhere@example.vn')}/block`,
          headers: { cookie: admin, origin: PUBLIC_URL },
          payload: { reason: 'Thử' },
        });
        await vi.waitFor(async () => {
          expect(await stateThere(signedOut)).toBe('anonymous');
          expect(await stateThere(blocked)).not.toBe('member');
        });
      } finally {
        await other.close();
        await database.close();
      }
    },
  );
});
