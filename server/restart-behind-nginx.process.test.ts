import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, NGINX_PATH } from '../support/provision.ts';
import { startTestNginx } from './test/nginx.ts';
import { exited, untilHealthy } from './test/server-process.ts';
import { testDatabaseKind } from './test/test-database.ts';

/*
 * A restart behind Debian's nginx with the shipped proxy rules, the listening socket held by
 * systemd's socket activation as deploy/hoc-vien.socket holds it: systemd-socket-activate opens
 * it and a loop starts the real server again each time it stops, as systemd's Restart= would.
 * Polled every 0.1 s through nginx across two restarts: no request fails, none is a 502.
 */
const root = path.resolve(import.meta.dirname, '..');
const ACTIVATE = '/usr/bin/systemd-socket-activate';
const ready = fs.existsSync(NGINX_PATH) && fs.existsSync(ACTIVATE);

let work: string;
let holder: ChildProcess;
let nginx: ChildProcess;
let base: string;
let direct: string;

const lockPid = () =>
  Number.parseInt(fs.readFileSync(path.join(work, 'data/server.lock'), 'utf8'), 10);

beforeAll(async () => {
  if (!ready || testDatabaseKind() !== 'sqlite') return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-restart-'));
  fs.chmodSync(work, 0o755);
  const [appPort, proxyPort] = [await freePort(), await freePort()];
  base = `http://127.0.0.1:${proxyPort}`;
  direct = `http://127.0.0.1:${appPort}`;
  // The inner shell names itself as the socket's process (LISTEN_PID) and becomes the server.
  // A pause between starts, as systemd's RestartSec: a server that cannot start never spins.
  const loop = `while [ ! -e "$HV_STOP" ]; do sh -c 'LISTEN_PID=$$ exec "$HV_NODE" --enable-source-maps dist/server/main.mjs'; sleep 0.1; done`;
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: os.homedir(),
    HV_NODE: process.execPath,
    HV_STOP: path.join(work, 'stop'),
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'warn',
    MALLOC_ARENA_MAX: '2',
  };
  // systemd-socket-activate passes on only the variables named with -E, as a unit's Environment=.
  const passed = Object.keys(env).flatMap((name) => ['-E', name]);
  holder = spawn(ACTIVATE, ['-l', `127.0.0.1:${appPort}`, ...passed, 'sh', '-c', loop], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await untilHealthy(direct, 30_000);
  nginx = startTestNginx(work, { servers: [`127.0.0.1:${appPort}`], proxyPort });
  await untilHealthy(base);
}, 60_000);

afterAll(async () => {
  if (!ready || testDatabaseKind() !== 'sqlite') return;
  fs.writeFileSync(path.join(work, 'stop'), '');
  // The loop ends with its shell, whatever became of the stop file.
  holder?.kill('SIGTERM');
  nginx?.kill('SIGQUIT');
  try {
    process.kill(lockPid(), 'SIGTERM');
  } catch {
    // Already gone.
  }
  await Promise.all([nginx && exited(nginx), holder && exited(holder)]);
  fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!ready || testDatabaseKind() !== 'sqlite')(
  'a restart behind nginx, the socket held by systemd',
  () => {
    it('loses no request and answers no 502 across two restarts, polled every 0.1 s', async () => {
      const answers: number[] = [];
      // When each poll was asked and answered, to see that polls ran across each restart.
      const polled: Array<{ asked: number; answered: number }> = [];
      let polling = true;
      const poll = (async () => {
        while (polling) {
          const started = Date.now();
          const status = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(20_000) })
            .then((response) => response.status)
            .catch(() => 0);
          answers.push(status);
          polled.push({ asked: started, answered: Date.now() });
          await new Promise((resolve) =>
            setTimeout(resolve, Math.max(0, 100 - (Date.now() - started))),
          );
        }
      })();
      const gaps: number[] = [];
      const restarts: Array<{ from: number; to: number }> = [];
      for (let restart = 0; restart < 2; restart++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const before = lockPid();
        const stoppedAt = Date.now();
        process.kill(before, 'SIGTERM');
        // The next server holds the folder once it is up.
        for (;;) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const now = fs.existsSync(path.join(work, 'data/server.lock')) ? lockPid() : before;
          if (now !== before && (await fetch(`${direct}/api/health`).catch(() => null))?.ok) break;
        }
        gaps.push(Date.now() - stoppedAt);
        restarts.push({ from: stoppedAt, to: Date.now() });
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      polling = false;
      await poll;
      // The restarts took long enough to matter, and polls were asked while each one ran (a
      // count of polls alone depends on how long each restart held its requests).
      expect(Math.min(...gaps)).toBeGreaterThan(200);
      for (const { from, to } of restarts) {
        const during = polled.filter(({ asked, answered }) => asked < to && answered > from);
        expect(during.length).toBeGreaterThan(0);
      }
      expect(answers.filter((status) => status !== 200)).toEqual([]);
    }, 90_000);
  },
);
