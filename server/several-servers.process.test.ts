import { type ChildProcess, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, NGINX_PATH } from '../support/provision.ts';
import { type MailCatcher, startMailCatcher } from './test/mail-catcher.ts';
import { multipartBody } from './test/multipart.ts';
import { startTestNginx } from './test/nginx.ts';
import { startS3Server, type TestS3Server } from './test/s3-server.ts';
import { exited, spawnServer, untilHealthy } from './test/server-process.ts';
import { cookieHeader, instructorForm } from './test/sessions.ts';
import { createPostgresDatabase, testDatabaseKind } from './test/test-database.ts';

/*
 * Several servers (README, "Several servers"): two server processes, each with its own data
 * folder, on one PostgreSQL database and one S3-compatible bucket, behind Debian's nginx with an
 * upstream of both and the shipped proxy rules. A photo uploaded through one is served by both;
 * a post made through one reaches a live stream open on the other; one killed with -9, the other
 * goes on serving through nginx, uploads included.
 */
const _root = path.resolve(import.meta.dirname, '..');
const runs = fs.existsSync(NGINX_PATH) && testDatabaseKind() === 'postgres';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

let work: string;
let mail: MailCatcher;
let s3: TestS3Server;
let dropDatabase = async () => {};
let databaseUrl = '';
let nightly = '';
let hosts: Array<{ url: string; child: ChildProcess; output: () => string }>;
let nginx: ChildProcess;
let base: string;
let cookie = '';

function request(
  url: string,
  method = 'GET',
  options: { headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = http.request(url, { method, headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    sent.on('error', reject);
    sent.end(options.body);
  });
}

const json = (value: unknown) => ({
  headers: { 'content-type': 'application/json', origin: base, cookie },
  body: JSON.stringify(value),
});

async function uploadPhoto(colour: string): Promise<Answer> {
  const photo = await sharp({
    create: { width: 900, height: 600, channels: 3, background: colour },
  })
    .jpeg()
    .toBuffer();
  const { payload, headers } = multipartBody(photo);
  return request(`${base}/api/uploads?use=post`, 'POST', {
    headers: { ...headers, cookie, origin: base },
    body: payload,
  });
}

beforeAll(async () => {
  if (!runs) return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-hosts-'));
  fs.chmodSync(work, 0o755);
  mail = await startMailCatcher();
  s3 = await startS3Server();
  const database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'hv_hosts');
  dropDatabase = database.drop;
  databaseUrl = database.url;
  const ports = [await freePort(), await freePort()];
  const proxyPort = await freePort();
  base = `http://127.0.0.1:${proxyPort}`;
  // Both servers plan tonight's backup for a few seconds from now (server time, HH:MM:SS).
  const soon = new Date(Date.now() + 20_000);
  const schedule = [soon.getHours(), soon.getMinutes(), soon.getSeconds()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
  // Each host serves a web app of its own release, as during a one-at-a-time upgrade.
  const webRoots = ['a1b2', 'c3d4'].map((hash, index) => {
    const web = path.join(work, `web-${index}`);
    fs.mkdirSync(path.join(web, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(web, 'index.html'),
      `<!doctype html><script type="module" src="/assets/index-${hash}.js"></script><link rel="stylesheet" href="/assets/index-${hash}.css">`,
    );
    for (const file of [`index-${hash}.js`, `index-${hash}.css`, `course-${hash}.js`]) {
      fs.writeFileSync(path.join(web, 'assets', file), `/* ${file} */`);
    }
    return web;
  });
  hosts = ports.map((port, index) => ({
    url: `http://127.0.0.1:${port}`,
    ...spawnServer({
      PORT: String(port),
      DATA_DIR: path.join(work, `host-${index}`),
      DATABASE_URL: database.url,
      PUBLIC_URL: base,
      SMTP_URL: mail.url,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      BACKUP_SCHEDULE: schedule,
      WEB_ROOT: webRoots[index],
      ...s3.env,
    }),
  }));
  for (const host of hosts) {
    await untilHealthy(host.url, 40_000).catch((error: Error) => {
      const said = hosts.map((each) => `${each.url} said:\n${each.output()}`).join('\n');
      throw new Error(`${error.message}\n${said}`);
    });
  }
  nginx = startTestNginx(work, {
    servers: hosts.map((host) => `${new URL(host.url).host} max_fails=1 fail_timeout=10s`),
    proxyPort,
    errorLog: 'crit',
  });
  await untilHealthy(base);

  // The academy's first instructor, signed in through nginx (whichever host answers).
  const arrived = mail.next('hosts@example.vn');
  const asked = await request(`${base}/api/sign-in/email-link`, 'POST', {
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'hosts@example.vn' }),
  });
  expect(asked.status, asked.body.toString()).toBe(200);
  const link = mail.linkIn(await arrived, 'http');
  const token = new URL(link.replace('/#/', '/')).searchParams.get('token')!;
  const redeemed = await request(`${base}/api/sign-in/email-link/redeem`, 'POST', {
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ token, email: 'hosts@example.vn' }),
  });
  expect(redeemed.status, redeemed.body.toString()).toBe(200);
  cookie = cookieHeader(redeemed.headers['set-cookie']);
  const onboarded = await request(
    `${base}/api/onboarding`,
    'POST',
    json(instructorForm('Lê Hai Máy')),
  );
  expect(onboarded.status, onboarded.body.toString()).toBe(200);
}, 120_000);

afterAll(async () => {
  if (!runs) return;
  nginx?.kill('SIGQUIT');
  for (const host of hosts ?? []) host.child.kill('SIGTERM');
  await Promise.all([nginx && exited(nginx), ...(hosts ?? []).map((host) => exited(host.child))]);
  await mail?.close();
  await s3?.close();
  await dropDatabase();
  fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!runs)('two servers, one PostgreSQL, one bucket, behind nginx', () => {
  let photo = '';

  it('serves a photo uploaded through one from both, and through nginx every time', async () => {
    const uploaded = await uploadPhoto('#c2185b');
    expect(uploaded.status, uploaded.body.toString()).toBe(201);
    const { secure_url: main, thumbnail_url: small } = JSON.parse(uploaded.body.toString());
    photo = main;
    const medium = main.replace('.webp', '-md.webp');
    for (const address of [...hosts.map((host) => host.url), base, base, base, base]) {
      for (const url of [main, small, medium]) {
        const served = await request(`${address}${url}`);
        expect(served.status, `${address}${url}`).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
    const fromFirst = await request(`${hosts[0]!.url}${main}`);
    const fromSecond = await request(`${hosts[1]!.url}${main}`);
    expect(fromFirst.body.equals(fromSecond.body)).toBe(true);
    // Neither host kept it on its own disk.
    for (const index of [0, 1]) {
      const folder = path.join(work, `host-${index}`, 'media');
      expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
    }
  });

  it('serves every page of either release whole through nginx, its files wherever they are', async () => {
    const missing: string[] = [];
    for (let load = 0; load < 10; load += 1) {
      const page = await request(`${base}/`);
      expect(page.status).toBe(200);
      const files = [...page.body.toString().matchAll(/\/assets\/[a-z]+-([a-z0-9]+)\.(js|css)/g)];
      expect(files.length).toBe(2);
      const hash = files[0]![1]!;
      // The page's own files, and a screen it loads later, each asked for as a browser would.
      for (const url of [...files.map((file) => file[0]), `/assets/course-${hash}.js`]) {
        const served = await request(`${base}${url}`);
        if (served.status !== 200) missing.push(`${url} ${served.status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('carries a post made through one host to a live stream open on the other', async () => {
    const events: string[] = [];
    const stream = http.get(
      `${hosts[1]!.url}/api/events`,
      { headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        expect(response.statusCode).toBe(200);
        response.on('data', (chunk: Buffer) => events.push(chunk.toString()));
      },
    );
    try {
      const opened = Date.now();
      while (events.length === 0 && Date.now() - opened < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const created = await request(`${hosts[0]!.url}/api/posts`, 'POST', {
        ...json({ kind: 'general', text: 'Lịch lớp sáng nay' }),
      });
      expect(created.status, created.body.toString()).toBe(201);
      const { id } = JSON.parse(created.body.toString());
      const sent = Date.now();
      while (!events.join('').includes(id) && Date.now() - sent < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(events.join('')).toContain(id);
    } finally {
      stream.destroy();
    }
  });

  it('takes the nightly backup once, not once per host, and both hosts say so', async () => {
    const dumps = () =>
      [0, 1].flatMap((index) => {
        const folder = path.join(work, `host-${index}`, 'backups');
        return fs.existsSync(folder)
          ? fs
              .readdirSync(folder)
              .filter((name) => name.endsWith('.dump'))
              .map((name) => path.join(folder, name))
          : [];
      });
    // Until the night's backup is recorded as taken (a file alone may be another kind).
    const recorded = async () => {
      const status = await request(`${hosts[0]!.url}/api/admin/backup-status`, 'GET', {
        headers: { cookie },
      });
      return JSON.parse(status.body.toString()).last !== null;
    };
    const deadline = Date.now() + 40_000;
    while (!(await recorded()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Long enough for the other host to have tried too.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const taken = dumps();
    expect(taken).toHaveLength(1);
    nightly = taken[0]!;
    // A pg_dump archive of the academy, readable by the server's user only.
    expect(fs.readFileSync(taken[0]!).subarray(0, 5).toString()).toBe('PGDMP');
    expect(fs.statSync(taken[0]!).mode & 0o777).toBe(0o600);
    for (const host of hosts) {
      const status = await request(`${host.url}/api/admin/backup-status`, 'GET', {
        headers: { cookie },
      });
      expect(status.status).toBe(200);
      const body = JSON.parse(status.body.toString());
      expect(body.last?.bytes).toBe(fs.statSync(taken[0]!).size);
      expect(body).toMatchObject({ lastFailure: null, warning: false });
      expect(body.nightlyAt).toMatch(/^\d\d:\d\d$/);
    }
  }, 60_000);

  it('refuses a restore from a third machine while both hosts serve, naming each, changing nothing', async () => {
    const before = await fingerprint();
    const refused = restoreFromElsewhere(nightly);
    expect(refused.status, refused.stderr).toBe(1);
    expect(refused.stderr).toContain('Máy chủ của học viện đang chạy trên cơ sở dữ liệu này');
    expect(refused.stderr.match(/hoc-vien server \S+ pid \d+/g)).toHaveLength(2);
    expect(await fingerprint()).toEqual(before);
    // Both hosts still know the instructor's session.
    for (const host of hosts) {
      const me = await request(`${host.url}/api/me`, 'GET', { headers: { cookie } });
      expect(JSON.parse(me.body.toString()).state).toBe('member');
    }
  });

  it('goes on serving through nginx when one host is killed with -9', async () => {
    hosts[0]!.child.kill('SIGKILL');
    await exited(hosts[0]!.child);
    for (let round = 0; round < 4; round += 1) {
      expect((await request(`${base}${photo}`)).status).toBe(200);
      expect((await request(`${base}/api/posts`, 'GET', { headers: { cookie } })).status).toBe(200);
    }
    const uploaded = await uploadPhoto('#00897b');
    expect(uploaded.status, uploaded.body.toString()).toBe(201);
    const { secure_url: url } = JSON.parse(uploaded.body.toString());
    expect((await request(`${hosts[1]!.url}${url}`)).status).toBe(200);
  });

  it('still refuses the restore with one host left, and restores once every host is stopped', async () => {
    // The killed host's lock went with its connection: only the live one is named.
    const refused = restoreFromElsewhere(nightly);
    expect(refused.status, refused.stderr).toBe(1);
    expect(refused.stderr.match(/hoc-vien server \S+ pid \d+/g)).toHaveLength(1);
    hosts[1]!.child.kill('SIGTERM');
    await exited(hosts[1]!.child);
    const restored = restoreFromElsewhere(nightly);
    expect(restored.status, restored.stderr).toBe(0);
    // The night's academy: its post is there; the photo uploaded after it is not.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const posts = await client.query(`select count(*)::int as n from posts where text = $1`, [
        'Lịch lớp sáng nay',
      ]);
      expect(posts.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  }, 60_000);
});

/** `hoc-vien restore --replace` from another machine's data folder, on the academy's database. */
function restoreFromElsewhere(file: string) {
  return spawnSync(process.execPath, ['dist/server/cli.mjs', 'restore', '--replace', file], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(work, 'third-machine'),
      LOG_LEVEL: 'silent',
    },
    encoding: 'utf8',
  });
}

/** Every table's row count and a hash of its rows: the academy, to compare before and after. */
async function fingerprint(): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = current_schema() order by 1`,
    );
    const print: Record<string, string> = {};
    for (const { name } of tables.rows) {
      const { rows } = await client.query(
        `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as hash
           from "${name}" t`,
      );
      print[name] = `${rows[0].n}:${rows[0].hash ?? '-'}`;
    }
    return print;
  } finally {
    await client.end();
  }
}
