import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/provision.ts';
import { exited, spawnServer } from './test/server-process.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './test/test-database.ts';

/*
 * The real server process, as `npm start` runs it (without the web build), on this run's
 * engine: it starts, answers /api/health, refuses bad configuration in one line, and shuts down
 * cleanly on SIGTERM.
 */

let database: TestDatabase | undefined;
let databaseUrl: string | undefined;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-proc-'));
  if (testDatabaseKind() === 'postgres') {
    // An empty database: the server must create its own schema at start.
    database = await createTestDatabase({ migrate: false });
    const admin = new URL(process.env.TEST_DATABASE_URL!);
    const name = await database.db
      .selectNoFrom((eb) => eb.fn<string>('current_database').as('name'))
      .executeTakeFirstOrThrow();
    admin.pathname = `/${name.name}`;
    databaseUrl = admin.toString();
  }
});
afterAll(async () => {
  await database?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startServer(env: NodeJS.ProcessEnv) {
  return spawnServer({ LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env });
}

describe(`the server process on ${testDatabaseKind()}`, () => {
  it('starts, migrates, answers /api/health and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const token = 'metrics-secret-0123456789abcdef';
    const { child, output } = startServer({
      PORT: String(port),
      DATABASE_URL: databaseUrl ?? '',
      METRICS_TOKEN: token,
      METRICS_PORT: String(metricsPort),
    });
    let body: unknown;
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
      if (response?.ok) {
        body = await response.json();
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(body, output()).toMatchObject({ status: 'ok', db: testDatabaseKind() });
    // Metrics on their own port, on the loopback; not on the public one.
    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('hoc_vien_http_request_duration_seconds');
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(404);
    expect(output()).toContain('Học viện is ready at');
    // The few plain lines a person who ran `npm start` reads.
    expect(output()).toMatch(/^Học viện \S+ is ready: http/m);
    expect(output()).toMatch(/^ {2}data folder {2}\//m);

    // While it serves, a restore into its data folder is refused (its later writes would be lost).
    const restore = spawnSync(
      'node',
      ['bin/hoc-vien.mjs', 'restore', path.join(dataDir, 'any.tar.gz')],
      {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
      },
    );
    expect(restore.status).toBe(1);
    expect(restore.stderr).toContain('Học viện đang chạy trên thư mục dữ liệu này');

    // A second server on the same folder is refused in words, naming the first.
    const second = startServer({ PORT: String(await freePort()), DATABASE_URL: databaseUrl ?? '' });
    expect(await exited(second.child)).toBe(1);
    expect(second.output()).toContain(`đang được tiến trình ${child.pid} dùng (máy chủ)`);

    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(output()).toContain('shutting down');
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  });

  it('says at once when photos cannot be stored, and serves on', async () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-nophotos-'));
    fs.writeFileSync(path.join(broken, 'media'), 'a file where the photo folder should be');
    const port = await freePort();
    const { child, output } = startServer({
      PORT: String(port),
      DATA_DIR: broken,
      DATABASE_URL: databaseUrl ?? '',
    });
    try {
      const deadline = Date.now() + 15_000;
      let healthy = false;
      while (!healthy && Date.now() < deadline) {
        healthy =
          (await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null))?.ok ?? false;
        if (!healthy) await new Promise((r) => setTimeout(r, 100));
      }
      expect(healthy, output()).toBe(true);
      expect(output()).toContain(
        `Warning: photos cannot be stored in ${path.join(broken, 'media')}`,
      );
    } finally {
      child.kill('SIGTERM');
      await exited(child);
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT="abc": expected a port number from 0 to 65535.'],
    [
      { DATABASE_URL: 'mysql://root@localhost/academy' },
      'Invalid configuration: DATABASE_URL="mysql://root@localhost/academy": expected a URL starting with postgres:// or postgresql://.',
    ],
  ])('refuses %o at start with one clear line', async (env, line) => {
    const { child, output } = startServer(env);
    expect(await exited(child)).toBe(1);
    expect(output().trim().split('\n').at(-1)).toBe(line);
  });
});
