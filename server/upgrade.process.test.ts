import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli/cli.ts';
import { loadConfig } from './config.ts';
import { migrationStatus, openDatabase } from './db/database.ts';
import { migrations } from './db/migrations/index.ts';
import { createPostgresDatabase, testDatabaseKind } from './test/test-database.ts';

/*
 * An academy made by the last release (v0.1.0: its migrations, an admin granted and its demo
 * academy, `server/test/fixtures/README.md` says how), upgraded with `hoc-vien upgrade` as the
 * README says: a backup first, each step said, every row kept, the database then exactly what a
 * new one is, and the doctor content.
 */
const fixtures = path.join(import.meta.dirname, 'test/fixtures');
let dataDir: string;
let env: NodeJS.ProcessEnv;
let dropDatabase = async () => {};

async function hocVien(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, env, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function counts() {
  const database = openDatabase(loadConfig(env).database);
  try {
    const count = async (
      table: 'people' | 'courses' | 'lessons' | 'posts' | 'post_likes' | 'comments' | 'media',
    ) =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      people: await count('people'),
      courses: await count('courses'),
      lessons: await count('lessons'),
      posts: await count('posts'),
      likes: await count('post_likes'),
      comments: await count('comments'),
      media: await count('media'),
    };
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-upgrade-'));
  env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', BACKUP_DIR: path.join(dataDir, 'backups') };
  if (testDatabaseKind() === 'postgres') {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'hv_upgrade');
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
    // The dump sets its session's search path: it gets a connection of its own.
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    try {
      const dump = zlib
        .gunzipSync(fs.readFileSync(path.join(fixtures, 'academy-0.1.0.postgres.sql.gz')))
        .toString();
      // psql's own commands (`\restrict`) are for psql; the SQL is the rest.
      await client.query(dump.replace(/^\\.*$/gm, ''));
    } finally {
      await client.end();
    }
  } else {
    fs.writeFileSync(
      path.join(dataDir, 'academy.sqlite'),
      zlib.gunzipSync(fs.readFileSync(path.join(fixtures, 'academy-0.1.0.sqlite.gz'))),
    );
  }
}, 60_000);

afterAll(async () => {
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('upgrading an academy made by the last release', () => {
  it('backs up, runs each step it needs and says so, and keeps every row', async () => {
    const before = await counts();
    expect(before.posts).toBe(25);
    expect(before.people).toBeGreaterThan(10);

    const status = await hocVien(['migrate', '--status']);
    expect(status.out).toContain('Đang chờ: 0006-spent-ids');

    const upgrade = await hocVien(['upgrade']);
    expect(upgrade.err).toBe('');
    expect(upgrade.code).toBe(0);
    const pending = Object.keys(migrations).filter((name) => name > '0005-fold-more-letters');
    expect(upgrade.out).toContain(
      `cơ sở dữ liệu đã có 5 bước, còn ${pending.length} bước cần chạy`,
    );
    for (const name of pending)
      expect(upgrade.out).toMatch(new RegExp(`Bước ${name}: xong \\(\\d+ ms\\)`));
    const backup = upgrade.out.match(/Đã sao lưu trước khi nâng cấp: (.+)$/m)?.[1] ?? '';
    expect(fs.existsSync(backup)).toBe(true);
    expect(fs.statSync(backup).mode & 0o777).toBe(0o600);
    expect(backup).toMatch(testDatabaseKind() === 'postgres' ? /\.dump$/ : /\.tar\.gz$/);

    expect(await counts()).toEqual(before);
    const database = openDatabase(loadConfig(env).database);
    try {
      expect((await migrationStatus(database.db)).pending).toEqual([]);
      // What the new steps keep: every post's id spent, every photo's uploader.
      const spent = await sql<{ n: number }>`select count(*) as n from post_ids`.execute(
        database.db,
      );
      expect(Number(spent.rows[0]?.n)).toBe(before.posts);
      const uploaders = await sql<{ n: number }>`select count(*) as n from media_uploaders`.execute(
        database.db,
      );
      expect(Number(uploaders.rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await database.close();
    }

    const again = await hocVien(['upgrade']);
    expect(again.out).toContain('không cần nâng cấp');
    const doctor = await hocVien(['doctor']);
    expect(doctor.err).toBe('');
    expect(doctor.code).toBe(0);
  }, 60_000);
});
