import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher.ts';
import { instructorForm, signUp } from '../../test/sessions.ts';

/** Redirect targets off the app's origin, in the forms open-redirect attacks take. */
const payloads = [
  '//evil.example',
  '//evil.example/%2e%2e',
  '///evil.example',
  '////evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  'https://evil.example',
  'http://evil.example',
  'https:evil.example',
  'http:/evil.example',
  'https:/\\evil.example',
  '//evil.example@academy.test',
  'https://academy.test.evil.example',
  'https://academy.test@evil.example',
  'https://evil.example#academy.test',
  'https://evil.example?academy.test',
  '%2F%2Fevil.example',
  '%2f%2fevil.example',
  '/%2F%2Fevil.example',
  '%5C%5Cevil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  '  //evil.example',
  '\t//evil.example',
  '//evil%E3%80%82example',
  'ftp://evil.example',
  'http://127.0.0.1:1/evil',
  '//0x7f.1/',
  'https://evil.example/#/activity',
];

let t: TestApp;
let mail: MailCatcher;
let cookie: string;
const ORIGIN = 'http://academy.test';

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await buildTestApp({
    env: {
      SMTP_URL: mail.url,
      PUBLIC_URL: ORIGIN,
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      OIDC_ISSUER: 'http://127.0.0.1:1',
    },
  });
  cookie = await signUp(t.app, mail, 'redirect@example.vn', instructorForm('Người Thử'));
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

const leavesOrigin = (location: unknown) => {
  if (typeof location !== 'string' || location === '') return false;
  try {
    return new URL(location, ORIGIN).origin !== ORIGIN;
  } catch {
    return false;
  }
};

describe(`${payloads.length} open-redirect payloads`, () => {
  it.each(payloads)('Google sign-in refuses callbackURL %j', async (target) => {
    for (const field of ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        headers: { origin: ORIGIN },
        payload: { provider: 'google', callbackURL: '/#/activity', [field]: target },
      });
      expect(response.statusCode, `${field}: ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(leavesOrigin(response.headers.location)).toBe(false);
      expect(response.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]/);
    }
  });

  it.each(payloads)('e-mail change refuses callbackURL %j', async (target) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { cookie, origin: ORIGIN },
      payload: {
        newEmail: `n${Math.random().toString(36).slice(2)}@example.vn`,
        callbackURL: target,
      },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });

  it.each(payloads)('e-mail verification never redirects to %j', async (target) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=forged&callbackURL=${encodeURIComponent(target)}`,
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(leavesOrigin(response.headers.location)).toBe(false);
  });
});
