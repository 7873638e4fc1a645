import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type PostgresCluster, startPostgresCluster } from '../support/provision.ts';
import { spawnServer, untilHealthy } from './test/server-process.ts';
import { testDatabaseKind } from './test/test-database.ts';

/*
 * Losing the database: the real server process on a PostgreSQL server of its own, which the
 * test shuts down and starts again. While it is down every answer that needs it is a 503 with
 * the Vietnamese message (the process stays up); when it is back the server recovers by itself,
 * reads and writes, with no restart.
 */

const onPostgres = testDatabaseKind() === 'postgres';

let cluster: PostgresCluster;
let server: ChildProcess;
let base: string;
let dataDir: string;

beforeAll(async () => {
  if (!onPostgres) return;
  cluster = await startPostgresCluster();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-dbloss-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawnServer({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: String(port),
    DATABASE_URL: cluster.url,
  }).child;
  await untilHealthy(base);
}, 60_000);
afterAll(async () => {
  if (!onPostgres) return;
  server?.kill('SIGKILL');
  await cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function get(url: string, init: RequestInit = {}) {
  return fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(8_000) }).catch(
    () => undefined,
  );
}

async function until(ready: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('timed out');
}

describe.runIf(onPostgres)('database loss (PostgreSQL stopped and started again)', () => {
  it('answers 503 with a clear message while the database is down, and recovers by itself', async () => {
    expect((await get('/api/public-config'))?.status).toBe(200);

    await cluster.pause();
    const health = await get('/api/health');
    expect(health?.status).toBe(503);
    expect(await health!.json()).toMatchObject({ status: 'unavailable', db: 'postgres' });
    for (const [url, init] of [
      ['/api/public-config', {}],
      ['/api/me', {}],
      [
        '/api/sign-in/email-link',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'ai-do@example.vn' }),
        },
      ],
    ] as const) {
      const response = await get(url, init);
      expect(response?.status, url).toBe(503);
      expect((await response!.json()).error).toMatchObject({
        code: 'database_unavailable',
        message: 'Không kết nối được cơ sở dữ liệu. Vui lòng thử lại sau.',
      });
    }
    expect(server.exitCode).toBeNull();

    await cluster.resume();
    await until(async () => (await get('/api/health'))?.status === 200, 15_000);
    expect((await get('/api/public-config'))?.status).toBe(200);
    const write = await get('/api/sign-in/email-link', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ai-do@example.vn' }),
    });
    expect(write?.status).toBe(200);
  }, 60_000);
});
