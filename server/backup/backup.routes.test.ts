import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { type MailCatcher, startMailCatcher } from '../test/mail-catcher.ts';
import { instructorForm, signUpActive, studentForm } from '../test/sessions.ts';
import { testDatabaseKind } from '../test/test-database.ts';
import { BackupError, restoreBackup } from './backup.ts';

let t: TestApp;
let mail: MailCatcher;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-backup-'));
const dataDir = path.join(work, 'data');
const cookie = { admin: '', teacher: '' };

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

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await buildTestApp({
    env: { SMTP_URL: mail.url, PUBLIC_URL: 'http://academy.test', DATA_DIR: dataDir },
  });
  const signedUp = await signUpActive(t.app, mail, {
    admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
    teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
    student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
  });
  Object.assign(cookie, signedUp.cookie);
});
afterAll(async () => {
  await t.close();
  await mail.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe.runIf(testDatabaseKind() === 'postgres')('backup on PostgreSQL', () => {
  it('points the admin at pg_dump', async () => {
    const response = await download();
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('pg_dump');
  });
});

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
      /^attachment; filename="hoc-vien-\d{8}-\d{4}\.tar\.gz"$/,
    );
    archive = path.join(work, 'backup.tar.gz');
    fs.writeFileSync(archive, response.rawPayload);
    const restoredDir = path.join(work, 'restored');
    const { manifest } = await restoreBackup(archive, restoredDir);
    expect(manifest.media.length).toBeGreaterThan(0);
    const restored = await contents(path.join(restoredDir, 'academy.sqlite'));
    expect(restored.posts.length).toBeGreaterThan(10);
    expect(restored).toEqual(await contents(t.database.file!));
    for (const name of manifest.media) {
      expect(fs.readFileSync(path.join(restoredDir, 'media', name))).toEqual(
        fs.readFileSync(path.join(dataDir, 'media', name)),
      );
    }
  });

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
    const ok = spawnSync('npx', ['tsx', 'scripts/restore.ts', archive], {
      env: { ...process.env, DATA_DIR: target },
      encoding: 'utf8',
    });
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('Đã khôi phục bản sao lưu');
    expect(fs.existsSync(path.join(target, 'academy.sqlite'))).toBe(true);

    const bad = spawnSync(
      'npx',
      ['tsx', 'scripts/restore.ts', path.join(work, 'truncated.tar.gz')],
      {
        env: { ...process.env, DATA_DIR: target },
        encoding: 'utf8',
      },
    );
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('Khôi phục thất bại, dữ liệu hiện tại không bị thay đổi.');
  });
});
