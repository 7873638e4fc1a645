import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/provision.ts';
import { runCli } from './cli/cli.ts';
import { openDatabase } from './db/database.ts';
import { migrations } from './db/migrations/index.ts';
import { exited, spawnServer, untilHealthy } from './test/server-process.ts';
import { createPostgresDatabase, testDatabaseKind } from './test/test-database.ts';

/*
 * Releases side by side on one database (decision 0024). This release's servers run on while the
 * next release's expand step lands on their database (a table and a column added, its step
 * recorded, the oldest step a reader must know left as it was, as the next release's migrator
 * leaves it), and start again on it; a contract step after it (which raises that oldest step) is
 * refused at start with the Vietnamese message, the database left as it was. On PostgreSQL two
 * servers share the database, as two machines of a chain do.
 */
const onPostgres = testDatabaseKind() === 'postgres';
/** The next release's steps, numbered after this release's last. */
const nextStep = (offset: number, name: string) =>
  `${String(Number(Object.keys(migrations).sort().at(-1)!.slice(0, 4)) + offset).padStart(4, '0')}-${name}`;
const EXPAND = nextStep(1, 'next-expand');
const CONTRACT = nextStep(2, 'next-contract');
let work: string;
let env: NodeJS.ProcessEnv;
let drop = async () => {};
const servers: { child: ChildProcess; base: string; output: () => string }[] = [];

async function start(name: string) {
  const port = await freePort();
  const server = spawnServer({
    ...env,
    DATA_DIR: path.join(work, name),
    PORT: String(port),
  });
  const running = { ...server, base: `http://127.0.0.1:${port}` };
  servers.push(running);
  return running;
}

async function stop(server: { child: ChildProcess }) {
  server.child.kill('SIGTERM');
  await exited(server.child);
}

/** Runs SQL on the shared database, as the next release's migrator would. */
async function onDatabase(
  statements: (db: ReturnType<typeof openDatabase>['db']) => Promise<void>,
) {
  const database = openDatabase(
    onPostgres
      ? { kind: 'postgres', url: env.DATABASE_URL! }
      : { kind: 'sqlite', file: path.join(work, 'one/academy.sqlite') },
  );
  try {
    await statements(database.db);
  } finally {
    await database.close();
  }
}

async function doctor() {
  const lines: string[] = [];
  const code = await runCli(
    ['doctor'],
    { ...env, DATA_DIR: path.join(work, 'one') },
    {
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
    },
  );
  return { code, text: lines.join('\n') };
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-side-'));
  env = { LOG_LEVEL: 'warn', PUBLIC_URL: 'http://127.0.0.1' };
  if (onPostgres) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'side_by_side');
    env.DATABASE_URL = created.url;
    drop = created.drop;
  }
}, 60_000);

afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => exited(server.child)));
  await drop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('this release beside the next one on one database', () => {
  it('runs on, and starts again, on the next release’s expand step', async () => {
    const first = await start('one');
    await untilHealthy(first.base, 30_000);
    const second = onPostgres ? await start('two') : undefined;
    if (second) await untilHealthy(second.base, 30_000);

    await onDatabase(async (db) => {
      expect(
        (await sql<{ oldest: string }>`select oldest from schema_readers`.execute(db)).rows,
      ).toEqual([{ oldest: '0011-spend-demo-post-ids' }]);
      await sql`create table next_release_notes (id text primary key, body text)`.execute(db);
      await sql`alter table people add column next_nickname text`.execute(db);
      await sql`insert into kysely_migration (name, timestamp) values (${EXPAND}, '2027-01-01')`.execute(
        db,
      );
    });
    for (const server of [first, second]) {
      if (!server) continue;
      const config = await fetch(`${server.base}/api/public-config`);
      expect(config.status).toBe(200);
    }
    // Started again (a restart, a machine not upgraded yet): it runs, changing nothing.
    await stop(first);
    const again = await start('one');
    await untilHealthy(again.base, 30_000);
    expect((await fetch(`${again.base}/api/public-config`)).status).toBe(200);
    const report = await doctor();
    expect(report.text).toContain(EXPAND);
    expect(report.text).toContain('vẫn chạy được');
    await onDatabase(async (db) => {
      const steps = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      expect(steps.rows.map((row) => row.name)).toContain(EXPAND);
      expect(
        (await sql<{ oldest: string }>`select oldest from schema_readers`.execute(db)).rows,
      ).toEqual([{ oldest: '0011-spend-demo-post-ids' }]);
    });
    await stop(again);
    if (second) await stop(second);
  }, 120_000);

  it('refuses to start after a contract step, with words, changing nothing', async () => {
    await onDatabase(async (db) => {
      await sql`insert into kysely_migration (name, timestamp) values (${CONTRACT}, '2027-02-01')`.execute(
        db,
      );
      await sql`update schema_readers set oldest = ${CONTRACT}`.execute(db);
    });
    const refused = await start('one');
    expect(await exited(refused.child)).toBe(1);
    expect(refused.output()).toContain('Cơ sở dữ liệu mới hơn phiên bản này');
    expect(refused.output()).toContain(CONTRACT);
    const report = await doctor();
    expect(report.code).toBe(1);
    expect(report.text).toContain('Hãy chạy phiên bản Học viện mới hơn');
  }, 60_000);
});
