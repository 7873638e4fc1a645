import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpAcademy } from './test/academy.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { rawRequest } from './test/raw-request.ts';
import { instructorForm, requestLinkToken, signUp, studentForm } from './test/sessions.ts';

/*
 * Side doors around the sign-in rules, tried as a script would: path spellings a browser never
 * sends, better-auth's endpoints the app does not use, redirects that resolve elsewhere, mail
 * sent for people the academy refuses, and rate limits shared by every client.
 */

const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
});
const { t, mail } = academy;
// Someone still waiting for approval joins the two active people.
const cookie = academy.cookie as typeof academy.cookie & { pending: string };

beforeAll(async () => {
  cookie.pending = await signUp(t.app, mail, 'cho@example.vn', studentForm('Ngô Thị Chờ'));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

let port = 0;

/** Over a real socket, the path sent exactly as written (app.inject would normalise it). */
const raw = (method: string, path: string, options: { cookie?: string; body?: unknown } = {}) =>
  rawRequest(port, method, path, options);

const closedSpellings = (path: string) => [
  `/api/auth/./${path}`,
  `/api/auth/x/../${path}`,
  `/api/auth/%2e/${path}`,
  `/api/auth/%2E%2e/auth/${path}`,
  `/api/auth/${path.replace('/', '\\')}`,
  `/api/auth/${path.replace('/', '%5C')}`,
  `/api/auth//${path}`,
  `/api/./auth/${path}`,
  `/api/auth/${path}/.`,
  `/api/auth/${path}%2F`,
  `/api/auth/${path.toUpperCase()}`,
];

describe('better-auth is reached only through the endpoints the app uses', () => {
  it.each([
    'sign-in/magic-link',
    'request-password-reset',
    'forget-password',
    'update-user',
    'delete-user',
    'list-sessions',
    'revoke-sessions',
    'get-session',
    'change-password',
    'set-password',
    'send-verification-email',
    'link-social',
    'sign-up/email',
  ])('POST %s in every spelling answers 404 and sends no mail', async (path) => {
    const before = mail.mails.length;
    for (const url of [`/api/auth/${path}`, ...closedSpellings(path)]) {
      const response = await raw('POST', url, {
        cookie: cookie.teacher,
        body: { email: 'victim@example.vn', name: 'x'.repeat(100_000), newEmail: 'v@example.vn' },
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code, url).toBe('route_not_found');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mail.mails.length).toBe(before);
  });

  it('gives no session for a sign-in link through a path variant of magic-link/verify', async () => {
    const token = await requestLinkToken(t.app, mail, 'bien-the@example.vn');
    for (const url of closedSpellings('magic-link/verify')) {
      const response = await raw('GET', `${url}?token=${token}`);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
  });

  it('refuses dot segments and backslashes on every route, not only better-auth', async () => {
    for (const url of ['/api/./me', '/api/x/../me', '/api/%2e/me', '/api\\me', '/./api/health']) {
      const response = await raw('GET', url, { cookie: cookie.admin });
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe('redirects', () => {
  it.each([
    '%2F.%2F%2Fevil.example',
    '%2Fx%2F..%2F%2Fevil.example',
    '%2F%2E%2F%2Fevil.example',
    '%2F..%2F%2Fevil.example',
  ])('never sends the browser to another host: callbackURL=%s', async (target) => {
    const response = await raw('GET', `/api/auth/verify-email?token=x&callbackURL=${target}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers.location).toBeUndefined();
  });

  it('passes a path on this app on in the form that was checked', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=x&callbackURL=%2Fa%2F.%2F%23%2Fprofile',
    });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toMatch(/^\/a\/(#\/profile)?(\?|$)/);
  });
});

describe('mail for people the academy refuses, and mail limits', () => {
  it('refuses an e-mail change for a person waiting for approval, and mails nothing', async () => {
    const before = mail.mails.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { cookie: cookie.pending },
      payload: { newEmail: 'victim@example.vn', callbackURL: '/#/profile' },
    });
    expect(response.statusCode).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mail.mails.length).toBe(before);
  });

  it('says so when the new address belongs to another account, and mails nothing', async () => {
    const before = mail.mails.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { cookie: cookie.teacher },
      payload: { newEmail: 'Admin@Example.vn', callbackURL: '/#/profile' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      'Email này đã được dùng cho một tài khoản khác. Hãy chọn email khác.',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mail.mails.length).toBe(before);
  });

  it('limits e-mail changes per person, whatever the client address', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 7; n += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/change-email',
        headers: { cookie: cookie.teacher },
        remoteAddress: `10.9.0.${n + 1}`,
        payload: { newEmail: `moi-${n}@example.vn`, callbackURL: '/#/profile' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('rate limits key on the real client address', () => {
  const wrongPassword = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers,
      payload: { email: 'gv@example.vn', password: 'sai-mat-khau-1' },
    });

  it('ten wrong passwords from one client do not lock another out', async () => {
    for (let n = 0; n < 11; n += 1) await wrongPassword('10.20.0.1');
    expect((await wrongPassword('10.20.0.1')).statusCode).toBe(429);
    expect((await wrongPassword('10.20.0.2')).statusCode).toBe(401);
  });

  it('a client cannot choose its own address through X-Forwarded-For', async () => {
    for (let n = 0; n < 11; n += 1) {
      await wrongPassword('10.30.0.1', { 'x-forwarded-for': `172.16.0.${n}` });
    }
    expect((await wrongPassword('10.30.0.1', { 'x-forwarded-for': '172.16.1.1' })).statusCode).toBe(
      429,
    );
  });
});

describe('behind one proxy (TRUST_PROXY=true)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await proxied.close();
  });

  it('takes the address the proxy saw, not the leftmost one the client wrote', async () => {
    const attempt = (forwarded: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': forwarded },
        payload: { email: 'a@example.vn', password: 'sai-mat-khau-1' },
      });
    for (let n = 0; n < 11; n += 1) await attempt(`1.2.3.${n}, 203.0.113.7`);
    expect((await attempt('9.9.9.9, 203.0.113.7')).statusCode).toBe(429);
    expect((await attempt('1.2.3.4, 203.0.113.8')).statusCode).toBe(401);
  });
});
