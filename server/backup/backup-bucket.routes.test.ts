import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3StoreConfig } from '../config.ts';
import { loadConfig } from '../config.ts';
import { loadS3MediaStore } from '../modules/media/s3-media.store.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { type MailCatcher, startMailCatcher } from '../test/mail-catcher.ts';
import { startS3Server, type TestS3Server } from '../test/s3-server.ts';
import { instructorForm, signUp } from '../test/sessions.ts';
import { testDatabaseKind } from '../test/test-database.ts';
import { isPhotoVariant, restoreBackup } from './backup.ts';

/*
 * A SQLite academy whose photos are in a bucket (MEDIA_STORE=s3): its backup carries the photos
 * from the bucket, and a restore writes them into the bucket of the academy restored.
 */
let t: TestApp;
let mail: MailCatcher;
let work: string;
let source: TestS3Server;
let target: TestS3Server;
let cookie: string;

const bucketOf = async (s3: TestS3Server) =>
  loadS3MediaStore(loadConfig(s3.env).media as S3StoreConfig);

beforeAll(async () => {
  if (testDatabaseKind() !== 'sqlite') return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-backup-bucket-'));
  fs.mkdirSync(path.join(work, 'data'));
  mail = await startMailCatcher();
  source = await startS3Server('academy-photos');
  target = await startS3Server('restored-photos');
  t = await buildTestApp({
    env: {
      SMTP_URL: mail.url,
      PUBLIC_URL: 'http://academy.test',
      DATA_DIR: path.join(work, 'data'),
      ...source.env,
    },
  });
  cookie = await signUp(t.app, mail, 'owner@example.vn', instructorForm('Chủ Học Viện'));
});
afterAll(async () => {
  if (testDatabaseKind() !== 'sqlite') return;
  await t.close();
  await mail.close();
  await source.close();
  await target.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe.runIf(testDatabaseKind() === 'sqlite')(
  'backup and restore with photos in a bucket',
  () => {
    it('backs up the bucket’s photos and restores them into another bucket', async () => {
      const demo = await t.app.inject({
        method: 'POST',
        url: '/api/admin/demo-data',
        headers: { cookie },
      });
      expect(demo.statusCode).toBe(201);
      const inSource: string[] = [];
      for await (const name of (await bucketOf(source)).names()) inSource.push(name);
      expect(inSource.length).toBeGreaterThan(0);

      const response = await t.app.inject({
        method: 'GET',
        url: '/api/admin/backup',
        headers: { cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      const archive = path.join(work, 'backup.tar.gz');
      fs.writeFileSync(archive, response.rawPayload);

      const restoredDir = path.join(work, 'restored');
      const restoredBucket = await bucketOf(target);
      const { manifest } = await restoreBackup(archive, restoredDir, restoredBucket);
      expect([...manifest.media].sort()).toEqual([...inSource].sort());
      const sourceBucket = await bucketOf(source);
      for (const name of manifest.media.filter((each) => !isPhotoVariant(each))) {
        expect(await restoredBucket.read(name)).toEqual(await sourceBucket.read(name));
      }
      // The photos went to the bucket, not to a folder of the restored server.
      expect(fs.existsSync(path.join(restoredDir, 'media'))).toBe(false);
      expect(fs.existsSync(path.join(restoredDir, 'academy.sqlite'))).toBe(true);
    }, 60_000);
  },
);
