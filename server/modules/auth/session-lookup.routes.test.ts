import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher.ts';
import { instructorForm, signUp } from '../../test/sessions.ts';
import { testDatabaseKind } from '../../test/test-database.ts';
import { SESSION_REFRESH_SECONDS, SESSION_SECONDS } from './auth.ts';

const PUBLIC_URL = 'http://academy.test';
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await buildTestApp({ env: { SMTP_URL: mail.url, PUBLIC_URL } });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

/** A new instructor, let in, signed in; returns the session cookie. */
async function signIn(email: string, name: string) {
  const cookie = await signUp(t.app, mail, email, instructorForm(name));
  await t.database.db.updateTable('people').set({ status: 'active' }).execute();
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

async function setSessionEnd(cookie: string, at: number) {
  // better-auth keeps dates as ISO text on SQLite and as timestamps on PostgreSQL.
  const expiresAt = t.database.kind === 'sqlite' ? new Date(at).toISOString() : new Date(at);
  await t.database.db
    .updateTable('session')
    .set({ expiresAt })
    .where('token', '=', tokenOf(cookie))
    .execute();
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
