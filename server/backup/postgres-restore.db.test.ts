import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AcademyBusyError, holdPresence } from '../db/presence.ts';
import type { Db } from '../db/schema.ts';
import { academyTrio, setUpAcademy } from '../test/academy.ts';
import { createPostgresDatabase, testDatabaseKind } from '../test/test-database.ts';
import { BackupError } from './backup.ts';
import { findPgTool, restorePostgresDump } from './postgres-restore.ts';

/*
 * A PostgreSQL restore over a live academy's database (`hoc-vien restore --replace`), with
 * dumps as they come from outside: each bad one is refused with the academy exactly as it was
 * (every table's rows hashed before and after), and a good one brings the dump's academy back.
 */
const onPostgres = testDatabaseKind() === 'postgres';
let academy: ReturnType<typeof setUpAcademy<keyof typeof academyTrio>>;
let folder: string;

/** Every table of the academy's schema: its row count and a hash of its rows in order. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema() order by 1`.execute(
    db,
  );
  const print: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const { rows } = await sql<{ n: number; hash: string | null }>`
      select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as hash
        from ${sql.id(name)} t`.execute(db);
    print[name] = `${rows[0]?.n}:${rows[0]?.hash ?? '-'}`;
  }
  return print;
}

async function schemasBeside(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select nspname as name from pg_namespace where nspname like 'hoc_vien_restore_%'`.execute(db);
  return rows.map((row) => row.name);
}

function pgDump(url: string, file: string) {
  const dumped = spawnSync(findPgTool('pg_dump')!, ['--format=custom', `--file=${file}`, url], {
    encoding: 'utf8',
  });
  expect(dumped.status, dumped.stderr).toBe(0);
  return file;
}

/** A dump of the academy with `change` made to a copy of it first: a tampered backup. */
async function tamperedDump(name: string, change: string): Promise<string> {
  const good = pgDump(academy.t.database.url!, path.join(folder, `${name}-source.dump`));
  const copy = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'hv_tamper');
  try {
    const restored = spawnSync(
      findPgTool('pg_restore')!,
      ['--no-owner', '--exit-on-error', `--dbname=${copy.url}`, good],
      { encoding: 'utf8' },
    );
    expect(restored.status, restored.stderr).toBe(0);
    const client = new pg.Client({ connectionString: copy.url });
    await client.connect();
    await client.query(change);
    await client.end();
    return pgDump(copy.url, path.join(folder, `${name}.dump`));
  } finally {
    await copy.drop();
  }
}

describe.skipIf(!onPostgres)('a PostgreSQL restore over an academy', () => {
  academy = setUpAcademy(academyTrio);
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-pg-restore-'));
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  const restore = (file: string) =>
    restorePostgresDump(academy.t.database, academy.t.database.url!, file, { replace: true });

  /** Refused with a message containing `says`, the academy exactly as it was. */
  async function refused(file: string, says: string | RegExp) {
    const { db } = academy.t.database;
    const before = await fingerprint(db);
    const error = await restore(file).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(says);
    expect(await fingerprint(db)).toEqual(before);
    expect(await schemasBeside(db)).toEqual([]);
    const people = await academy.call('admin', 'GET', '/api/me');
    expect(people.statusCode).toBe(200);
  }

  it('refuses a file that starts like a dump and is not one', async () => {
    const file = path.join(folder, 'garbage.dump');
    fs.writeFileSync(file, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(4096, 7)]));
    await refused(file, 'pg_restore không khôi phục được');
  });

  it('refuses a dump cut short, whose table of contents still reads', async () => {
    const whole = fs.readFileSync(pgDump(academy.t.database.url!, path.join(folder, 'whole.dump')));
    const file = path.join(folder, 'cut.dump');
    fs.writeFileSync(file, whole.subarray(0, Math.floor(whole.length * 0.7)));
    await refused(file, 'pg_restore không khôi phục được');
  });

  it('refuses a dump carrying a trigger that makes every newcomer an active admin', async () => {
    const file = await tamperedDump(
      'trigger',
      `create function promote() returns trigger language plpgsql as
         $$ begin new.role := 'admin'; new.status := 'active'; return new; end $$;
       create trigger promote before insert on people for each row execute function promote();`,
    );
    await refused(file, /bị sửa đổi.*(FUNCTION|TRIGGER|function|\$)/s);
  });

  it('refuses a dump carrying a view, or a column the migrations do not make', async () => {
    await refused(
      await tamperedDump('view', 'create view everyone as select * from people'),
      'bị sửa đổi',
    );
    await refused(
      await tamperedDump('column', `alter table people add column secret text default 'x'`),
      /bị sửa đổi.*column:people\.secret/,
    );
    await refused(
      await tamperedDump('default', `alter table people alter column role set default 'admin'`),
      /bị sửa đổi.*column:people\.role/,
    );
  });

  it('refuses while a server of the academy is live on the database, naming it', async () => {
    const url = academy.t.database.url!;
    const leave = await holdPresence(url, { onLost: () => {} });
    try {
      await refused(pgDump(url, path.join(folder, 'live.dump')), /hoc-vien server .+ pid \d+/);
    } finally {
      await leave();
    }
  });

  it('brings the dump’s academy back when every check passes, keeping the server’s secrets', async () => {
    const { db } = academy.t.database;
    const url = academy.t.database.url!;
    const secrets = await sql<{ n: number }>`select count(*)::int as n from server_secrets`.execute(
      db,
    );
    const file = pgDump(url, path.join(folder, 'good.dump'));
    const atDump = await fingerprint(db);
    // Written after the dump: gone once it is restored.
    await sql`update people set name = 'Đổi sau sao lưu' where role = 'student'`.execute(db);
    expect(await fingerprint(db)).not.toEqual(atDump);
    await restore(file);
    expect(await fingerprint(db)).toEqual(atDump);
    expect(await schemasBeside(db)).toEqual([]);
    const kept = await sql<{ n: number }>`select count(*)::int as n from server_secrets`.execute(
      db,
    );
    expect(kept.rows[0]?.n).toBe(secrets.rows[0]?.n);
    // The academy's schema keeps its extension: search still finds people by name.
    const found = await academy.call('admin', 'GET', `/api/search?q=${encodeURIComponent('Lan')}`);
    expect(found.statusCode).toBe(200);
  });

  it('keeps a server from starting while a restore holds the database', async () => {
    const url = academy.t.database.url!;
    const client = new pg.Client({ connectionString: url, application_name: 'hoc-vien restore' });
    await client.connect();
    await client.query('select pg_advisory_lock(7203417002)');
    try {
      await expect(holdPresence(url, { onLost: () => {} })).rejects.toBeInstanceOf(
        AcademyBusyError,
      );
    } finally {
      await client.end();
    }
    const leave = await holdPresence(url, { onLost: () => {} });
    await leave();
  });
});
