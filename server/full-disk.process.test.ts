import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '#shared/errors';
import { freePort } from '../support/provision.ts';
import { type MailCatcher, startMailCatcher } from './test/mail-catcher.ts';
import { exited, spawnServer, untilHealthy } from './test/server-process.ts';
import { signInInstructor } from './test/sessions.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './test/test-database.ts';

/*
 * A full disk, for real: the server's data folder on a 48 MB tmpfs, filled to the last byte.
 * Writes answer a Vietnamese 507 with nothing half-written, health and the admin tools say the
 * disk is full, and once space comes back everything works again without a restart. Needs root
 * to mount (these machines and CI run as root).
 */

const root = process.getuid?.() === 0;
const PUBLIC_URL = 'http://academy.test';
let dataDir = '';
let mounted = false;
let database: TestDatabase | undefined;
let databaseUrl = '';
let mail: MailCatcher;
let port = 0;
let base = '';

beforeAll(async () => {
  if (!root) return;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m,mode=0700', 'tmpfs', dataDir]);
  mounted = true;
  mail = await startMailCatcher();
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  if (testDatabaseKind() === 'postgres') {
    database = await createTestDatabase({ migrate: false });
    const name = await database.db
      .selectNoFrom((eb) => eb.fn<string>('current_database').as('name'))
      .executeTakeFirstOrThrow();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name.name}`;
    databaseUrl = url.toString();
  }
});
afterAll(async () => {
  if (mounted) execFileSync('umount', ['-l', dataDir]);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  await mail?.close();
  await database?.dispose();
});

const filler = () => path.join(dataDir, 'filler.bin');

/** Writes zeros into the data folder until the file system refuses another byte. */
function fillDisk() {
  const fd = fs.openSync(filler(), 'w');
  const block = Buffer.alloc(1024 * 1024);
  try {
    for (let size = block.length; size >= 1; size = Math.floor(size / 2)) {
      for (;;) {
        try {
          fs.writeSync(fd, block, 0, size);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}

describe.runIf(root)(`a full disk on ${testDatabaseKind()}`, () => {
  it('answers writes 507 in Vietnamese, says so in health and the admin tools, and recovers', async () => {
    const server = spawnServer({
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SMTP_URL: mail.url,
      PUBLIC_URL,
    });
    try {
      const health = (await untilHealthy(base)) as { disk: string };
      // 48 MB free is under the 1 GB the admin is warned at.
      expect(health.disk).toBe('low');
      const { cookie } = await signInInstructor(base, mail, 'admin@example.vn');
      const headers = { cookie, origin: PUBLIC_URL, 'content-type': 'application/json' };
      const post = (text: string) =>
        fetch(`${base}/api/posts`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ kind: 'general', text }),
        });
      const photo = await sharp({
        create: { width: 1200, height: 900, channels: 3, background: '#c06080' },
      })
        .jpeg()
        .toBuffer();
      const upload = () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'a.jpg');
        return fetch(`${base}/api/uploads?use=post`, {
          method: 'POST',
          headers: { cookie, origin: PUBLIC_URL },
          body: form,
        });
      };
      expect((await post('Trước khi đầy')).status).toBe(201);

      fillDisk();
      // A photo needs the data folder's disk on either engine.
      const refusedPhoto = await upload();
      expect(refusedPhoto.status).toBe(507);
      const said = (await refusedPhoto.json()) as { error: { code: string; message: string } };
      expect(said.error).toMatchObject({
        code: 'storage_full',
        message: errorMessage('storage_full'),
      });
      if (testDatabaseKind() === 'sqlite') {
        // The database is on it too: enough posts to need more than the space kept.
        const answers: number[] = [];
        for (let i = 0; i < 40; i++)
          answers.push((await post(`Khi đầy ${i} ${'x'.repeat(4000)}`)).status);
        expect(
          answers.every((status) => status === 201 || status === 507),
          `${answers} ${server.output().slice(-3000)}`,
        ).toBe(true);
        expect(answers).toContain(507);
      }
      const unhealthy = await fetch(`${base}/api/health`);
      expect(unhealthy.status).toBe(503);
      const unhealth = (await unhealthy.json()) as { version: string };
      expect(unhealth).toMatchObject({ status: 'unavailable', disk: 'full' });
      const tools = await fetch(`${base}/api/admin/backup-status`, { headers: { cookie } });
      const status = (await tools.json()) as { disk: { state: string } };
      expect(status.disk.state).toBe('full');
      // The version names the commit the server was built from (health, and so the admin tools).
      expect(unhealth.version).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?\+[0-9a-f]{12}$/);

      fs.rmSync(filler());
      // Space is back: the next writes go through, with no restart. (A write refused for want of
      // space keeps the state "full" for a minute after it, so health is not asked here.)
      expect((await post('Sau khi dọn')).status).toBe(201);
      expect((await upload()).status).toBe(201);
      const feed = await fetch(`${base}/api/posts`, { headers: { cookie } });
      const texts = ((await feed.json()) as { posts: Array<{ text: string }> }).posts.map(
        (p) => p.text,
      );
      expect(texts).toContain('Sau khi dọn');
      expect(texts).toContain('Trước khi đầy');
    } finally {
      server.child.kill('SIGTERM');
      await exited(server.child);
    }
  }, 90_000);
});
