import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpAcademy } from './test/academy.ts';
import { multipartBody } from './test/multipart.ts';
import { instructorForm, studentForm } from './test/sessions.ts';
import { testDatabaseKind } from './test/test-database.ts';

/*
 * A phone that loses its signal, a browser's cancel: the client goes away in the middle of an
 * answer (or of its own upload) on every route that streams. The server lives on, answers the
 * next person, leaves no temporary file and writes nothing to the error log.
 */

let port = 0;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-dropped-'));
const dataDir = path.join(work, 'data');
// Registered before the academy, so the folder goes after the app has stopped.
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
const { t, cookie, ids } = setUpAcademy(
  {
    admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
    student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
  },
  { env: { DATA_DIR: dataDir } },
);

beforeAll(async () => {
  const demo = await t.app.inject({
    method: 'POST',
    url: '/api/admin/demo-data',
    headers: { cookie: cookie.admin },
  });
  expect(demo.statusCode, demo.body).toBe(201);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});

/** Asks for `url` and goes away once the first bytes of the answer arrive. */
function dropAfterFirstChunk(url: string, who: keyof typeof cookie = 'admin'): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: url, headers: { cookie: cookie[who] } },
      (response) => {
        const status = response.statusCode ?? 0;
        response.once('data', () => {
          request.destroy();
          resolve(status);
        });
        response.once('end', () => resolve(status));
      },
    );
    request.on('error', (error) => {
      if (!request.destroyed) reject(error);
    });
  });
}

/** Starts an upload and goes away halfway through its body. */
function dropUploadHalfway(body: { payload: Buffer; headers: Record<string, string> }) {
  return new Promise<void>((resolve) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/uploads?use=post',
      headers: {
        cookie: cookie.admin,
        ...body.headers,
        'content-length': String(body.payload.length),
      },
    });
    request.on('error', () => resolve());
    request.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)), () => {
      setTimeout(() => {
        request.destroy();
        resolve();
      }, 20);
    });
  });
}

describe(`clients that go away mid-answer, on ${testDatabaseKind()}`, () => {
  it('leaves the server serving after drops on every streaming route', async () => {
    const photo = await t.database.db
      .selectFrom('post_media')
      .select('url')
      .executeTakeFirstOrThrow();
    const routes = [
      '/api/events',
      photo.url,
      `/api/students/${ids.student}/progress.csv`,
      '/api/admin/backup',
    ];
    for (const url of routes) {
      for (let n = 0; n < 5; n += 1) {
        const status = await dropAfterFirstChunk(url);
        expect(status, url).toBe(200);
      }
    }
    const image = await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#c2185b',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    for (let n = 0; n < 5; n += 1) await dropUploadHalfway(multipartBody(image));

    // Everyone else is still served, and whole uploads still work.
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    const whole = multipartBody(image);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/uploads?use=post',
      headers: { cookie: cookie.admin, ...whole.headers },
      payload: whole.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);

    // Nothing half-made is left: no database copy, no upload's temporary file in the data folder.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const left = fs.readdirSync(dataDir).filter((name) => name.startsWith('backup-'));
    expect(left).toEqual([]);
    // Nor a PostgreSQL download's dump.
    const dumps = path.join(dataDir, '.backup-downloads');
    expect(fs.existsSync(dumps) ? fs.readdirSync(dumps) : []).toEqual([]);
    const temporary = path.join(dataDir, 'tmp');
    expect(fs.existsSync(temporary) ? fs.readdirSync(temporary) : []).toEqual([]);
    const logged = await t.database.db
      .selectFrom('error_logs')
      .select(['context', 'message'])
      .execute();
    expect(logged).toEqual([]);
  });
});
