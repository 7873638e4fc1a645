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
 * Academies made by earlier releases (their migrations, an admin granted and their demo academy;
 * `server/test/fixtures/README.md` says how), upgraded with `hoc-vien upgrade` as the README says:
 * a backup first, each step said, every row kept, nothing pending after, and the doctor content.
 * v0.1.0 is the oldest an academy may still run; v0.3.0 the last release (it also finished one
 * student's course, which the upgrade must keep).
 */
const fixtures = path.join(import.meta.dirname, 'test/fixtures');

interface Release {
  version: string;
  /** How many steps its database has, and the first one it lacks. */
  steps: number;
  firstPending: string;
}

const RELEASES: Release[] = [
  { version: '0.1.0', steps: 5, firstPending: '0006-spent-ids' },
  { version: '0.3.0', steps: 7, firstPending: '0008-scheduled-runs' },
];

describe.each(RELEASES)('upgrading an academy made by v$version', (release) => {
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
        table:
          | 'people'
          | 'courses'
          | 'lessons'
          | 'posts'
          | 'post_likes'
          | 'comments'
          | 'media'
          | 'enrolments',
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
        enrolments: await count('enrolments'),
      };
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-upgrade-'));
    env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', BACKUP_DIR: path.join(dataDir, 'backups') };
    const fixture = (kind: string) =>
      zlib.gunzipSync(fs.readFileSync(path.join(fixtures, `academy-${release.version}.${kind}`)));
    if (testDatabaseKind() === 'postgres') {
      const created = await createPostgresDatabase(
        process.env.TEST_DATABASE_URL!,
        `hv_upgrade_${release.version.replaceAll('.', '_')}`,
      );
      env.DATABASE_URL = created.url;
      dropDatabase = created.drop;
      // The dump sets its session's search path: it gets a connection of its own.
      const client = new pg.Client({ connectionString: created.url });
      await client.connect();
      try {
        // psql's own commands (`\restrict`) are for psql; the SQL is the rest.
        await client.query(
          fixture('postgres.sql.gz')
            .toString()
            .replace(/^\\.*$/gm, ''),
        );
      } finally {
        await client.end();
      }
    } else {
      fs.writeFileSync(path.join(dataDir, 'academy.sqlite'), fixture('sqlite.gz'));
    }
  }, 60_000);

  afterAll(async () => {
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('backs up, runs each step it needs and says so, and keeps every row', async () => {
    const before = await counts();
    expect(before.posts).toBe(25);
    expect(before.people).toBeGreaterThan(10);

    const status = await hocVien(['migrate', '--status']);
    expect(status.out).toContain(`Đang chờ: ${release.firstPending}`);

    const upgrade = await hocVien(['upgrade']);
    expect(upgrade.err).toBe('');
    expect(upgrade.code).toBe(0);
    const pending = Object.keys(migrations).filter((name) => name >= release.firstPending);
    expect(upgrade.out).toContain(
      `cơ sở dữ liệu đã có ${release.steps} bước, còn ${pending.length} bước cần chạy`,
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
      const number = async (query: ReturnType<typeof sql<{ n: number }>>) =>
        Number((await query.execute(database.db)).rows[0]?.n);
      // What the steps keep: every post's id spent, every photo's uploader.
      expect(await number(sql`select count(*) as n from post_ids`)).toBe(before.posts);
      expect(await number(sql`select count(*) as n from media_uploaders`)).toBeGreaterThan(0);
      // What they add starts empty and off: nobody has agreed to show her work, the showcase is
      // closed, no certificate was issued for a course finished before certificates existed.
      expect(await number(sql`select count(*) as n from people where showcase_consent = 1`)).toBe(
        0,
      );
      expect(
        await number(sql`select count(*) as n from public_config where showcase_enabled = 1`),
      ).toBe(0);
      expect(await number(sql`select count(*) as n from certificates`)).toBe(0);
      expect(await number(sql`select count(*) as n from featured_works`)).toBe(0);
      if (release.version === '0.3.0') {
        expect(
          await number(sql`select count(*) as n from enrolments where finished_at is not null`),
        ).toBe(1);
      }
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
