import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from './cli/cli.ts';
import { loadConfig } from './config.ts';
import { migrationStatus, openDatabase } from './db/database.ts';
import { migrations } from './db/migrations/index.ts';
import { startServer } from './start.ts';
import { academyFixture } from './test/academy-fixture.ts';
import { testDatabaseKind } from './test/test-database.ts';

/*
 * Academies made by earlier releases (their migrations, an admin granted and their demo academy;
 * `server/test/fixtures/README.md` says how), upgraded with `hoc-vien upgrade` as the README says:
 * a backup first, each step said, every row kept, nothing pending after, and the doctor content.
 * v0.1.0 is the oldest an academy may still run; v0.3.0 also finished one student's course,
 * v0.4.0 issued her a certificate and has her consent to show her work, and v0.5.0 (the last
 * release) also has the academy's own name: the upgrade must keep each. A release is named by its
 * last step, so its entry holds as later releases add theirs; until they do, the last release's
 * academy needs no upgrade and must say so.
 */
interface Release {
  version: string;
  /** How many steps its database has, and the last of them. */
  steps: number;
  lastStep: string;
  /** What the fixture holds beyond the demo academy: finished courses, consents, certificates. */
  finished: number;
  consented: number;
  certificates: number;
  /** Academies named by an admin (`academy_identity`, from v0.5.0). */
  named: number;
}

const RELEASES: Release[] = [
  {
    version: '0.1.0',
    steps: 5,
    lastStep: '0005-fold-more-letters',
    finished: 0,
    consented: 0,
    certificates: 0,
    named: 0,
  },
  {
    version: '0.3.0',
    steps: 7,
    lastStep: '0007-course-finished',
    finished: 1,
    consented: 0,
    certificates: 0,
    named: 0,
  },
  {
    version: '0.4.0',
    steps: 10,
    lastStep: '0010-certificates',
    finished: 1,
    consented: 1,
    certificates: 1,
    named: 0,
  },
  {
    version: '0.5.0',
    steps: 14,
    lastStep: '0014-student-imports',
    finished: 1,
    consented: 1,
    certificates: 1,
    named: 1,
  },
];

/** An academy as `version` left it, in a new data folder (and PostgreSQL database). */
async function academyOf(version: string, name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const academy = await academyFixture(version, dataDir, name);
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    BACKUP_DIR: path.join(dataDir, 'backups'),
    ...academy.env,
  };
  return { dataDir, env, drop: academy.drop };
}

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
    ({ dataDir, env, drop: dropDatabase } = await academyOf(release.version, 'hv_upgrade'));
  }, 60_000);

  afterAll(async () => {
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('backs up, runs each step it needs and says so, and keeps every row', async () => {
    const before = await counts();
    expect(before.posts).toBe(25);
    expect(before.people).toBeGreaterThan(10);
    const steps = Object.keys(migrations);
    expect(steps.indexOf(release.lastStep)).toBe(release.steps - 1);
    const pending = steps.slice(release.steps);

    const status = await hocVien(['migrate', '--status']);
    expect(status.out).toContain(`Đã chạy: ${release.lastStep}`);
    if (pending.length > 0) expect(status.out).toContain(`Đang chờ: ${pending[0]}`);
    else expect(status.out).not.toContain('Đang chờ');

    const upgrade = await hocVien(['upgrade']);
    expect(upgrade.err).toBe('');
    expect(upgrade.code).toBe(0);
    if (pending.length > 0) {
      expect(upgrade.out).toContain(
        `cơ sở dữ liệu đã có ${release.steps} bước, còn ${pending.length} bước cần chạy`,
      );
      for (const name of pending)
        expect(upgrade.out).toMatch(new RegExp(`Bước ${name}: xong \\(\\d+ ms\\)`));
      const backup = upgrade.out.match(/Đã sao lưu trước khi nâng cấp: (.+)$/m)?.[1] ?? '';
      expect(fs.existsSync(backup)).toBe(true);
      expect(fs.statSync(backup).mode & 0o777).toBe(0o600);
      expect(backup).toMatch(testDatabaseKind() === 'postgres' ? /\.dump$/ : /\.tar\.gz$/);
    } else {
      expect(upgrade.out).toContain('không cần nâng cấp');
    }

    expect(await counts()).toEqual(before);
    const database = openDatabase(loadConfig(env).database);
    try {
      expect((await migrationStatus(database.db)).pending).toEqual([]);
      const number = async (query: ReturnType<typeof sql<{ n: number }>>) =>
        Number((await query.execute(database.db)).rows[0]?.n);
      // What the steps keep: every post's id spent, every photo's uploader.
      expect(await number(sql`select count(*) as n from post_ids`)).toBe(before.posts);
      expect(await number(sql`select count(*) as n from media_uploaders`)).toBeGreaterThan(0);
      // What earlier releases made stays; what a step adds starts empty and off: the showcase
      // is closed and nobody's work is featured until someone chooses to.
      expect(await number(sql`select count(*) as n from people where showcase_consent = 1`)).toBe(
        release.consented,
      );
      expect(
        await number(sql`select count(*) as n from public_config where showcase_enabled = 1`),
      ).toBe(0);
      expect(await number(sql`select count(*) as n from certificates`)).toBe(release.certificates);
      expect(await number(sql`select count(*) as n from featured_works`)).toBe(0);
      expect(
        await number(sql`select count(*) as n from enrolments where finished_at is not null`),
      ).toBe(release.finished);
      expect(
        await number(
          sql`select count(*) as n from academy_identity where name = 'Học viện Nail Hoa Mai'`,
        ),
      ).toBe(release.named);
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

describe('a new release started on an older academy without hoc-vien upgrade', () => {
  it('backs the database up before its new steps, then runs them', async () => {
    const academy = await academyOf('0.3.0', 'hv_start');
    const said: string[] = [];
    const info = vi.spyOn(console, 'info').mockImplementation((line: unknown) => {
      said.push(String(line));
    });
    try {
      const server = await startServer(
        loadConfig({ ...academy.env, HOST: '127.0.0.1', PORT: '0' }),
        { logger: false },
      );
      await server.close();
      const backedUp = said.find((line) => line.startsWith('Database: backed up'));
      const file = backedUp?.match(/to (.+)\.$/)?.[1] ?? '';
      expect(fs.existsSync(file), said.join('\n')).toBe(true);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // The backup came before the steps, and the steps ran.
      const firstStep = said.findIndex((line) => line.startsWith('Database: applied'));
      expect(firstStep).toBeGreaterThan(said.indexOf(backedUp ?? ''));
      const database = openDatabase(loadConfig(academy.env).database);
      try {
        expect((await migrationStatus(database.db)).pending).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      info.mockRestore();
      await academy.drop();
      fs.rmSync(academy.dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('changes nothing when no backup can be taken, and says why', async () => {
    const academy = await academyOf('0.3.0', 'hv_nobackup');
    // A backup folder that cannot be made (under a file).
    fs.writeFileSync(path.join(academy.dataDir, 'a-file'), '');
    const env = { ...academy.env, BACKUP_DIR: path.join(academy.dataDir, 'a-file', 'backups') };
    try {
      const database = openDatabase(loadConfig(env).database);
      const before = (await migrationStatus(database.db)).pending.length;
      await database.close();
      await expect(
        startServer(loadConfig({ ...env, HOST: '127.0.0.1', PORT: '0' }), { logger: false }),
      ).rejects.toThrow(/no backup could be taken first, so nothing was changed/);
      const after = openDatabase(loadConfig(env).database);
      try {
        expect((await migrationStatus(after.db)).pending.length).toBe(before);
      } finally {
        await after.close();
      }
    } finally {
      await academy.drop();
      fs.rmSync(academy.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
