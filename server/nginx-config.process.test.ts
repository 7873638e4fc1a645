import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX_PATH } from '../support/provision.ts';
import { exited } from './test/server-process.ts';
import { testDatabaseKind } from './test/test-database.ts';

/*
 * The shipped nginx site files, as they are, on Debian's nginx with Debian's own nginx.conf: in a
 * network namespace of this test's own (ports 80 and 443, the app on 127.0.0.1:3000 as the files
 * say) and a private mount namespace where the test's copy of /etc/nginx, holding the shipped
 * files where the README puts them, and a self-signed certificate stand where nginx looks. The
 * first stage (plain HTTP, for certbot to extend) and the HTTPS file each pass `nginx -t` and
 * serve the app. Needs root (namespaces), Debian's nginx, iproute2 and openssl.
 */
const root = path.resolve(import.meta.dirname, '..');
const NAME = 'academy.example.vn';
const canRun =
  testDatabaseKind() === 'sqlite' &&
  process.getuid?.() === 0 &&
  fs.existsSync(NGINX_PATH) &&
  fs.existsSync('/etc/nginx/nginx.conf') &&
  spawnSync('ip', ['-V']).status === 0;

let work: string;
let namespace: string;
let app: ChildProcess | undefined;

/** Runs a command inside the test's network namespace. */
function inNamespace(command: string, args: string[]) {
  return spawnSync('ip', ['netns', 'exec', namespace, command, ...args], { encoding: 'utf8' });
}

/** A shell script run with the test's /etc/nginx, certificate and /run in a private mount namespace. */
function withNginxFiles(script: string) {
  const mounts = [
    `mount --bind ${work}/etc-nginx /etc/nginx`,
    `mount --bind ${work}/ssl /etc/ssl`,
    'mount -t tmpfs tmpfs /run',
    'mount -t tmpfs tmpfs /var/log/nginx',
    'mkdir -p /var/lib/nginx',
  ].join(' && ');
  return [
    'unshare',
    ['--mount', '--propagation', 'private', 'sh', '-c', `${mounts} && ${script}`],
  ] as const;
}

/** Lays out /etc/nginx as Debian's, with the shipped files where the README puts them. */
function layOut(site: string) {
  const etc = path.join(work, 'etc-nginx');
  fs.rmSync(etc, { recursive: true, force: true });
  fs.cpSync('/etc/nginx', etc, { recursive: true, dereference: false });
  fs.rmSync(path.join(etc, 'sites-enabled'), { recursive: true, force: true });
  fs.mkdirSync(path.join(etc, 'sites-enabled'));
  fs.copyFileSync(
    path.join(root, 'deploy/nginx/hoc-vien-proxy.conf'),
    path.join(etc, 'snippets/hoc-vien-proxy.conf'),
  );
  fs.copyFileSync(
    path.join(root, 'deploy/nginx', site),
    path.join(etc, 'sites-available/hoc-vien'),
  );
  fs.symlinkSync('/etc/nginx/sites-available/hoc-vien', path.join(etc, 'sites-enabled/hoc-vien'));
}

let nginx: ChildProcess | undefined;

async function startNginx(site: string) {
  layOut(site);
  const check = spawnSync(
    'ip',
    ['netns', 'exec', namespace, ...withNginxFiles(`${NGINX_PATH} -t`).flat()],
    { encoding: 'utf8' },
  );
  expect(check.status, check.stderr).toBe(0);
  expect(check.stderr).toContain('test is successful');
  const [command, args] = withNginxFiles(`exec ${NGINX_PATH} -g 'daemon off;'`);
  nginx = spawn('ip', ['netns', 'exec', namespace, command, ...args], { stdio: 'inherit' });
  await until(
    () => curl(['-s', '-o', '/dev/null', '-w', '%{http_code}', `http://${NAME}/`]).stdout !== '000',
  );
}

async function stopNginx() {
  nginx?.kill('SIGQUIT');
  if (nginx) await exited(nginx);
  nginx = undefined;
}

/** curl from inside the namespace, with the academy's name resolving to its loopback. */
function curl(args: string[]) {
  return inNamespace('curl', [
    '--resolve',
    `${NAME}:80:127.0.0.1`,
    '--resolve',
    `${NAME}:443:127.0.0.1`,
    '--max-time',
    '10',
    ...args,
  ]);
}

async function until(ready: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  if (!canRun) return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-nginx-site-'));
  fs.chmodSync(work, 0o755);
  namespace = `hv-nginx-${process.pid}`;
  execFileSync('ip', ['netns', 'add', namespace]);
  inNamespace('ip', ['link', 'set', 'lo', 'up']);
  // The certificate where hoc-vien-https.conf looks for one (/etc/ssl/hoc-vien/).
  const ssl = path.join(work, 'ssl/hoc-vien');
  fs.mkdirSync(ssl, { recursive: true });
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${NAME}`,
      '-addext',
      `subjectAltName=DNS:${NAME}`,
      '-keyout',
      path.join(ssl, 'privkey.pem'),
      '-out',
      path.join(ssl, 'fullchain.pem'),
    ],
    { stdio: 'ignore' },
  );
  // The app as deploy/hoc-vien.service runs it: 127.0.0.1:3000, behind one proxy.
  app = spawn(
    'ip',
    ['netns', 'exec', namespace, process.execPath, '--enable-source-maps', 'dist/server/main.mjs'],
    {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: '3000',
        DATA_DIR: path.join(work, 'data'),
        PUBLIC_URL: `https://${NAME}`,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: 'inherit',
    },
  );
  await until(() => inNamespace('curl', ['-sf', 'http://127.0.0.1:3000/api/health']).status === 0);
}, 60_000);

afterAll(async () => {
  if (!canRun) return;
  await stopNginx();
  app?.kill('SIGTERM');
  if (app) await exited(app);
  spawnSync('ip', ['netns', 'del', namespace]);
  fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!canRun)('the shipped nginx site files on Debian’s nginx', () => {
  it('first stage (hoc-vien.conf): passes nginx -t and serves the app over plain HTTP', async () => {
    await startNginx('hoc-vien.conf');
    try {
      const health = curl(['-s', `http://${NAME}/api/health`]);
      expect(JSON.parse(health.stdout)).toMatchObject({ status: 'ok' });
      const page = curl([
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{content_type}',
        `http://${NAME}/`,
      ]);
      expect(page.stdout).toMatch(/^200 text\/html/);
    } finally {
      await stopNginx();
    }
  }, 60_000);

  it('with a certificate (hoc-vien-https.conf): HTTPS with HTTP/2, and plain HTTP sent there', async () => {
    await startNginx('hoc-vien-https.conf');
    try {
      const health = curl([
        '-sk',
        '--http2',
        '-w',
        '\n%{http_version}',
        `https://${NAME}/api/health`,
      ]);
      const [body, version] = health.stdout.split('\n');
      expect(JSON.parse(body ?? '')).toMatchObject({ status: 'ok' });
      expect(version).toBe('2');
      const redirect = curl([
        '-s',
        '-o',
        '/dev/null',
        '-w',
        '%{http_code} %{redirect_url}',
        `http://${NAME}/api/health`,
      ]);
      expect(redirect.stdout).toBe(`301 https://${NAME}/api/health`);
      // Live events pass through unbuffered: the first bytes arrive while the stream stays open.
      const events = curl(['-sk', '-N', '--max-time', '3', `https://${NAME}/api/events`]);
      expect(events.stdout).toContain('"code":"unauthenticated"');
      // HSTS comes from the app, behind https.
      const headers = curl(['-skI', `https://${NAME}/`]);
      expect(headers.stdout.toLowerCase()).toContain('strict-transport-security');
    } finally {
      await stopNginx();
    }
  }, 60_000);
});
