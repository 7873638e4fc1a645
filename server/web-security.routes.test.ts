import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAcademy } from './test/academy.ts';
import { insertTestPost } from './test/factories/courses.ts';
import {
  browserPushKeys,
  type StandInPushService,
  startStandInPushService,
} from './test/push-service.ts';
import { cookieHeader, instructorForm, requestLinkToken } from './test/sessions.ts';

/*
 * What a hostile site, a shared computer or a log reader could get from the server: every
 * state-changing route refuses cross-site requests; every answer carries the headers that keep
 * it from being framed, sniffed or cached; no credential ever reaches the log or the error log.
 */

const PUBLIC_URL = 'http://academy.test';
const logLines: string[] = [];
const pushService: StandInPushService = await startStandInPushService();
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-web-'));
// The page's own start is its one inline script (vite.config.ts, earlyStart).
const inlineStart = 'window.__hvEarlyReads={}';
fs.writeFileSync(
  path.join(webRoot, 'index.html'),
  `<!doctype html><html lang="vi"><head><script>${inlineStart}</script></head></html>`,
);
const academy = await startAcademy(
  {
    admin: {
      email: 'admin@example.vn',
      form: instructorForm('Quản Trị', { proposedCourse: { name: 'Vẽ móng', description: '' } }),
    },
    fan: { email: 'fan@example.vn', form: instructorForm('Lê Minh Anh') },
  },
  {
    env: {
      PUBLIC_URL,
      PUSH_EXTRA_SERVICES: pushService.host,
      // Everything the server can say, so a secret in any line at any level is seen.
      LOG_LEVEL: 'trace',
    },
    webRoot,
    push: { agent: pushService.agent },
    logStream: { write: (line: string) => void logLines.push(line) },
  },
);
const { t, mail, cookie } = academy;
const ids = academy.ids as Record<'admin' | 'fan' | 'post' | 'course' | 'comment', string>;

beforeAll(async () => {
  const { db } = t.database;
  ids.course = (await db.selectFrom('courses').select('id').executeTakeFirstOrThrow()).id;
  ids.post = await insertTestPost(db, {
    authorId: ids.admin,
    text: 'Lịch học tuần này',
    createdAt: Date.now(),
  });
  const comment = await t.app.inject({
    method: 'POST',
    url: `/api/posts/${ids.post}/comments`,
    headers: { cookie: cookie.admin },
    payload: { text: 'Đã xem' },
  });
  ids.comment = comment.json<{ id: string }>().id;
});
afterAll(async () => {
  await academy.close();
  await pushService.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** A route's address with real ids in it. */
function address(url: string) {
  return url
    .replace(':courseId', ids.course)
    .replace(':postId', ids.post)
    .replace(':commentId', ids.comment)
    .replace(':personId', ids.fan)
    .replace(':studentId', ids.fan)
    .replace(':instructorId', ids.fan)
    .replace(':lessonId', ids.fan)
    .replace(':feedbackId', ids.fan)
    .replace(':file', 'Lan.svg')
    .replace('*', 'sign-out');
}

const stateChanging = () =>
  t.app.routeCatalogue.filter(
    (route) =>
      route.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
  );

describe('cross-site requests (CSRF)', () => {
  const forgeries: Array<{ name: string; headers: Record<string, string> }> = [
    { name: 'a browser saying cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
    { name: 'a sibling subdomain', headers: { 'sec-fetch-site': 'same-site' } },
    { name: 'another origin', headers: { origin: 'https://evil.example' } },
    { name: 'a sandboxed frame (origin null)', headers: { origin: 'null' } },
    {
      name: 'a plain HTML form (text/plain, no preflight)',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
    },
    {
      name: 'a look-alike origin',
      headers: { origin: `${PUBLIC_URL}.evil.example`, 'sec-fetch-site': 'cross-site' },
    },
  ];

  it('covers every state-changing route', () => {
    expect(stateChanging().length).toBeGreaterThan(40);
  });

  for (const forgery of forgeries) {
    it(`refuses ${forgery.name} on every state-changing route, with the signed-in cookie`, async () => {
      const admitted: string[] = [];
      for (const route of stateChanging()) {
        const headers = {
          cookie: cookie.admin,
          'content-type': 'application/json',
          ...forgery.headers,
        };
        const response = await t.app.inject({
          method: route.method as 'POST',
          url: address(route.url),
          headers,
          payload: headers['content-type'] === 'text/plain' ? 'liked=true' : '{}',
        });
        if (response.statusCode !== 403) {
          admitted.push(`${route.method} ${route.url} → ${response.statusCode}`);
        }
      }
      expect(admitted).toEqual([]);
    });
  }

  it('still signs in the admin afterwards: the forgeries changed nothing', async () => {
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: cookie.admin } });
    expect(me.json().state).toBe('member');
    const post = await t.app.inject({
      url: `/api/posts/${ids.post}`,
      headers: { cookie: cookie.admin },
    });
    expect(post.json()).toMatchObject({ likeCount: 0, bookmarkedByMe: false });
  });

  it('lets the app’s own page through (same-origin)', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${ids.post}/bookmark`,
      headers: { cookie: cookie.fan, origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' },
      payload: { bookmarked: true },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('headers of every answer', () => {
  const readable = () =>
    t.app.routeCatalogue.filter(
      (route) =>
        route.method === 'GET' &&
        route.url.startsWith('/api/') &&
        route.url !== '/api/events' &&
        !route.url.startsWith('/api/docs') &&
        !route.url.startsWith('/api/auth/'),
    );

  it('HTML pages: the strict CSP, nosniff, a referrer policy, no framing', async () => {
    for (const url of ['/', '/index.html', '/?utm_source=zalo']) {
      const response = await t.app.inject({ url });
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      const csp = String(response.headers['content-security-policy']);
      // Its own files, and the page's one inline script by its hash: nothing else inline.
      const hash = createHash('sha256').update(inlineStart).digest('base64');
      expect(csp, url).toMatch(new RegExp(`script-src 'self' 'sha256-${escapeRegExp(hash)}';`));
      expect(csp, url).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('API answers, signed in: never stored, never sniffed — on every readable route', async () => {
    const wrong: string[] = [];
    for (const route of readable()) {
      const url = address(route.url);
      const response = await t.app.inject({ url, headers: { cookie: cookie.admin } });
      const isJson = String(response.headers['content-type']).startsWith('application/json');
      const isMedia = route.url.startsWith('/api/avatars/') || route.url.startsWith('/api/media/');
      if (response.statusCode >= 500) wrong.push(`${url}: ${response.statusCode}`);
      if (response.headers['x-content-type-options'] !== 'nosniff') wrong.push(`${url}: sniff`);
      if (isJson && response.headers['cache-control'] !== 'no-store') {
        wrong.push(`${url}: cache-control ${response.headers['cache-control']}`);
      }
      // Anything else is a download (CSV, backup): saved as a file, never shown as a page.
      if (
        !isJson &&
        !isMedia &&
        !/^attachment/.test(String(response.headers['content-disposition']))
      ) {
        wrong.push(`${url}: ${response.headers['content-type']} shown inline`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('errors too: a 401, a 404 and a refused body are no-store JSON', async () => {
    for (const request of [
      { url: '/api/me/profile' },
      { url: '/api/nope', headers: { cookie: cookie.admin } },
      {
        method: 'POST' as const,
        url: '/api/posts',
        headers: { cookie: cookie.admin },
        payload: { kind: 'general', text: '' },
      },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.headers['cache-control'], request.url).toBe('no-store');
      expect(response.headers['content-type'], request.url).toMatch(/^application\/json/);
    }
  });

  it('generated avatars (SVG) cannot run as a page: no script, nosniff', async () => {
    const response = await t.app.inject({
      url: '/api/avatars/%3Cscript%3Ealert(1)%3C%2Fscript%3E.svg',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).not.toContain('<script');
  });
});

describe('secrets never logged', () => {
  it('keeps session, sign-in link, reset link, password and VAPID values out of every log line and the error log', async () => {
    const canaries: Record<string, string> = {};

    // A sign-in link, redeemed: its token and the session it gives.
    const token = await requestLinkToken(t.app, mail, 'fan@example.vn');
    canaries['sign-in link token'] = token;
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/email-link/redeem',
      payload: { token, email: 'fan@example.vn' },
    });
    const linkSession = decodeURIComponent(
      cookieHeader(redeemed.headers['set-cookie']).split('=').slice(1).join('='),
    );
    canaries['sign-in link session'] = linkSession;

    // A password reset, with a password set through it, then a wrong and a right sign-in.
    const arrived = mail.next('fan@example.vn');
    await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/password-reset',
      payload: { email: 'fan@example.vn' },
    });
    const resetToken = decodeURIComponent(
      mail.linkIn(await arrived, 'http').split('resetToken=')[1]!,
    );
    canaries['reset token'] = resetToken;
    canaries.password = 'Canary-Mat-Khau-9317';
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: PUBLIC_URL },
      payload: { newPassword: canaries.password, token: resetToken },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL },
      payload: { email: 'fan@example.vn', password: `${canaries.password}-sai` },
    });
    // Setting a password ended the link's session; this one is used from here on.
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL },
      payload: { email: 'fan@example.vn', password: canaries.password },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const session = cookieHeader(signedIn.headers['set-cookie']);
    const sessionValue = decodeURIComponent(session.split('=').slice(1).join('='));
    canaries['session cookie'] = sessionValue;
    canaries['session token'] = sessionValue.split('.')[0]!;

    // The session used for ordinary work, refused work and a failed request.
    await t.app.inject({ url: '/api/me', headers: { cookie: session } });
    await t.app.inject({ url: '/api/admin/people', headers: { cookie: session } });
    await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: session, authorization: `Bearer ${canaries['session token']}` },
      payload: '{"text": ',
    });
    await t.app.inject({ url: `/api/nope?token=${token}`, headers: { cookie: session } });

    // A push sent with the VAPID key, and one refused by the push service.
    const keys = browserPushKeys().keys;
    for (const name of ['ok', 'gone']) {
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/push/subscription',
        headers: { cookie: cookie.admin },
        payload: { endpoint: `https://${pushService.host}/push/${name}`, keys },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    pushService.answer.set('/push/gone', 500);
    const liked = await t.app.inject({
      method: 'PUT',
      url: `/api/posts/${ids.post}/like`,
      headers: { cookie: session },
      payload: { liked: true },
    });
    expect(liked.statusCode, liked.body).toBe(200);
    for (let waited = 0; waited < 3_000 && pushService.received.length < 1; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await t.app.pushSender.idle();
    expect(pushService.received.length).toBeGreaterThan(0);
    const vapid = await t.database.db
      .selectFrom('server_secrets')
      .select(['name', 'value'])
      .execute();
    for (const secret of vapid) canaries[`server secret ${secret.name}`] = secret.value;
    expect(Object.keys(canaries).some((name) => /vapid/i.test(name))).toBe(true);

    const errorLog = JSON.stringify(
      await t.database.db.selectFrom('error_logs').selectAll().execute(),
    );
    const activityLog = JSON.stringify(
      await t.database.db.selectFrom('activity_logs').selectAll().execute(),
    );
    expect(logLines.length).toBeGreaterThan(20);
    const leaks: string[] = [];
    for (const [name, value] of Object.entries(canaries)) {
      expect(value.length, name).toBeGreaterThanOrEqual(8);
      const fragment = value.slice(0, 16);
      for (const [where, text] of [
        ['log', logLines.join('\n')],
        ['error log', errorLog],
        ['activity log', activityLog],
      ] as const) {
        if (text.includes(fragment)) {
          const line = text.split('\n').find((candidate) => candidate.includes(fragment));
          leaks.push(`${name} in the ${where}: ${line?.slice(0, 400)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
    // The request with a token in its query was logged, with the value hidden.
    expect(logLines.join('\n')).toContain('/api/nope?token=…');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
