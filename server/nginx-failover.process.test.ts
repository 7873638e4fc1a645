import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, NGINX_PATH } from '../support/provision.ts';
import { startTestNginx } from './test/nginx.ts';
import { exited } from './test/server-process.ts';
import { testDatabaseKind } from './test/test-database.ts';

/*
 * The shipped proxy rules in front of two servers, one of which takes connections and never
 * answers (a release starting again and again behind its socket, or a hung process): reads are
 * answered by the other, the first within the README's 20 s, the rest at once while the silent
 * one is skipped. The servers are stand-ins: what is tested is nginx with deploy/nginx as it is.
 */
const runs = fs.existsSync(NGINX_PATH) && testDatabaseKind() === 'sqlite';
let work: string;
let silent: net.Server;
let held: net.Socket[] = [];
let answering: http.Server;
let nginx: ChildProcess;
let base: string;

const listen = (server: net.Server, port: number) =>
  new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

beforeAll(async () => {
  if (!runs) return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-failover-'));
  fs.chmodSync(work, 0o755);
  const [silentPort, answeringPort, proxyPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  silent = net.createServer((socket) => {
    held.push(socket);
  });
  await listen(silent, silentPort);
  answering = http.createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ status: 'ok', url: request.url }));
  });
  await listen(answering, answeringPort);
  nginx = startTestNginx(work, {
    // The silent one first: round robin sends the first request to it.
    servers: [
      `127.0.0.1:${silentPort} max_fails=1 fail_timeout=30s`,
      `127.0.0.1:${answeringPort} max_fails=1 fail_timeout=30s`,
    ],
    proxyPort,
    errorLog: 'crit',
  });
  base = `http://127.0.0.1:${proxyPort}`;
  // Up once it takes connections; no request yet, so none has met the silent server.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const probe = net.connect(proxyPort, '127.0.0.1', () => {
        probe.destroy();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}, 60_000);

afterAll(async () => {
  if (!runs) return;
  nginx?.kill('SIGQUIT');
  await exited(nginx);
  for (const socket of held) socket.destroy();
  held = [];
  silent?.close();
  answering?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe.skipIf(!runs)(
  'nginx in front of a server that takes connections and never answers',
  () => {
    it('answers every read from the other, the first within the stated timeout', async () => {
      const timings: number[] = [];
      for (let round = 0; round < 6; round += 1) {
        const started = Date.now();
        const answer = await fetch(`${base}/api/posts?round=${round}`);
        expect(answer.status).toBe(200);
        timings.push(Date.now() - started);
      }
      // The first (or second: nginx's round robin starts anywhere) met the silent server.
      expect(Math.max(...timings)).toBeGreaterThan(15_000);
      expect(Math.max(...timings)).toBeLessThan(25_000);
      // Once given up on, the silent server is skipped: the rest come at once.
      expect(timings.filter((ms) => ms > 2_000)).toHaveLength(1);
    }, 60_000);
  },
);
