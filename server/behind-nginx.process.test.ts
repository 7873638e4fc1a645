import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, NGINX_PATH } from '../support/provision.ts';
import { type MailCatcher, startMailCatcher } from './test/mail-catcher.ts';
import { multipartBody } from './test/multipart.ts';
import { startTestNginx } from './test/nginx.ts';
import { exited, spawnServer, untilHealthy } from './test/server-process.ts';
import { cookieHeader, instructorForm } from './test/sessions.ts';
import { testDatabaseKind } from './test/test-database.ts';

/*
 * The app behind Debian's nginx with the shipped proxy rules (deploy/nginx/hoc-vien-proxy.conf),
 * as the site files include them (nginx-config.process.test.ts runs those as they are): a page, a sign-in, a photo upload, a live event stream
 * that arrives as it happens, and the client address the app records, which is the person's
 * and not the proxy's (TRUST_PROXY=true). Clients connect from 127.0.0.5, nginx from 127.0.0.1.
 */
const _root = path.resolve(import.meta.dirname, '..');
const CLIENT_ADDRESS = '127.0.0.5';
const haveNginx = fs.existsSync(NGINX_PATH);

let work: string;
let mail: MailCatcher;
let app: { child: ChildProcess; output: () => string };
let nginx: ChildProcess;
let base: string;

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request through nginx from the client's own address. */
function request(
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(
      `${base}${url}`,
      { method, headers: options.headers, localAddress: CLIENT_ADDRESS },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(options.body);
  });
}

const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json', origin: base },
  body: JSON.stringify(value),
});

beforeAll(async () => {
  if (!haveNginx || testDatabaseKind() !== 'sqlite') return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-nginx-'));
  fs.chmodSync(work, 0o755);
  mail = await startMailCatcher();
  const [appPort, proxyPort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${proxyPort}`;
  app = spawnServer({
    PORT: String(appPort),
    DATA_DIR: path.join(work, 'data'),
    PUBLIC_URL: base,
    SMTP_URL: mail.url,
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
  });
  await untilHealthy(`http://127.0.0.1:${appPort}`);
  nginx = startTestNginx(work, { servers: [`127.0.0.1:${appPort}`], proxyPort });
  await untilHealthy(base);
}, 60_000);

afterAll(async () => {
  if (!haveNginx || testDatabaseKind() !== 'sqlite') return;
  nginx?.kill('SIGQUIT');
  app?.child.kill('SIGTERM');
  await Promise.all([nginx && exited(nginx), app && exited(app.child)]);
  await mail?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!haveNginx || testDatabaseKind() !== 'sqlite')('behind nginx', () => {
  let cookie = '';

  it('serves the app, and signs a person in with the address they reach it at', async () => {
    const page = await request('GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');

    const arrived = mail.next('nginx@example.vn');
    const asked = await request(
      'POST',
      '/api/sign-in/email-link',
      json({ email: 'nginx@example.vn' }),
    );
    expect(asked.status, asked.body.toString()).toBe(200);
    const link = mail.linkIn(await arrived, 'http');
    // The e-mailed link points at the address people use, the proxy's.
    expect(link.startsWith(`${base}/`)).toBe(true);
    const token = new URL(link.replace('/#/', '/')).searchParams.get('token')!;
    const redeemed = await request(
      'POST',
      '/api/sign-in/email-link/redeem',
      json({ token, email: 'nginx@example.vn' }),
    );
    expect(redeemed.status, redeemed.body.toString()).toBe(200);
    cookie = cookieHeader(redeemed.headers['set-cookie']);
    const onboarded = await request('POST', '/api/onboarding', {
      ...json(instructorForm('Nguyễn Văn Proxy')),
      headers: { ...json({}).headers, cookie },
    });
    expect(onboarded.status, onboarded.body.toString()).toBe(200);
  });

  it('records the person’s address, not the proxy’s, even when they send a forged one', async () => {
    const forged = await request('GET', '/api/me', {
      headers: { cookie, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forged.status).toBe(200);
    const database = new SQLite(path.join(work, 'data', 'academy.sqlite'), { readonly: true });
    try {
      const session = database.prepare('select ipAddress from session').get() as {
        ipAddress: string;
      };
      expect(session.ipAddress).toBe(CLIENT_ADDRESS);
    } finally {
      database.close();
    }
  });

  it('takes a full-size photo upload', async () => {
    const photo = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#888',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    // Larger than nginx's default limit of 1 MB.
    expect(photo.length).toBeGreaterThan(2 * 1024 * 1024);
    const { payload, headers } = multipartBody(photo);
    const uploaded = await request('POST', '/api/uploads?use=post', {
      headers: { ...headers, cookie, origin: base },
      body: payload,
    });
    expect(uploaded.status, uploaded.body.toString()).toBe(201);
  });

  it('passes live events on as they happen', async () => {
    const events: string[] = [];
    const stream = http.get(
      `${base}/api/events`,
      { headers: { cookie, accept: 'text/event-stream' }, localAddress: CLIENT_ADDRESS },
      (response) => {
        expect(response.statusCode).toBe(200);
        response.on('data', (chunk: Buffer) => events.push(chunk.toString()));
      },
    );
    try {
      // The stream is open when its first bytes arrive.
      const opened = Date.now();
      while (events.length === 0 && Date.now() - opened < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const read = await request('POST', '/api/notifications/read', {
        headers: { cookie, origin: base },
      });
      expect(read.status).toBeLessThan(300);
      const sent = Date.now();
      while (!events.join('').includes('notifications.read') && Date.now() - sent < 2_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(events.join('')).toContain('notifications.read');
    } finally {
      stream.destroy();
    }
  });
});
