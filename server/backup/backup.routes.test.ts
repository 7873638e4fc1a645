import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { finished, pipeline } from 'node:stream/promises';
import { createGunzip, createGzip, gunzipSync, gzipSync } from 'node:zlib';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../cli/cli.ts';
import { openDatabase } from '../db/database.ts';
import { backUp, backupDownloadWait } from '../modules/admin/maintenance.service.ts';
import { academyTrio, setUpAcademy } from '../test/academy.ts';
import { createPostgresDatabase, testDatabaseKind } from '../test/test-database.ts';
import {
  BackupError,
  type BackupManifest,
  isPhotoVariant,
  KEEP_BEFORE_RESTORE,
  restoreBackup,
} from './backup.ts';
import { holdDataDir } from './data-dir-lock.ts';

interface ArchiveEntry {
  name: string;
  data: Buffer;
}

/** Every entry of a backup, in order (test archives are small). */
async function readArchive(file: string): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  const extract = tar.extract();
  extract.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      entries.push({ name: header.name, data: Buffer.concat(chunks) });
      next();
    });
  });
  await pipeline(fs.createReadStream(file), createGunzip(), extract);
  return entries;
}

async function writeArchive(file: string, entries: ArchiveEntry[]) {
  const pack = tar.pack();
  const done = pipeline(pack, createGzip(), fs.createWriteStream(file));
  for (const entry of entries) pack.entry({ name: entry.name }, entry.data);
  pack.finalize();
  await done;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Rewrites a backup through `change`, keeping the manifest's hashes true to the new entries. */
async function forge(
  from: string,
  to: string,
  change: (entries: ArchiveEntry[], manifest: BackupManifest) => void,
  options: { rehash?: boolean } = {},
) {
  const entries = await readArchive(from);
  const manifest = JSON.parse(entries[0]!.data.toString()) as BackupManifest;
  const rest = entries.slice(1);
  change(rest, manifest);
  if (options.rehash ?? true) {
    manifest.entries = manifest.entries.map((listed) => {
      const entry = rest.find((e) => e.name === listed.name);
      return entry ? { ...listed, size: entry.data.length, sha256: sha256(entry.data) } : listed;
    });
  }
  await writeArchive(to, [
    { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) },
    ...rest,
  ]);
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-backup-'));
const dataDir = path.join(work, 'data');
// Registered before the academy, so the folder goes after the app has stopped.
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const { t, cookie } = setUpAcademy(academyTrio, { env: { DATA_DIR: dataDir } });

const download = () =>
  t.app.inject({ method: 'GET', url: '/api/admin/backup', headers: { cookie: cookie.admin } });

/** What an academy holds, read straight from a database: the same before and after restore. */
async function contents(file: string) {
  const database = openDatabase({ kind: 'sqlite', file });
  try {
    const { db } = database;
    return {
      people: await db
        .selectFrom('people')
        .select(['id', 'name', 'role', 'status'])
        .orderBy('id')
        .execute(),
      courses: await db.selectFrom('courses').select(['id', 'name']).orderBy('id').execute(),
      lessons: await db.selectFrom('lessons').select(['id', 'title']).orderBy('id').execute(),
      posts: await db
        .selectFrom('posts')
        .select(['id', 'text', 'rating', 'like_count', 'comment_count'])
        .orderBy('id')
        .execute(),
      photos: await db.selectFrom('post_media').select(['post_id', 'url']).orderBy('id').execute(),
      comments: await db.selectFrom('comments').select(['id', 'text']).orderBy('id').execute(),
    };
  } finally {
    await database.close();
  }
}

describe.runIf(testDatabaseKind() === 'postgres')('backup on PostgreSQL', () => {
  it('downloads the database and its photos, and a new machine restores both', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/admin/demo-data',
      headers: { cookie: cookie.admin },
    });
    expect(made.statusCode).toBe(201);
    const response = await download();
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/hoc-vien-\d{8}-\d{6}-\d{3}\.tar\.gz/);
    const archive = path.join(work, 'postgres.tar.gz');
    fs.writeFileSync(archive, response.rawPayload);
    const entries = await readArchive(archive);
    const manifest = JSON.parse(entries[0]!.data.toString('utf8')) as BackupManifest;
    expect(manifest.database).toBe('academy.dump');
    expect(entries[1]!.data.subarray(0, 5).toString('latin1')).toBe('PGDMP');
    const stored = fs.readdirSync(path.join(dataDir, 'media')).sort();
    expect(stored.length).toBeGreaterThan(0);
    expect([...manifest.media].sort()).toEqual(stored);
    // The dump it was packed from does not stay in the data folder.
    await vi.waitFor(() =>
      expect(fs.readdirSync(path.join(dataDir, '.backup-downloads'))).toEqual([]),
    );

    const fresh = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'hv_pgbackup');
    const machine = path.join(work, 'new-machine');
    const env = { DATA_DIR: machine, DATABASE_URL: fresh.url, LOG_LEVEL: 'silent' };
    try {
      // A SQLite academy's folder is told what this backup is, and nothing is written there.
      const sqliteFolder = path.join(work, 'sqlite-machine');
      const refused = await hocVien(['restore', archive], { DATA_DIR: sqliteFolder });
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('học viện chạy PostgreSQL');
      expect(fs.existsSync(path.join(sqliteFolder, 'academy.sqlite'))).toBe(false);

      const restored = await hocVien(['restore', archive], env);
      expect(restored, restored.err).toMatchObject({ code: 0 });
      // The photos come back; their variants are made again from them (isPhotoVariant).
      const photos = stored.filter((name) => !isPhotoVariant(name));
      expect(restored.out).toContain(`${photos.length} ảnh`);
      expect(fs.readdirSync(path.join(machine, 'media')).sort()).toEqual(photos);
      const there = openDatabase({ kind: 'postgres', url: fresh.url });
      try {
        const count = async (db: typeof t.database.db, table: 'people' | 'posts' | 'session') =>
          Number(
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        expect(await count(there.db, 'people')).toBe(await count(t.database.db, 'people'));
        expect(await count(there.db, 'posts')).toBe(await count(t.database.db, 'posts'));
        // Like a SQLite backup, it opens no one's session.
        expect(await count(t.database.db, 'session')).toBeGreaterThan(0);
        expect(await count(there.db, 'session')).toBe(0);
      } finally {
        await there.close();
      }
      // Into a database that now holds an academy: refused, as a .dump's restore is.
      const again = await hocVien(['restore', archive], env);
      expect(again.code).toBe(1);
      expect(again.err).toContain('đã có dữ liệu của một học viện');
    } finally {
      await fresh.drop();
    }
  });
});

/** `hoc-vien …` as an operator runs it, with the settings in `env`. */
async function hocVien(args: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, env, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe.runIf(testDatabaseKind() === 'sqlite')('backup and restore', () => {
  let archive: string;

  it('downloads a backup and restores it into another data directory with the same data', async () => {
    // An academy with courses, evaluations, photos, comments and likes.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/admin/demo-data',
          headers: { cookie: cookie.admin },
        })
      ).statusCode,
    ).toBe(201);
    const response = await download();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/gzip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="hoc-vien-\d{8}-\d{6}-\d{3}\.tar\.gz"$/,
    );
    archive = path.join(work, 'backup.tar.gz');
    fs.writeFileSync(archive, response.rawPayload);
    const restoredDir = path.join(work, 'restored');
    const { manifest } = await restoreBackup(archive, restoredDir);
    expect(manifest.media.length).toBeGreaterThan(0);
    const restored = await contents(path.join(restoredDir, 'academy.sqlite'));
    expect(restored.posts.length).toBeGreaterThan(10);
    expect(restored).toEqual(await contents(t.database.file!));
    // The photos come back as they were; their variants are made again from them when asked.
    for (const name of manifest.media.filter((each) => !isPhotoVariant(each))) {
      expect(fs.readFileSync(path.join(restoredDir, 'media', name))).toEqual(
        fs.readFileSync(path.join(dataDir, 'media', name)),
      );
    }
    // The demo academy's photos are drawn by sharp: most of this test, slower on a loaded machine.
  }, 60_000);

  it('takes a sound backup while people keep writing: integrity, counts, photos all hold', async () => {
    const { db } = t.database;
    const postIds = (await db.selectFrom('posts').select('id').execute()).map((row) => row.id);
    let writing = true;
    let written = 0;
    const writer = async (who: 'admin' | 'teacher') => {
      for (let n = 0; writing; n += 1) {
        const postId = postIds[(n * 7) % postIds.length]!;
        const [method, url, payload] =
          n % 3 === 0
            ? ([
                'POST',
                '/api/posts',
                { kind: 'general', text: `Ghi trong lúc sao lưu ${n}` },
              ] as const)
            : n % 3 === 1
              ? (['POST', `/api/posts/${postId}/comments`, { text: `Bình luận ${n}` }] as const)
              : (['PUT', `/api/posts/${postId}/like`, { liked: n % 2 === 0 }] as const);
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie: cookie[who] },
          payload,
        });
        if (response.statusCode < 300) written += 1;
      }
    };
    const writers = [writer('admin'), writer('teacher'), writer('admin')];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await download();
    const writtenDuringBackup = written;
    await new Promise((resolve) => setTimeout(resolve, 100));
    writing = false;
    await Promise.all(writers);
    expect(response.statusCode).toBe(200);
    expect(writtenDuringBackup).toBeGreaterThan(0);
    expect(written).toBeGreaterThan(writtenDuringBackup);

    const during = path.join(work, 'during.tar.gz');
    fs.writeFileSync(during, response.rawPayload);
    const restoredDir = path.join(work, 'restored-during');
    const { manifest } = await restoreBackup(during, restoredDir);
    const restoredFile = path.join(restoredDir, 'academy.sqlite');
    const check = openDatabase({ kind: 'sqlite', file: restoredFile });
    try {
      const integrity = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(
        check.db,
      );
      expect(integrity.rows).toEqual([{ integrity_check: 'ok' }]);
      // Every post's counts equal its rows, as at one instant.
      const wrong = await sql<{ id: string }>`
        select p.id from posts p
        where p.like_count != (select count(*) from post_likes l where l.post_id = p.id)
           or p.comment_count != (select count(*) from comments c where c.post_id = p.id)`.execute(
        check.db,
      );
      expect(wrong.rows).toEqual([]);
      // Every photo a restored post shows is in the restored media folder.
      const photos = await check.db.selectFrom('post_media').select('url').execute();
      expect(photos.length).toBeGreaterThan(0);
      const unresolved = photos
        .map((photo) => photo.url.replace(/^\/media\//, ''))
        .filter((name) => !fs.existsSync(path.join(restoredDir, 'media', name)));
      expect(unresolved).toEqual([]);
      expect(manifest.media.length).toBeGreaterThan(0);
    } finally {
      await check.close();
    }
  });

  it('refuses a corrupt or tampered backup and leaves the current data as it was', async () => {
    const target = path.join(work, 'current');
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, 'academy.sqlite'), 'the academy as it is');
    const truncated = path.join(work, 'truncated.tar.gz');
    const whole = fs.readFileSync(archive);
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restoreBackup(truncated, target)).rejects.toThrow(BackupError);
    await expect(restoreBackup(truncated, target)).rejects.toThrow(/Không đọc được tệp sao lưu/);

    const notATar = path.join(work, 'not-a-tar.tar.gz');
    fs.writeFileSync(notATar, gzipSync(Buffer.from('xin chào')));
    await expect(restoreBackup(notATar, target)).rejects.toThrow(BackupError);

    // A path leaving the data directory is refused, not written.
    const pack = tar.pack();
    pack.entry({ name: '../escaped.txt' }, 'không được ghi');
    pack.finalize();
    const tampered = path.join(work, 'tampered.tar.gz');
    await pipeline(pack, createGzip(), fs.createWriteStream(tampered));
    await expect(restoreBackup(tampered, target)).rejects.toThrow(
      /mục không hợp lệ: \.\.\/escaped\.txt/,
    );
    expect(fs.existsSync(path.join(work, 'escaped.txt'))).toBe(false);

    expect(fs.readFileSync(path.join(target, 'academy.sqlite'), 'utf8')).toBe(
      'the academy as it is',
    );
    expect(fs.readdirSync(target)).toEqual(['academy.sqlite']);
  });

  it('restores from the command line: npm run restore -- <file>', () => {
    const target = path.join(work, 'cli');
    const ok = spawnSync('node', ['bin/hoc-vien.mjs', 'restore', archive], {
      env: { ...process.env, DATA_DIR: target },
      encoding: 'utf8',
    });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('Đã khôi phục bản sao lưu');
    expect(fs.existsSync(path.join(target, 'academy.sqlite'))).toBe(true);

    const bad = spawnSync(
      'node',
      ['bin/hoc-vien.mjs', 'restore', path.join(work, 'truncated.tar.gz')],
      {
        env: { ...process.env, DATA_DIR: target },
        encoding: 'utf8',
      },
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Khôi phục thất bại, dữ liệu hiện tại không bị thay đổi.');
  });

  it('lives on when a download is dropped after its first chunk, and leaves no copy behind', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await new Promise<void>((resolve, reject) => {
        const request = http.get(
          { host: '127.0.0.1', port, path: '/api/admin/backup', headers: { cookie: cookie.admin } },
          (response) => {
            expect(response.statusCode).toBe(200);
            response.once('data', () => {
              request.destroy();
              resolve();
            });
          },
        );
        request.on('error', (error) => {
          if (!request.destroyed) reject(error);
        });
      });
    }
    // The server still answers, and the database copies of the dropped downloads are gone.
    const deadline = Date.now() + 5_000;
    let left = ['?'];
    while (Date.now() < deadline) {
      left = fs.readdirSync(dataDir).filter((name) => name.startsWith('backup-'));
      if (left.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(left).toEqual([]);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect((await download()).statusCode).toBe(200);
  });

  it('carries no session, sign-in link or server secret', async () => {
    const { db } = t.database;
    const sessions = await db
      .selectFrom('session' as never)
      .select(sql`token`.as('token'))
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    const secrets = await db.selectFrom('server_secrets').select('value').execute();
    expect(secrets.length).toBeGreaterThan(0);
    const response = await download();
    const raw = gunzipSync(response.rawPayload);
    for (const { token } of sessions as { token: string }[]) {
      expect(raw.includes(Buffer.from(token))).toBe(false);
    }
    for (const { value } of secrets) expect(raw.includes(Buffer.from(value))).toBe(false);

    const file = path.join(work, 'secrets-check.tar.gz');
    fs.writeFileSync(file, response.rawPayload);
    const entries = await readArchive(file);
    const databaseFile = path.join(work, 'secrets-check.sqlite');
    fs.writeFileSync(databaseFile, entries.find((e) => e.name === 'academy.sqlite')!.data);
    const copy = openDatabase({ kind: 'sqlite', file: databaseFile });
    try {
      for (const table of ['session', 'verification', 'server_secrets', 'auth_attempts']) {
        const { rows } = await sql<{
          n: number;
        }>`select count(*) as n from ${sql.table(table)}`.execute(copy.db);
        expect(rows[0]?.n, table).toBe(0);
      }
      // People still exist, with what lets them sign in again.
      const { rows } = await sql<{ n: number }>`select count(*) as n from "user"`.execute(copy.db);
      expect(rows[0]?.n).toBeGreaterThanOrEqual(3);
    } finally {
      await copy.close();
    }

    // A restore keeps the secrets the academy runs with, not none and not the backup's.
    const target = path.join(work, 'keeps-secrets');
    fs.mkdirSync(target);
    const current = new SQLite(path.join(target, 'academy.sqlite'));
    current.exec(
      'create table server_secrets (name text primary key, value text not null, created_at integer not null)',
    );
    current
      .prepare('insert into server_secrets values (?, ?, ?)')
      .run('auth_secret', 'the-running-secret', 1);
    current.close();
    await restoreBackup(file, target);
    const restored = new SQLite(path.join(target, 'academy.sqlite'), { readonly: true });
    expect(restored.prepare('select name, value from server_secrets').all()).toEqual([
      { name: 'auth_secret', value: 'the-running-secret' },
    ]);
    restored.close();

    // Restored into again and again, the folder keeps the newest academies it replaced only.
    const keptBefore = () =>
      fs
        .readdirSync(target)
        .filter((name) => name.startsWith('before-restore-'))
        .sort();
    const first = keptBefore();
    const removed: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      removed.push(...(await restoreBackup(file, target)).removed);
    }
    expect(keptBefore()).toHaveLength(KEEP_BEFORE_RESTORE);

    // Run as root into a folder the service's user owns, what it writes is that user's.
    if (process.getuid?.() === 0) {
      const owned = path.join(work, 'owned-by-service');
      fs.mkdirSync(owned);
      fs.chownSync(owned, 65534, 65534);
      await restoreBackup(file, owned);
      await restoreBackup(file, owned);
      for (const name of fs.readdirSync(owned)) {
        expect(fs.statSync(path.join(owned, name)).uid, name).toBe(65534);
      }
      for (const name of fs.readdirSync(path.join(owned, 'media'))) {
        expect(fs.statSync(path.join(owned, 'media', name)).uid, name).toBe(65534);
      }
    }
    expect(removed.map((each) => path.basename(each))).toContain(first[0]);
    expect(fs.existsSync(path.join(target, 'academy.sqlite'))).toBe(true);
  });

  it('refuses a backup whose entries do not match its manifest, or whose schema was changed', async () => {
    const target = path.join(work, 'tamper-target');
    fs.mkdirSync(target, { recursive: true });
    fs.writeFileSync(path.join(target, 'academy.sqlite'), 'the academy as it is');
    const forged = path.join(work, 'forged.tar.gz');

    // A trigger added to the database (it would run on the academy's next write).
    await forge(archive, forged, (entries) => {
      const entry = entries.find((e) => e.name === 'academy.sqlite')!;
      const file = path.join(work, 'forge.sqlite');
      fs.writeFileSync(file, entry.data);
      const connection = new SQLite(file);
      connection.exec(
        `create trigger steal after insert on posts begin update people set role = 'admin'; end`,
      );
      connection.close();
      entry.data = fs.readFileSync(file);
    });
    await expect(restoreBackup(forged, target)).rejects.toThrow(/đã bị sửa đổi.*steal/);

    // Photo bytes that are not what their name (their hash) says, with the manifest rehashed.
    await forge(archive, forged, (entries) => {
      const photo = entries.find((e) => /^media\/[a-f0-9]{64}\.webp$/.test(e.name))!;
      photo.data = Buffer.concat([photo.data, Buffer.from('<script>')]);
    });
    await expect(restoreBackup(forged, target)).rejects.toThrow(/đã bị sửa đổi/);

    // A variant swapped for a page, the manifest rehashed: its name cannot vouch for it, so the
    // restore never writes it; the photo's own variant is made again when it is asked for.
    const swapped = path.join(work, 'swapped');
    let variant = '';
    await forge(archive, forged, (entries) => {
      const small = entries.find((e) => /^media\/[a-f0-9]{64}-sm\.webp$/.test(e.name))!;
      variant = small.name.slice('media/'.length);
      small.data = Buffer.from('<html><script>alert(1)</script></html>');
    });
    await restoreBackup(forged, swapped);
    expect(fs.existsSync(path.join(swapped, 'media', variant))).toBe(false);
    expect(fs.existsSync(path.join(swapped, 'media', `${variant.slice(0, 64)}.webp`))).toBe(true);

    // The same bytes changed, the manifest left as it was.
    await forge(
      archive,
      forged,
      (entries) => {
        const photo = entries.find((e) => /-sm\.webp$/.test(e.name))!;
        photo.data = Buffer.from(photo.data.map((byte) => byte ^ 1));
      },
      { rehash: false },
    );
    await expect(restoreBackup(forged, target)).rejects.toThrow(/đã bị sửa đổi/);

    // An entry the manifest does not list: refused before it is written anywhere.
    await forge(archive, forged, (entries) => {
      entries.push({ name: `media/${'a'.repeat(64)}.webp`, data: Buffer.alloc(4 * 1024 * 1024) });
    });
    await expect(restoreBackup(forged, target)).rejects.toThrow(/mục không hợp lệ/);

    // A photo in the manifest's list that the archive does not hold, and one held but unlisted.
    await forge(archive, forged, (_entries, manifest) => {
      manifest.media.push(`${'b'.repeat(64)}.webp`);
    });
    await expect(restoreBackup(forged, target)).rejects.toThrow(
      `Tệp sao lưu liệt kê ảnh media/${'b'.repeat(64)}.webp nhưng không chứa ảnh đó`,
    );
    await forge(archive, forged, (_entries, manifest) => {
      manifest.media.shift();
    });
    await expect(restoreBackup(forged, target)).rejects.toThrow(/liệt kê ảnh media\//);

    // A manifest that is not the first entry.
    const entries = await readArchive(archive);
    await writeArchive(forged, [...entries.slice(1), entries[0]!]);
    await expect(restoreBackup(forged, target)).rejects.toThrow(BackupError);

    expect(fs.readFileSync(path.join(target, 'academy.sqlite'), 'utf8')).toBe(
      'the academy as it is',
    );
    expect(fs.readdirSync(target)).toEqual(['academy.sqlite']);
  });

  it('refuses to restore into a data folder a running server holds', async () => {
    const target = path.join(work, 'held');
    const release = holdDataDir(target);
    try {
      await expect(restoreBackup(archive, target)).rejects.toThrow(/đang chạy/);
      expect(fs.existsSync(path.join(target, 'academy.sqlite'))).toBe(false);
    } finally {
      release();
    }
    await restoreBackup(archive, target);
    expect(fs.existsSync(path.join(target, 'academy.sqlite'))).toBe(true);
  });
});

describe(`one backup download at a time, on ${testDatabaseKind()}`, () => {
  // The folder the database copy is taken into, which earlier tests make when run alone.
  beforeAll(() => fs.mkdirSync(dataDir, { recursive: true }));
  const admin = () =>
    t.database.db
      .selectFrom('people')
      .selectAll()
      .where('role', '=', 'admin')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
  const takeOne = async () => backUp(t.database, await admin(), t.app.config, t.app.mediaStore);

  it('holds a second download until the first is sent, refuses it past the wait, and lets the next in once the first is dropped', async () => {
    const wait = backupDownloadWait.ms;
    backupDownloadWait.ms = 200;
    try {
      // Built and not yet read: the one slot is taken.
      const first = await takeOne();
      await expect(takeOne()).rejects.toMatchObject({ code: 'backup_busy', statusCode: 409 });
      const refused = await download();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        error: {
          code: 'backup_busy',
          message:
            'Một bản sao lưu khác đang được tải xuống từ máy chủ này. Hãy đợi bản đó xong rồi thử lại.',
        },
      });

      // A download that waits gets its turn as soon as the one before it is dropped.
      const waiting = takeOne();
      setTimeout(() => first.stream.destroy(), 50);
      const second = await waiting;
      second.stream.resume();
      await finished(second.stream);

      // Sent in full, it frees the slot for the admin's next download.
      const third = await download();
      expect(third.statusCode).toBe(200);
      expect(gunzipSync(third.rawPayload).length).toBeGreaterThan(0);
    } finally {
      backupDownloadWait.ms = wait;
    }
  });

  it('lets go of the slot when the admin leaves while her download waits for it', async () => {
    const wait = backupDownloadWait.ms;
    backupDownloadWait.ms = 3_000;
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const backupsLogged = async () =>
      (
        await t.database.db
          .selectFrom('activity_logs')
          .select('id')
          .where('action', '=', 'maintenance.backup')
          .execute()
      ).length;
    const before = await backupsLogged();
    try {
      const first = await takeOne();
      // She asks while the first is being sent, then closes the page before her turn.
      const request = http.get({
        host: '127.0.0.1',
        port,
        path: '/api/admin/backup',
        headers: { cookie: cookie.admin },
      });
      request.on('error', () => undefined);
      // Her request is on the server before she leaves (a busy machine may take a moment).
      const connections = () =>
        new Promise<number>((resolve) =>
          t.app.server.getConnections((_error, count) => resolve(count)),
        );
      for (let tries = 0; tries < 40 && (await connections()) === 0; tries += 1) await pause(50);
      await pause(200);
      request.destroy();
      await pause(50);
      first.stream.destroy();
      // Her download, built for nobody once the slot is free, is dropped: the next one gets in
      // well within the wait instead of being refused.
      const started = Date.now();
      const next = await takeOne();
      expect(Date.now() - started).toBeLessThan(3_000);
      next.stream.resume();
      await finished(next.stream);
      // Hers was built in between (the first, hers, the next): the slot passed through it.
      expect(await backupsLogged()).toBe(before + 3);
    } finally {
      backupDownloadWait.ms = wait;
    }
  });

  it('frees the slot when building the backup fails', async () => {
    const wait = backupDownloadWait.ms;
    backupDownloadWait.ms = 200;
    const names = vi.spyOn(t.app.mediaStore, 'names').mockImplementationOnce(() => {
      throw new Error('the photo store is unreachable');
    });
    try {
      await expect(takeOne()).rejects.toThrow();
      expect(names).toHaveBeenCalled();
      const next = await takeOne();
      next.stream.resume();
      await finished(next.stream);
    } finally {
      names.mockRestore();
      backupDownloadWait.ms = wait;
    }
  });
});
