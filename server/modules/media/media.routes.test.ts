import { once } from 'node:events';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage } from '#shared/errors';
import { limits } from '#shared/limits';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher.ts';
import { multipartBody } from '../../test/multipart.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { instructorForm, signUp } from '../../test/sessions.ts';
import { UPLOADS_PER_HOUR } from './media.service.ts';

describe.each(['local', 's3'] as const)('photos kept in the %s store', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let cookie: string;
  let dataDir: string;
  let s3: TestS3Server | undefined;

  beforeAll(async () => {
    mail = await startMailCatcher();
    dataDir = fs.mkdtempSync('/tmp/hv-media-');
    s3 = store === 's3' ? await startS3Server() : undefined;
    t = await buildTestApp({
      env: {
        SMTP_URL: mail.url,
        PUBLIC_URL: 'http://academy.test',
        DATA_DIR: dataDir,
        ...s3?.env,
      },
    });
    cookie = await signUp(t.app, mail, 'photo@example.vn', instructorForm('Nguyễn Thị Hoa'));
  });
  afterAll(async () => {
    await t.close();
    await mail.close();
    await s3?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Every name the store holds, sorted. */
  const storedFiles = async () => {
    const names: string[] = [];
    for await (const name of t.app.mediaStore.names()) names.push(name);
    return names.sort();
  };
  const storedFile = (name: string) => t.app.mediaStore.read(name);
  const mediaRows = async () =>
    (await t.database.db.selectFrom('media').selectAll().execute()).length;

  function upload(file: Buffer, options: Parameters<typeof multipartBody>[1] = {}, use = 'post') {
    const body = multipartBody(file, options);
    return t.app.inject({
      method: 'POST',
      url: `/api/uploads?use=${use}`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  }

  const canvas = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 194, g: 24, b: 91 } } });

  describe('POST /api/uploads: accepted photos', () => {
    it.each([
      ['JPEG', () => canvas(1200, 800).jpeg().toBuffer()],
      ['PNG', () => canvas(1200, 800).png().toBuffer()],
      ['WebP', () => canvas(1200, 800).webp().toBuffer()],
      ['AVIF', () => canvas(1200, 800).avif().toBuffer()],
    ])('re-encodes a %s to WebP with a small variant, named by content', async (_, make) => {
      const response = await upload(await make());
      expect(response.statusCode, response.body).toBe(201);
      const body = response.json();
      expect(body).toMatchObject({ width: 1200, height: 800, format: 'webp' });
      expect(body.secure_url).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
      expect(body.thumbnail_url).toBe(body.secure_url.replace('.webp', '-sm.webp'));

      const served = await t.app.inject({ method: 'GET', url: body.secure_url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toContain('sandbox');
      const small = await sharp(
        Buffer.from((await t.app.inject({ method: 'GET', url: body.thumbnail_url })).rawPayload),
      ).metadata();
      expect(Math.max(small.width!, small.height!)).toBe(480);
    });

    it('the same photo sent twice (a retry after a lost answer, at once or later) stores one file', async () => {
      const photo = await sharp({
        create: { width: 900, height: 700, channels: 3, background: { r: 12, g: 140, b: 77 } },
      })
        .jpeg()
        .toBuffer();
      const filesBefore = (await storedFiles()).length;
      const rowsBefore = await mediaRows();
      const answers = await Promise.all([upload(photo), upload(photo)]);
      const later = await upload(photo);
      for (const answer of [...answers, later]) expect(answer.statusCode, answer.body).toBe(201);
      expect(new Set([...answers, later].map((answer) => answer.json().secure_url)).size).toBe(1);
      // The photo and its medium and small variants, once, and no temporary file left behind.
      expect((await storedFiles()).length - filesBefore).toBe(3);
      expect((await storedFiles()).filter((name) => name.endsWith('.tmp'))).toEqual([]);
      expect((await mediaRows()) - rowsBefore).toBe(1);
    });

    it('applies the EXIF orientation and keeps no metadata (no GPS, no camera)', async () => {
      const rotated = await canvas(1200, 800)
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'Phone', Copyright: 'secret' } } })
        .toBuffer();
      expect((await sharp(rotated).metadata()).orientation).toBe(6);
      const response = await upload(rotated);
      expect(response.json()).toMatchObject({ width: 800, height: 1200 });
      const stored = await sharp(await storedFile(`${response.json().public_id}.webp`)).metadata();
      expect(stored.exif).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
      expect(stored.width).toBe(800);
    });

    it('caps the long side at 2048 px, with a 1080 px medium variant for phones', async () => {
      const response = await upload(await canvas(4000, 3000).jpeg().toBuffer());
      expect(response.json()).toMatchObject({ width: 2048, height: 1536 });
      const medium = await t.app.inject({
        method: 'GET',
        url: response.json().secure_url.replace('.webp', '-md.webp'),
      });
      expect(medium.statusCode).toBe(200);
      expect(medium.headers['content-type']).toBe('image/webp');
      expect(await sharp(Buffer.from(medium.rawPayload)).metadata()).toMatchObject({
        width: 1080,
        height: 810,
      });
    });

    it('makes the medium variant of a photo stored without one, once', async () => {
      const response = await upload(await canvas(3000, 4000).jpeg().toBuffer());
      const { public_id: id } = response.json();
      await t.app.mediaStore.remove(`${id}-md.webp`);
      expect(await storedFile(`${id}-md.webp`)).toBeUndefined();
      const served = await t.app.inject({ method: 'GET', url: `/media/${id}-md.webp` });
      expect(served.statusCode).toBe(200);
      expect(await sharp(Buffer.from(served.rawPayload)).metadata()).toMatchObject({
        width: 810,
        height: 1080,
      });
      expect((await storedFile(`${id}-md.webp`))?.equals(Buffer.from(served.rawPayload))).toBe(
        true,
      );
    });

    it('makes the small variant again from the photo, as its upload made it', async () => {
      const response = await upload(await canvas(3000, 4000).jpeg().toBuffer());
      const { public_id: id } = response.json();
      const made = await storedFile(`${id}-sm.webp`);
      expect(made).toBeDefined();
      // A restore brings the photo alone (its variants cannot be checked against its name).
      await t.app.mediaStore.remove(`${id}-sm.webp`);
      const served = await t.app.inject({ method: 'GET', url: `/media/${id}-sm.webp` });
      expect(served.statusCode).toBe(200);
      expect(Buffer.from(served.rawPayload).equals(made!)).toBe(true);
    });

    it('answers 404 for the medium variant of a photo that is not stored', async () => {
      const served = await t.app.inject({ method: 'GET', url: `/media/${'a'.repeat(64)}-md.webp` });
      expect(served.statusCode).toBe(404);
      expect(await storedFile(`${'a'.repeat(64)}-md.webp`)).toBeUndefined();
    });

    it('records the owner and the use of each image', async () => {
      const response = await upload(await canvas(300, 300).png().toBuffer(), {}, 'avatar');
      const row = await t.database.db
        .selectFrom('media')
        .selectAll()
        .where('id', '=', response.json().public_id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        use: 'avatar',
        content_type: 'image/webp',
        width: 300,
        height: 300,
      });
      expect(row.owner_id).toBeTruthy();
    });
  });

  describe('POST /api/uploads: the attack corpus is refused and nothing is stored', () => {
    let before: { files: string[]; rows: number };
    beforeEach(async () => {
      before = { files: await storedFiles(), rows: await mediaRows() };
    });
    const nothingStored = async () => {
      expect(await storedFiles()).toEqual(before.files);
      expect(await mediaRows()).toBe(before.rows);
    };

    it.each([
      [
        'an SVG with a script',
        () =>
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="10" height="10"/></svg>',
          ),
        415,
      ],
      [
        'HTML renamed .jpg',
        () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
        415,
      ],
      [
        'a PNG/HTML polyglot',
        async () =>
          Buffer.concat([
            await canvas(50, 50).png().toBuffer(),
            Buffer.from('<html><script>alert(1)</script></html>'),
          ]),
        415,
      ],
      [
        'a JPEG with HTML after its end',
        async () =>
          Buffer.concat([
            await canvas(50, 50).jpeg().toBuffer(),
            Buffer.from('<script>alert(1)</script>'),
          ]),
        415,
      ],
      [
        'a decompression bomb (48 MP of one colour)',
        () => canvas(8000, 6000).png({ compressionLevel: 9 }).toBuffer(),
        413,
      ],
      [
        'a truncated JPEG',
        async () => {
          const whole = await sharp({
            create: {
              width: 800,
              height: 600,
              channels: 3,
              background: '#888',
              noise: { type: 'gaussian', mean: 128, sigma: 40 },
            },
          })
            .jpeg()
            .toBuffer();
          return whole.subarray(0, Math.floor(whole.length / 2));
        },
        422,
      ],
      [
        'random bytes',
        () => Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256)),
        415,
      ],
      ['a GIF (not a photo format we accept)', () => canvas(20, 20).gif().toBuffer(), 415],
      ['a file over 15 MB', () => Buffer.alloc(16 * 1024 * 1024, 1), 413],
    ])('refuses %s', async (_, make, status) => {
      const response = await upload(await make());
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().error.message).toMatch(/ảnh|Ảnh/);
      await nothingStored();
    });

    it('never uses the uploader’s file name: a path-traversal name stores nothing outside media/', async () => {
      const target = path.join(dataDir, 'escaped.jpg');
      const response = await upload(await canvas(51, 50).jpeg().toBuffer(), {
        filename: '../escaped.jpg',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().secure_url).toMatch(/^\/media\/[a-f0-9]{64}\.webp$/);
      expect(fs.existsSync(target)).toBe(false);
      // The local store's folder is the only other thing in the data folder.
      expect(fs.readdirSync(dataDir).sort()).toEqual(
        store === 'local' ? ['media', 'tmp'] : ['tmp'],
      );
      // Temporary upload files are gone once the answer is sent.
      expect(fs.readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
    });

    it('refuses an upload with no file, another field, or not multipart', async () => {
      const wrongField = await upload(await canvas(50, 50).jpeg().toBuffer(), { field: 'avatar' });
      expect(wrongField.statusCode).toBe(400);
      expect(wrongField.json().error.message).toBe('Vui lòng chọn một ảnh để tải lên.');
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { cookie },
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(400);
      const badUse = await upload(await canvas(50, 50).jpeg().toBuffer(), {}, 'anything');
      expect(badUse.statusCode).toBe(400);
      await nothingStored();
    });

    it('refuses an upload that broke off half-way (a phone losing its signal) and keeps nothing', async () => {
      const whole = multipartBody(await canvas(400, 300).jpeg().toBuffer());
      for (const payload of [
        whole.payload.subarray(0, whole.payload.length - 200),
        whole.payload.subarray(0, 20),
      ]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/uploads?use=post',
          headers: { ...whole.headers, cookie },
          payload,
        });
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json().error.message).toBe(
          'Ảnh bị hỏng hoặc tải lên chưa trọn vẹn. Vui lòng thử lại với ảnh khác.',
        );
      }
      await nothingStored();
      expect(fs.readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
    });

    it('refuses anonymous uploads', async () => {
      const body = multipartBody(await canvas(50, 50).jpeg().toBuffer());
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: body.headers,
        payload: body.payload,
      });
      expect(response.statusCode).toBe(401);
      await nothingStored();
    });
  });

  describe('serving media', () => {
    it.each([
      '../academy.sqlite',
      '..%2Facademy.sqlite',
      'x.webp',
      `${'a'.repeat(64)}.svg`,
      `${'a'.repeat(64)}.webp`,
    ])('answers 404 for %s', async (name) => {
      const response = await t.app.inject({ method: 'GET', url: `/media/${name}` });
      expect(response.statusCode).toBe(404);
    });

    it('answers a range of a photo with 206, and a range past its end with 416', async () => {
      const uploaded = await upload(await canvas(640, 480).jpeg().toBuffer());
      const url = uploaded.json().secure_url as string;
      const whole = await t.app.inject({ method: 'GET', url });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      const bytes = Buffer.from(whole.rawPayload);
      const size = bytes.length;
      expect(Number(whole.headers['content-length'])).toBe(size);
      const ranged = (range: string) => t.app.inject({ method: 'GET', url, headers: { range } });
      for (const [range, start, end] of [
        ['bytes=0-9', 0, 9],
        ['bytes=10-', 10, size - 1],
        ['bytes=-5', size - 5, size - 1],
        [`bytes=5-${size + 100}`, 5, size - 1],
      ] as const) {
        const answer = await ranged(range);
        expect(answer.statusCode, range).toBe(206);
        expect(answer.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
        expect(Buffer.from(answer.rawPayload)).toEqual(bytes.subarray(start, end + 1));
      }
      const past = await ranged(`bytes=${size}-`);
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${size}`);
      expect(past.json().error.message).toBe(errorMessage('range_not_satisfiable'));
      // Several ranges, or one not understood: the whole photo.
      for (const range of ['bytes=0-1,4-5', 'bytes=9-2', 'items=0-1']) {
        expect((await ranged(range)).statusCode, range).toBe(200);
      }
      // A medium variant not stored yet is made for a ranged request too.
      const medium = url.replace('.webp', '-md.webp');
      await t.app.mediaStore.remove(medium.slice('/media/'.length));
      const made = await ranged('bytes=0-3');
      expect(made.statusCode).toBe(206);
      expect(Buffer.from(made.rawPayload).toString('latin1')).toBe('RIFF');
      expect((await ranged('bytes=0-3')).statusCode).toBe(206);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/media/${'c'.repeat(64)}.webp`,
            headers: { range: 'bytes=0-1' },
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('avatars', () => {
    it('generates initials on a colour from the name, the same each time, safely escaped', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/avatars/${encodeURIComponent('Nguyễn Thị Hoa')}.svg`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.body).toContain('>NH</text>');
      const again = await t.app.inject({
        method: 'GET',
        url: `/api/avatars/${encodeURIComponent('Nguyễn Thị Hoa')}.svg`,
      });
      expect(again.body).toBe(response.body);
      const hostile = await t.app.inject({
        method: 'GET',
        url: `/api/avatars/${encodeURIComponent('<script>alert(1)</script> "x')}.svg`,
      });
      expect(hostile.body).not.toContain('<script>');
    });

    it('sets my photo to an image I uploaded, and falls back to the generated avatar', async () => {
      const me = async () =>
        (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json();
      expect((await me()).person.avatarUrl).toBe(
        `/api/avatars/${encodeURIComponent('Nguyễn Thị Hoa')}.svg`,
      );
      const uploaded = (
        await upload(await canvas(400, 400).jpeg().toBuffer(), {}, 'avatar')
      ).json();
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/me/avatar',
        headers: { cookie },
        payload: { mediaId: uploaded.public_id },
      });
      expect(set.statusCode).toBe(200);
      expect(set.json().person.avatarUrl).toBe(uploaded.secure_url);
      const foreign = await t.app.inject({
        method: 'PUT',
        url: '/api/me/avatar',
        headers: { cookie },
        payload: { mediaId: 'f'.repeat(64) },
      });
      expect(foreign.statusCode).toBe(404);
      const removed = await t.app.inject({
        method: 'PUT',
        url: '/api/me/avatar',
        headers: { cookie },
        payload: { mediaId: null },
      });
      expect(removed.json().person.avatarUrl).toContain('/api/avatars/');
    });

    it('a photo is its uploader’s whoever sent the same bytes first; another person’s is not', async () => {
      const second = await signUp(t.app, mail, 'second@example.vn', instructorForm('Lê Thu Trang'));
      const third = await signUp(t.app, mail, 'third@example.vn', instructorForm('Phạm Thị Mai'));
      // Later instructors wait for approval: let them in.
      await t.database.db.updateTable('people').set({ status: 'active' }).execute();
      const bytes = await canvas(300, 300).png().toBuffer();
      const first = (await upload(bytes, {}, 'avatar')).json();
      const body = multipartBody(bytes);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/uploads?use=avatar',
        headers: { cookie: second, ...body.headers },
        payload: body.payload,
      });
      expect(again.statusCode).toBe(201);
      expect(again.json().public_id).toBe(first.public_id);
      const setAs = (who: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/me/avatar',
          headers: { cookie: who },
          payload: { mediaId: first.public_id },
        });
      expect((await setAs(second)).statusCode).toBe(200);
      expect((await setAs(cookie)).statusCode).toBe(200);
      // Someone who never uploaded those bytes cannot take the photo by its id.
      expect((await setAs(third)).statusCode).toBe(404);
    });
  });

  describe('avatars from Cloudinary', () => {
    it('accepts only addresses in the academy’s own Cloudinary account', async () => {
      const admin = cookie;
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/upload-settings',
        headers: { cookie: admin },
        payload: { service: 'cloudinary', cloudName: 'hoc-vien', uploadPreset: 'unsigned' },
      });
      const own = 'https://res.cloudinary.com/hoc-vien/image/upload/v1/avatars/abc.jpg';
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/me/avatar',
        headers: { cookie },
        payload: { url: own },
      });
      expect(set.json().person.avatarUrl).toBe(own);
      for (const url of [
        'https://res.cloudinary.com/other/image/upload/x.jpg',
        'https://evil.example/x.jpg',
        'javascript:alert(1)',
      ]) {
        const refused = await t.app.inject({
          method: 'PUT',
          url: '/api/me/avatar',
          headers: { cookie },
          payload: { url },
        });
        expect(refused.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(refused.statusCode).toBeLessThan(500);
      }
      await t.app.inject({
        method: 'PUT',
        url: '/api/admin/upload-settings',
        headers: { cookie: admin },
        payload: { service: 'builtin' },
      });
    });
  });

  describe('POST /api/uploads: a body that trickles', () => {
    it('ends an upload sent slower than its pace with 408 in Vietnamese, keeping no temporary file', async () => {
      const pace = limits as { slowBodyWindowMs: number };
      const usual = pace.slowBodyWindowMs;
      pace.slowBodyWindowMs = 300;
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      try {
        const body = multipartBody(await canvas(200, 200).jpeg().toBuffer());
        const socket = net.connect(port, '127.0.0.1');
        await once(socket, 'connect');
        let answer = '';
        socket.on('data', (chunk) => {
          answer += chunk.toString();
        });
        socket.write(
          `POST /api/uploads?use=post HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n` +
            `Content-Type: ${body.headers['content-type']}\r\n` +
            `Content-Length: ${body.payload.length}\r\n\r\n`,
        );
        // The part's head and a few bytes of the photo, then a byte every 100 ms.
        socket.write(body.payload.subarray(0, 200));
        let sent = 200;
        const trickle = setInterval(() => {
          if (!socket.destroyed) socket.write(body.payload.subarray(sent, sent + 1));
          sent += 1;
        }, 100);
        await expect.poll(() => answer, { timeout: 5_000 }).toContain('HTTP/1.1 408');
        clearInterval(trickle);
        socket.destroy();
        expect(answer).toContain(
          'Kết nối quá chậm nên dữ liệu chưa gửi được. Vui lòng thử lại khi mạng ổn định hơn.',
        );
        const tmp = path.join(dataDir, 'tmp');
        await expect
          .poll(() => (fs.existsSync(tmp) ? fs.readdirSync(tmp) : []), { timeout: 2_000 })
          .toEqual([]);
      } finally {
        pace.slowBodyWindowMs = usual;
      }
    });
  });

  describe('POST /api/uploads: what a script sends', () => {
    it('answers a multipart body without a boundary with 400, and logs no error', async () => {
      const errorsBefore = (await t.database.db.selectFrom('error_logs').selectAll().execute())
        .length;
      for (const type of ['multipart/form-data', 'multipart/form-data; charset=utf-8']) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/uploads?use=post',
          headers: { cookie, 'content-type': type },
          payload: 'không có ranh giới',
        });
        expect(response.statusCode, type).toBe(400);
        expect(response.json().error.code).toBe('upload_corrupt');
      }
      expect((await t.database.db.selectFrom('error_logs').selectAll().execute()).length).toBe(
        errorsBefore,
      );
    });

    it(`limits one person to ${UPLOADS_PER_HOUR} uploads an hour, with the upload error's words`, async () => {
      const other = await signUp(t.app, mail, 'nhieu-anh@example.vn', instructorForm('Lý Thị Ảnh'));
      await t.database.db
        .updateTable('people')
        .set({ status: 'active' })
        .where('email', '=', 'nhieu-anh@example.vn')
        .execute();
      const body = multipartBody(Buffer.from('không phải ảnh'));
      const send = (who: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/uploads?use=post',
          headers: { cookie: who, ...body.headers },
          payload: body.payload,
        });
      for (let n = 0; n < UPLOADS_PER_HOUR; n += 1) {
        expect((await send(other)).statusCode).not.toBe(429);
      }
      const refused = await send(other);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toMatch(/^Tải lên thất bại\. Mã lỗi: 429\./);
      // Someone else uploads on.
      expect((await send(cookie)).statusCode).not.toBe(429);
    });
  });
});

describe('a photo store that is out of reach or refuses', () => {
  let mail: MailCatcher;
  let s3: TestS3Server;
  let dataDir: string;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    mail = await startMailCatcher();
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync('/tmp/hv-media-down-');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await mail.close();
    await s3.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A port on this machine that nothing listens on. */
  async function closedPort(): Promise<number> {
    const server = net.createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    server.close();
    await once(server, 'close');
    return port;
  }

  async function appWith(env: Record<string, string>) {
    const app = await buildTestApp({
      env: {
        SMTP_URL: mail.url,
        PUBLIC_URL: 'http://academy.test',
        DATA_DIR: dataDir,
        ...s3.env,
        ...env,
      },
    });
    apps.push(app);
    const cookie = await signUp(
      app.app,
      mail,
      `down${apps.length}@example.vn`,
      instructorForm('Trần Thu Hà'),
    );
    const send = async () => {
      const body = multipartBody(
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c2185b' } })
          .jpeg()
          .toBuffer(),
      );
      return app.app.inject({
        method: 'POST',
        url: '/api/uploads?use=post',
        headers: { cookie, ...body.headers },
        payload: body.payload,
      });
    };
    return { app, send };
  }

  it.each([
    [
      'is down (nothing listens at its address)',
      async () => ({
        S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
      }),
    ],
    ['does not know the server’s key', async () => ({ S3_ACCESS_KEY_ID: 'UNKNOWNKEY' })],
    ['has no such bucket', async () => ({ S3_BUCKET: 'no-such-bucket' })],
  ])(
    'a store that %s: 503 in Vietnamese, no photo recorded, the phone tries again',
    async (_, env) => {
      const { app, send } = await appWith(await env());
      const response = await send();
      expect(response.statusCode).toBe(503);
      expect(response.json().error).toMatchObject({
        code: 'media_store_unavailable',
        message: errorMessage('media_store_unavailable'),
      });
      expect(await app.database.db.selectFrom('media').selectAll().execute()).toEqual([]);
      const served = await app.app.inject({ method: 'GET', url: `/media/${'b'.repeat(64)}.webp` });
      expect(served.statusCode).toBe(503);
      // Nothing half-written reached the bucket the academy does use.
      const names: string[] = [];
      const reachable = await appWith({});
      for await (const name of reachable.app.app.mediaStore.names()) names.push(name);
      expect(names).toEqual([]);
    },
  );
});
