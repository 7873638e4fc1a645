import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { cookieHeader } from '../../test/sessions.ts';

/*
 * A fresh machine: no SMTP_URL, no PUBLIC_URL. The sign-in link is printed on the server's
 * output as a plain line of its own, pointing at the address the person used, and works; the
 * JSON log says a mail was not sent, without the link.
 */
let t: TestApp;
const lines: string[] = [];
const printed: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed.push(chunk.toString());
    return true;
  });
  t = await buildTestApp({
    env: { SMTP_URL: '', PUBLIC_URL: '' },
    logger: { level: 'info', stream },
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await t.close();
});

describe('sign-in with no mail server configured', () => {
  it('prints the link to the log, at the address used, and the link signs in', async () => {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/email-link',
      headers: { host: '192.168.1.20:3000' },
      payload: { email: 'newcomer@example.vn' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const output = printed.join('');
    expect(output).toContain('E-mail not sent (no SMTP_URL configured)');
    expect(output).toContain('To: newcomer@example.vn');
    const token = output.match(
      /^http:\/\/192\.168\.1\.20:3000\/#\/finishLogin\?token=([A-Za-z0-9]+)$/m,
    )?.[1];
    const log = lines.join('');
    expect(log).toContain('e-mail not sent: no SMTP_URL configured');
    expect(log).not.toContain('finishLogin');
    expect(token).toBeTruthy();
    const redeemed = await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/email-link/redeem',
      payload: { token, email: 'newcomer@example.vn' },
    });
    expect(redeemed.statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: cookieHeader(redeemed.headers['set-cookie']) },
    });
    expect(me.json()).toEqual({ state: 'new', email: 'newcomer@example.vn', studentProfile: null });
  });
});
