import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type S3StoreConfig } from '../config.ts';
import { type AppDatabase, migrateToLatest, openDatabase } from '../db/database.ts';
import { SessionLookup } from '../modules/auth/session-lookup.ts';
import { ensureConfigDefaults } from '../modules/config/config.repository.ts';
import { processImage } from '../modules/media/image-processing.ts';
import { storeImage } from '../modules/media/media.storage.ts';
import { LocalMediaStore } from '../modules/media/media.store.ts';
import { loadS3MediaStore } from '../modules/media/s3-media.store.ts';
import { type MailCatcher, startMailCatcher } from '../test/mail-catcher.ts';
import { startS3Server } from '../test/s3-server.ts';
import { instructorForm, signInByLink, signUp } from '../test/sessions.ts';
import { createPostgresDatabase, testDatabaseKind } from '../test/test-database.ts';
import { runCli } from './cli.ts';

/*
 * The operator's command line against the academy a running server uses: the same data folder
 * (SQLite) or the same PostgreSQL database, the server built as the tests build it.
 */
const PUBLIC_URL = 'http://academy.test';
let mail: MailCatcher;
let dataDir: string;
let env: NodeJS.ProcessEnv;
let database: AppDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let dropDatabase = async () => {};

beforeAll(async () => {
  mail = await startMailCatcher();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-cli-'));
  env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (testDatabaseKind() === 'postgres') {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'hv_cli');
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  }
  const config = loadConfig({ ...env, SMTP_URL: mail.url, PUBLIC_URL });
  database = openDatabase(config.database);
  await migrateToLatest(database.db);
  await ensureConfigDefaults(database.db, Date.now());
  app = await buildApp({ config, database, version: '0.0.0-test', logger: false });
});

afterAll(async () => {
  await app.close();
  await database.close();
  await dropDatabase();
  await mail.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `hoc-vien …` in this process; its exit code and what it printed. */
async function hocVien(args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    args,
    { ...env, ...extraEnv },
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function me(cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return response.json() as { state: string; person?: { role: string; status: string } };
}

describe(`hoc-vien, the command line, on ${testDatabaseKind()}`, () => {
  it('explains itself in Vietnamese and English, and refuses what it does not know', async () => {
    const help = await hocVien(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('Cách dùng: hoc-vien');
    expect(help.out).toContain('Usage: hoc-vien');
    for (const command of [
      'doctor',
      'migrate',
      'admin',
      'users',
      'backup',
      'restore',
      'mail',
      'demo-data',
    ]) {
      const topic = await hocVien([command, '--help']);
      expect(topic.code, command).toBe(0);
      expect(topic.out, command).toMatch(new RegExp(`^hoc-vien ${command}`));
    }
    expect(await hocVien(['frob'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('frob'),
    });
    expect(await hocVien(['admin', 'grant'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('Thiếu email'),
    });
    expect(await hocVien(['admin', 'grant', 'không-phải-email'])).toMatchObject({
      code: 1,
      err: expect.stringContaining('Email không hợp lệ'),
    });
    expect(await hocVien(['backup', '--keep', '0'])).toMatchObject({ code: 2 });
    expect(await hocVien(['backup', '--frob'])).toMatchObject({ code: 2 });
  });

  it('migrate: says the database is up to date, and lists every step with --status', async () => {
    const status = await hocVien(['migrate', '--status']);
    expect(status.code).toBe(0);
    expect(status.out).toContain('Đã chạy: 0001-initial');
    expect(status.out).not.toContain('Đang chờ');
    const run = await hocVien(['migrate']);
    expect(run).toMatchObject({ code: 0, out: expect.stringContaining('phiên bản mới nhất') });
  });

  it('admin grant: brings back the only admin after their sign-in account was deleted', async () => {
    const owner = await signUp(app, mail, 'chu@example.vn', instructorForm('Chủ Học Viện 💅'));
    expect(await me(owner)).toMatchObject({ state: 'member', person: { role: 'admin' } });
    // Their sign-in identity is gone from better-auth's tables; the profile and its data stay.
    const { db } = database;
    const user = await db
      .selectFrom('user')
      .select('id')
      .where('email', '=', 'chu@example.vn')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('session').where('userId', '=', user.id).execute();
    await db.deleteFrom('account').where('userId', '=', user.id).execute();
    await db.deleteFrom('user').where('id', '=', user.id).execute();
    app.sessions.forgetRows();
    expect((await me(owner)).state).toBe('anonymous');

    const listed = await hocVien(['admin', 'list']);
    expect(listed.out).toContain('chu@example.vn  Chủ Học Viện 💅');
    const granted = await hocVien(['admin', 'grant', '  CHU@example.vn ']);
    expect(granted).toMatchObject({ code: 0, out: expect.stringContaining('chu@example.vn') });
    // Signing in with the address leads to the same admin, not to a new sign-up.
    const back = await signInByLink(app, mail, 'chu@example.vn');
    expect(await me(back)).toMatchObject({
      state: 'member',
      person: { role: 'admin', status: 'active' },
    });
    const people = await db
      .selectFrom('people')
      .select('id')
      .where('email', '=', 'chu@example.vn')
      .execute();
    expect(people).toHaveLength(1);
    // Granting again changes nothing.
    expect((await hocVien(['admin', 'grant', 'chu@example.vn'])).code).toBe(0);
    expect(await me(back)).toMatchObject({ state: 'member', person: { role: 'admin' } });
  });

  it('admin grant: makes a new admin for an address nobody uses yet, refuses a student’s', async () => {
    const granted = await hocVien(['admin', 'grant', 'moi@example.vn']);
    expect(granted).toMatchObject({ code: 0, out: expect.stringContaining('Đã tạo') });
    const cookie = await signInByLink(app, mail, 'moi@example.vn');
    expect(await me(cookie)).toMatchObject({ state: 'member', person: { role: 'admin' } });
    await database.db
      .updateTable('people')
      .set({ role: 'student' })
      .where('email', '=', 'moi@example.vn')
      .execute();
    const refused = await hocVien(['admin', 'grant', 'moi@example.vn']);
    expect(refused).toMatchObject({ code: 1, err: expect.stringContaining('học viên') });
  });

  it('users sign-out-all: every session ends, on a running server too', async () => {
    const cookie = await signInByLink(app, mail, 'chu@example.vn');
    expect((await me(cookie)).state).toBe('member');
    const out = await hocVien(['users', 'sign-out-all']);
    expect(out.code).toBe(0);
    expect(out.out).toMatch(/Đã kết thúc [1-9]\d* phiên/);
    if (database.kind === 'postgres') {
      // Told over PostgreSQL: the running server forgets the session at once.
      await vi.waitFor(async () => expect((await me(cookie)).state).toBe('anonymous'));
    }
    // On SQLite the running server reads the session again within KNOWN_MS.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SessionLookup.KNOWN_MS });
    try {
      expect((await me(cookie)).state).toBe('anonymous');
    } finally {
      vi.useRealTimers();
    }
  });

  it('demo-data: makes the demo academy once, then wipes it and only it', async () => {
    const made = await hocVien(['demo-data', 'generate']);
    expect(made.err).toBe('');
    expect(made.out).toMatch(/Đã tạo dữ liệu mẫu: \d+ người, 3 khóa học, \d+ bài đăng\./);
    const again = await hocVien(['demo-data', 'generate']);
    expect(again.code).toBe(1);
    expect(again.err).not.toContain('Error');
    const before = await database.db
      .selectFrom('people')
      .select('id')
      .where('is_demo', '=', 0)
      .execute();
    const photos = () =>
      fs.existsSync(path.join(dataDir, 'media')) ? fs.readdirSync(path.join(dataDir, 'media')) : [];
    const demoPhotos = photos().length;
    expect(demoPhotos).toBeGreaterThan(0);
    expect(await hocVien(['demo-data', 'wipe'])).toMatchObject({ code: 0 });
    // Its photos went with it, files and rows.
    expect(photos()).toHaveLength(0);
    expect(await database.db.selectFrom('media').select('id').execute()).toHaveLength(0);
    const after = await database.db
      .selectFrom('people')
      .select('id')
      .where('is_demo', '=', 0)
      .execute();
    expect(after).toHaveLength(before.length);
    expect(
      await database.db.selectFrom('people').select('id').where('is_demo', '=', 1).execute(),
    ).toHaveLength(0);
    expect(await hocVien(['demo-data', 'frob'])).toMatchObject({ code: 2 });
  });

  it('mail test: sends a test e-mail, and says when no mail server is set', async () => {
    const arrived = mail.next('kiemtra@example.vn');
    const sent = await hocVien(['mail', 'test', 'kiemtra@example.vn'], {
      SMTP_URL: mail.url,
      PUBLIC_URL,
    });
    expect(sent.code).toBe(0);
    expect((await arrived).subject).toBe('Học viện: thư thử');
    const none = await hocVien(['mail', 'test', 'kiemtra@example.vn']);
    expect(none).toMatchObject({ code: 1, err: expect.stringContaining('SMTP_URL') });
  });

  it('--env-file: reads the service’s settings file as systemd does, spaces and Vietnamese included', async () => {
    const file = path.join(dataDir, 'env');
    fs.writeFileSync(
      file,
      [
        '# /etc/hoc-vien/env',
        `SMTP_URL=${mail.url}`,
        `PUBLIC_URL=${PUBLIC_URL}`,
        'MAIL_FROM=Học viện Móng Đẹp <no-reply@academy.example.vn>',
        '',
      ].join('\n'),
    );
    const arrived = mail.next('envfile@example.vn');
    const sent = await hocVien(['--env-file', file, 'mail', 'test', 'envfile@example.vn']);
    expect(sent, sent.err).toMatchObject({ code: 0 });
    expect((await arrived).from).toContain('Học viện Móng Đẹp');
    // What the environment sets wins over the file.
    const overridden = await hocVien([`--env-file=${file}`, 'mail', 'test', 'envfile@example.vn'], {
      SMTP_URL: 'smtp://127.0.0.1:1',
    });
    expect(overridden.code).toBe(1);

    const missing = await hocVien(['--env-file', path.join(dataDir, 'nope'), 'doctor']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('Không đọc được tệp cấu hình');
    fs.writeFileSync(file, 'PUBLIC_URL=http://a.test\nkhông hợp lệ\n');
    const bad = await hocVien(['--env-file', file, 'doctor']);
    expect(bad).toMatchObject({ code: 1, err: expect.stringContaining('Dòng 2') });
  });

  it.skipIf(testDatabaseKind() !== 'postgres')(
    'backup and restore on PostgreSQL: dumps with their photos kept N at a time, restored onto a new machine’s empty database',
    async () => {
      const folder = path.join(dataDir, 'pg-backups');
      let last = '';
      for (let i = 0; i < 3; i += 1) {
        const run = await hocVien(['backup', '--to', folder, '--keep', '2']);
        expect(run, run.err).toMatchObject({ code: 0 });
        // The photos are in the data folder, so the backup holds them too.
        expect(run.out).not.toContain('Ảnh không nằm trong bản sao lưu');
        last = run.out.match(/Đã sao lưu vào (.+\.tar\.gz) \(/)?.[1] ?? '';
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // Each dump is packed with the photos and leaves no loose .dump behind.
      expect(fs.readdirSync(folder).sort()).toEqual([
        expect.stringMatching(/\.tar\.gz$/),
        expect.stringMatching(/\.tar\.gz$/),
      ]);
      expect(fs.statSync(last).mode & 0o777).toBe(0o600);

      // Into the academy's own database, holding an academy: refused, nothing touched.
      const refused = await hocVien(['restore', last]);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('chỉ khôi phục vào một cơ sở dữ liệu mới, trống');

      // A new machine: an empty database.
      const fresh = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'hv_restored');
      try {
        const restored = await hocVien(['restore', last], { DATABASE_URL: fresh.url });
        expect(restored, restored.err).toMatchObject({ code: 0 });
        const count = async (url: string) => {
          const db = openDatabase({ kind: 'postgres', url });
          try {
            const row = await db.db
              .selectFrom('people')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow();
            return Number(row.n);
          } finally {
            await db.close();
          }
        };
        expect(await count(fresh.url)).toBe(await count(env.DATABASE_URL!));
        expect(await count(fresh.url)).toBeGreaterThan(0);
      } finally {
        await fresh.drop();
      }
    },
  );

  it.skipIf(testDatabaseKind() !== 'sqlite')(
    'backup: writes whole backups into a folder and keeps the newest N',
    async () => {
      const folder = path.join(dataDir, 'nightly');
      for (let i = 0; i < 3; i += 1) {
        const run = await hocVien(['backup', '--to', folder, '--keep', '2']);
        expect(run.code).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const names = fs.readdirSync(folder).sort();
      expect(names).toHaveLength(2);
      for (const name of names) expect(name).toMatch(/^hoc-vien-\d{8}-\d{6}-\d{3}\.tar\.gz$/);
      // A file left half-written by a crash is neither counted nor removed.
      fs.writeFileSync(path.join(folder, 'hoc-vien-20200101-000000-000.tar.gz.partial'), 'x');
      const run = await hocVien(['backup', '--to', folder, '--keep', '1']);
      expect(run.out).toContain('Đã xoá 2 bản sao lưu cũ');
      expect(fs.readdirSync(folder).filter((name) => name.endsWith('.tar.gz'))).toHaveLength(1);
    },
  );

  it.skipIf(testDatabaseKind() !== 'sqlite')(
    'backup: files and the folders it makes are readable by the server’s user only',
    async () => {
      const folder = path.join(dataDir, 'private', 'nightly');
      const run = await hocVien(['backup', '--to', folder]);
      expect(run.code).toBe(0);
      const [name] = fs.readdirSync(folder).filter((file) => file.endsWith('.tar.gz'));
      expect(fs.statSync(path.join(folder, name ?? '')).mode & 0o777).toBe(0o600);
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.dirname(folder)).mode & 0o777).toBe(0o700);
    },
  );

  it.skipIf(testDatabaseKind() !== 'sqlite')(
    'backup: a folder that can never hold files is refused at once, with a reason',
    async () => {
      const started = Date.now();
      const run = await hocVien(['backup', '--to', '/proc/hoc-vien-backups']);
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(run).toMatchObject({
        code: 1,
        err: expect.stringContaining('Không tạo được thư mục sao lưu /proc/hoc-vien-backups'),
      });
    },
  );

  it('doctor: a clean report, then each problem on its own line', async () => {
    const clean = await hocVien(['doctor']);
    expect(clean.err).toBe('');
    expect(clean).toMatchObject({ code: 0, out: expect.stringContaining('Mọi thứ ổn') });

    // Push keys the server made, then damaged by hand.
    const keys = await database.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'vapid-keys')
      .executeTakeFirst();
    if (!keys) {
      await database.db
        .insertInto('server_secrets')
        .values({ name: 'vapid-keys', value: '{"publicKey":"x","privateKey":"y"}', created_at: 0 })
        .execute();
    } else {
      await database.db
        .updateTable('server_secrets')
        .set({ value: '{"publicKey":"x","privateKey":"y"}' })
        .where('name', '=', 'vapid-keys')
        .execute();
    }
    const damaged = await hocVien(['doctor']);
    expect(damaged.code).toBe(1);
    expect(damaged.err).toContain('VAPID');
    await database.db.deleteFrom('server_secrets').where('name', '=', 'vapid-keys').execute();
    if (keys) {
      await database.db
        .insertInto('server_secrets')
        .values({ name: 'vapid-keys', value: keys.value, created_at: 0 })
        .execute();
    }

    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-broken-'));
    try {
      // A file where the photo folder should be: nothing can be written into it.
      fs.writeFileSync(path.join(broken, 'media'), '');
      // A database that a newer release upgraded with a step this one cannot run beside.
      await sql`insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2030-01-01')`.execute(
        database.db,
      );
      await sql`update schema_readers set oldest = '9999-from-the-future'`.execute(database.db);
      const report = await hocVien(['doctor'], {
        DATA_DIR: broken,
        SMTP_URL: 'smtp://127.0.0.1:9',
        PUBLIC_URL,
        ...(database.kind === 'sqlite' ? { DATABASE_URL: undefined } : {}),
      });
      expect(report.code).toBe(1);
      const lines = report.err.split('\n');
      if (database.kind === 'postgres') {
        expect(lines.some((line) => line.includes('9999-from-the-future'))).toBe(true);
      }
      expect(lines.some((line) => line.includes('Không ghi được vào thư mục'))).toBe(true);
      expect(lines.some((line) => line.includes('Máy chủ thư'))).toBe(true);
      // The migrations refuse it too, with the same words.
      const refused = await hocVien(['migrate']);
      expect(refused).toMatchObject({
        code: 1,
        err: expect.stringContaining('9999-from-the-future'),
      });
      const badConfig = await hocVien(['doctor'], { PORT: 'tám nghìn' });
      expect(badConfig).toMatchObject({ code: 1, err: expect.stringContaining('PORT') });
      // Every wrong setting at once, one line each.
      const several = await hocVien(['doctor'], {
        PORT: 'tám nghìn',
        TRUST_PROXY: 'có',
        BACKUP_KEEP: '0',
      });
      const severalLines = several.err.split('\n').filter((line) => line.startsWith('✗'));
      const settingLines = severalLines.filter((line) => line.includes('Invalid configuration'));
      expect(settingLines).toHaveLength(3);
      for (const name of ['PORT', 'TRUST_PROXY', 'BACKUP_KEEP'])
        expect(
          settingLines.some((line) => line.includes(name)),
          name,
        ).toBe(true);
      // The rest is still checked: the database from a newer release is said as well.
      expect(several.err).toContain('9999-from-the-future');
      // A PostgreSQL address with no server is refused, not taken for a URL.
      const noHost = await hocVien(['doctor'], { DATABASE_URL: 'postgresql:/u:p@h/db' });
      expect(noHost).toMatchObject({ code: 1, err: expect.stringContaining('DATABASE_URL') });
    } finally {
      await sql`delete from kysely_migration where name = '9999-from-the-future'`.execute(
        database.db,
      );
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });

  it('doctor: a photo store in a bucket is written, read back and cleaned, or named as the problem', async () => {
    const s3 = await startS3Server();
    try {
      const good = await hocVien(['doctor'], s3.env);
      expect(good.err).toBe('');
      expect(good.out).toContain('kho ảnh');
      const names: string[] = [];
      for await (const name of (
        await loadS3MediaStore(loadConfig(s3.env).media as S3StoreConfig)
      ).names())
        names.push(name);
      expect(names).toEqual([]);
      const refused = await hocVien(['doctor'], { ...s3.env, S3_BUCKET: 'no-such-bucket' });
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('Kho ảnh (MEDIA_STORE=s3) không ghi, đọc hoặc xoá được');
      expect(refused.err).toContain('NoSuchBucket');
    } finally {
      await s3.close();
    }
  });

  it('media migrate: copies every photo to the bucket and back, verified, and resumes', async () => {
    const s3 = await startS3Server();
    const here = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-migrate-'));
    const there = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-migrate-back-'));
    try {
      const local = new LocalMediaStore(path.join(here, 'media'));
      const photos = [];
      for (const colour of ['#c2185b', '#00897b']) {
        const source = path.join(here, `${colour.slice(1)}.png`);
        await sharp({ create: { width: 48, height: 32, channels: 3, background: colour } })
          .png()
          .toFile(source);
        photos.push(await storeImage(local, await processImage(source)));
      }
      // A photo whose bytes no longer match its name, and a file that is not a photo.
      const damaged = `${'d'.repeat(64)}.webp`;
      await local.put(damaged, Buffer.from('not the photo this name promises'));
      await local.put('notes.txt', Buffer.from('not a photo'));
      const bucket = await loadS3MediaStore(loadConfig(s3.env).media as S3StoreConfig);
      const inBucket = async () => {
        const names: string[] = [];
        for await (const name of bucket.names()) names.push(name);
        return names.sort();
      };

      const first = await hocVien(['media', 'migrate', '--to', 's3'], {
        DATA_DIR: here,
        ...s3.env,
        MEDIA_STORE: undefined,
      });
      expect(first.code).toBe(1);
      expect(first.out).toContain('Đã chép 6 tệp sang s3://hoc-vien-photos');
      expect(first.err).toContain(`không khớp mã SHA-256: ${damaged}`);
      const copied = photos.flatMap((photo) => [
        photo.mainName,
        photo.smallName,
        photo.mainName.replace('.webp', '-md.webp'),
      ]);
      expect(await inBucket()).toEqual([...copied].sort());

      // Stopped halfway, and one copy damaged since: a second run mends just those.
      await bucket.remove(copied[0]!);
      await bucket.remove(copied[1]!);
      await bucket.put(copied[1]!, Buffer.from('damaged in the bucket'));
      await local.remove(damaged);
      const again = await hocVien(['media', 'migrate', '--to', 's3'], {
        DATA_DIR: here,
        ...s3.env,
      });
      expect(again.code).toBe(0);
      expect(again.out).toContain(
        `Đã chép 2 tệp sang s3://hoc-vien-photos at ${s3.endpoint}; 4 tệp đã có sẵn và đúng.`,
      );

      const back = await hocVien(['media', 'migrate', '--to', 'local'], {
        DATA_DIR: there,
        ...s3.env,
      });
      expect(back.code).toBe(0);
      for (const name of copied) {
        expect(fs.readFileSync(path.join(there, 'media', name))).toEqual(
          fs.readFileSync(path.join(here, 'media', name)),
        );
      }

      const wrong = await hocVien(['media', 'migrate'], { DATA_DIR: here, ...s3.env });
      expect(wrong.code).toBe(2);
      expect(wrong.err).toContain('--to s3|local');
    } finally {
      await s3.close();
      fs.rmSync(here, { recursive: true, force: true });
      fs.rmSync(there, { recursive: true, force: true });
    }
  });

  it('doctor: a data folder that is not there is named and left unmade', async () => {
    const missing = path.join(os.tmpdir(), `hv-missing-${Date.now()}`, 'data');
    const report = await hocVien(['doctor'], {
      DATA_DIR: missing,
      ...(database.kind === 'sqlite' ? { DATABASE_URL: undefined } : {}),
    });
    expect(report.code).toBe(1);
    expect(report.err).toContain(`Thư mục dữ liệu ${missing} không tồn tại`);
    expect(fs.existsSync(missing)).toBe(false);
    expect(fs.existsSync(path.dirname(missing))).toBe(false);
  });

  it('doctor: a new database names the steps that will make it', async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-fresh-'));
    let drop = async () => {};
    const extra: NodeJS.ProcessEnv = { DATA_DIR: fresh };
    if (database.kind === 'postgres') {
      const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!, 'hv_fresh');
      extra.DATABASE_URL = created.url;
      drop = created.drop;
    } else {
      extra.DATABASE_URL = undefined;
    }
    try {
      const report = await hocVien(['doctor'], extra);
      expect(report.out).toMatch(
        /Cơ sở dữ liệu còn trống: \d+ bước \(0001-initial, .*0006-spent-ids/,
      );
    } finally {
      await drop();
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it('doctor and mail test: smtps:// on a plain port is said in words, not as OpenSSL’s', async () => {
    const port = new URL(mail.url).port;
    const smtps = { SMTP_URL: `smtps://127.0.0.1:${port}`, PUBLIC_URL };
    const report = await hocVien(['doctor'], smtps);
    expect(report.err).toContain(
      `SMTP_URL dùng smtps:// (mã hoá ngay từ đầu) nhưng máy chủ ở cổng ${port} không nói TLS.`,
    );
    expect(report.err).not.toMatch(/ssl|SSL routines/);
    const test = await hocVien(['mail', 'test', 'kiemtra@example.vn'], smtps);
    expect(test.code).toBe(1);
    expect(test.err).toContain('không nói TLS');
  });
});
