import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/cli.ts';
import { loadConfig, type S3StoreConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { backupStatus } from '../modules/admin/maintenance.service.ts';
import { loadS3MediaStore } from '../modules/media/s3-media.store.ts';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { createPostgresDatabase, testDatabaseKind } from '../test/test-database.ts';
import { openOffsiteBackups } from './offsite.ts';

/*
 * Backups that outlive the machine (BACKUP_TO_BUCKET=true), on both engines: each backup the
 * command line takes is copied into the bucket, the newest BACKUP_KEEP kept there, beside the
 * photos and never among them; a new machine (a new data folder, a new empty database) restores
 * the newest from the bucket; a bucket that does not answer fails the backup in words, keeps
 * the local file and is recorded for the admin's dashboard.
 */
const onPostgres = testDatabaseKind() === 'postgres';
let s3: TestS3Server;
let work: string;
const drops: (() => Promise<void>)[] = [];

async function machine(name: string): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = {
    ...s3.env,
    // The photos stay on the machine; only the backups go to the bucket.
    MEDIA_STORE: 'local',
    BACKUP_TO_BUCKET: 'true',
    DATA_DIR: path.join(work, name),
    LOG_LEVEL: 'silent',
  };
  if (onPostgres) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, `offsite_${name}`);
    env.DATABASE_URL = created.url;
    drops.push(created.drop);
  }
  return env;
}

async function hocVien(args: string[], env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const code = await runCli(args, env, {
    out: (line) => lines.push(line),
    err: (line) => lines.push(line),
  });
  return { code, text: lines.join('\n') };
}

/** An academy to back up: its admin, then the demo academy. */
async function academyOn(env: NodeJS.ProcessEnv) {
  expect((await hocVien(['admin', 'grant', 'owner@example.vn'], env)).code).toBe(0);
  expect((await hocVien(['demo-data', 'generate'], env)).code).toBe(0);
}

async function people(env: NodeJS.ProcessEnv): Promise<number> {
  const database = openDatabase(loadConfig(env).database);
  try {
    const row = await sql<{ n: number }>`select count(*) as n from people`.execute(database.db);
    return Number(row.rows[0]?.n);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  s3 = await startS3Server('academy-offsite');
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-offsite-'));
});

afterAll(async () => {
  await s3.close();
  for (const drop of drops) await drop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backups copied into the bucket', () => {
  it('copies each backup, keeps the newest there, and a new machine restores the newest', async () => {
    const first = await machine('first');
    await academyOn(first);
    const academy = await people(first);
    expect(academy).toBeGreaterThan(3);
    for (let round = 0; round < 3; round++) {
      const taken = await hocVien(['backup', '--keep', '2'], first);
      expect(taken.text).toContain('Đã chép lên s3://academy-offsite/backups/');
      expect(taken.code).toBe(0);
      // Backups are named to the millisecond; two in one would be one file.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const offsite = await openOffsiteBackups(loadConfig(first).backup.bucket!);
    const stored = await offsite.list();
    expect(stored).toHaveLength(2);
    const local = fs
      .readdirSync(path.join(first.DATA_DIR!, 'backups'))
      .filter((name) => name.startsWith('hoc-vien-'))
      .sort();
    expect(stored.map((backup) => backup.name)).toEqual(local);
    for (const backup of stored) {
      expect(backup.bytes).toBe(
        fs.statSync(path.join(first.DATA_DIR!, 'backups', backup.name)).size,
      );
    }
    // The photos' listing of the same bucket sees none of them.
    const photos = await loadS3MediaStore({
      ...(loadConfig(first).backup.bucket as S3StoreConfig),
    });
    for await (const name of photos.names()) expect(name).not.toMatch(/^hoc-vien-/);

    // A new machine: nothing but the settings.
    const second = await machine('second');
    const missing = await hocVien(
      ['restore', '--from-bucket', 'hoc-vien-20000101-000000-000.dump'],
      second,
    );
    expect(missing.code).toBe(1);
    expect(missing.text).toContain(stored[1]!.name);
    const restored = await hocVien(['restore', '--from-bucket', 'latest'], second);
    expect(restored.text).toContain(`Đã tải ${stored[1]!.name}`);
    expect(restored.code).toBe(0);
    expect(await people(second)).toBe(academy);

    // A rollback's restore over an academy's database: refused without --replace on
    // PostgreSQL, and with it the database is the backup's again, whatever was added since.
    const file = path.join(second.DATA_DIR!, 'backups', stored[1]!.name);
    expect((await hocVien(['admin', 'grant', 'later@example.vn'], second)).code).toBe(0);
    expect(await people(second)).toBe(academy + 1);
    if (onPostgres) {
      const refused = await hocVien(['restore', file], second);
      expect(refused.code).toBe(1);
      expect(refused.text).toContain('đã có dữ liệu của một học viện');
    }
    const replaced = await hocVien(['restore', '--replace', file], second);
    expect(replaced.code, replaced.text).toBe(0);
    expect(await people(second)).toBe(academy);
  }, 120_000);

  it('fails in words when the bucket does not answer, keeps the local backup and tells the admin', async () => {
    const env = await machine('third');
    await academyOn(env);
    await s3.stop();
    try {
      const taken = await hocVien(['backup'], env);
      expect(taken.code).toBe(1);
      expect(taken.text).toContain('không chép được lên bucket');
      const local = fs.readdirSync(path.join(env.DATA_DIR!, 'backups'));
      expect(local.some((name) => name.startsWith('hoc-vien-'))).toBe(true);
      if (!onPostgres) {
        // What Công cụ quản trị and the dashboard read (on PostgreSQL the nightly run's record).
        const database = openDatabase(loadConfig(env).database);
        try {
          const status = await backupStatus(database, env.DATA_DIR!, { at: null, keep: 7 });
          expect(status.lastFailure?.reason).toContain('không chép được lên bucket');
        } finally {
          await database.close();
        }
      }
    } finally {
      await s3.start();
    }
  }, 60_000);

  it('asks for the bucket’s settings with BACKUP_TO_BUCKET=true', async () => {
    const report = await hocVien(['doctor'], {
      DATA_DIR: path.join(work, 'fourth'),
      BACKUP_TO_BUCKET: 'true',
    });
    expect(report.code).toBe(1);
    expect(report.text).toContain('S3_BUCKET must be set when BACKUP_TO_BUCKET=true');
  });
});
