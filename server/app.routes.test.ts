import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLatestErrorLogs } from './modules/error-logs/error-logs.repository.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';

let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="vi"><title>Học viện</title></html>',
  );
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  // As the build writes them (vite.config.ts): a compressed copy beside the file, marked here so
  // the test can tell it from the server compressing the file itself.
  fs.writeFileSync(
    path.join(webRoot, 'assets', 'index-abc123.js.br'),
    zlib.brotliCompressSync('/* the build copy */ console.log(1)'),
  );
  fs.writeFileSync(path.join(webRoot, 'sw.js'), 'self.x = 1');
  t = await buildTestApp({ webRoot });
  // A route that fails unexpectedly, to see what the caller and the error log get.
  t.app.get('/api/test/explode', { config: { audience: 'public' } }, async () => {
    throw new Error('secret internal detail');
  });
  // An answer the size of a feed page of long Vietnamese evaluations (about 20 KB of UTF-8).
  t.app.get('/api/test/sizeable', { config: { audience: 'public' } }, async () => ({
    posts: Array.from({ length: 40 }, (_, index) => ({
      index,
      text: `Bạn đắp bột rất đều tay, form móng cân đối; lần sau chú ý phần khóe móng ${index}. `.repeat(
        4,
      ),
    })),
  }));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('the app shell of the server', () => {
  it('answers an unknown API route with 404 in the error shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({
      code: 'route_not_found',
      message: 'Không tìm thấy địa chỉ yêu cầu.',
    });
  });

  it('hides an unexpected failure behind a fixed message and logs it with context', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.error.code).toBe('internal_error');
    expect(body.error.message).toBe('Đã có lỗi xảy ra. Vui lòng thử lại sau.');
    expect(response.body).not.toContain('secret internal detail');
    const [entry] = await listLatestErrorLogs(t.database.db, 100);
    expect(entry).toMatchObject({
      context: 'GET /api/test/explode',
      message: 'secret internal detail',
    });
    expect(JSON.parse(entry!.extra!).requestId).toBe(body.error.requestId);
  });

  it('answers a path the router cannot read in the error shape, in Vietnamese', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/posts/%ZZ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'malformed_url',
      message: 'Địa chỉ yêu cầu không hợp lệ.',
    });
  });

  it('refuses a NUL character anywhere in the input: body, query or path', async () => {
    // PostgreSQL cannot store one; SQLite can: refused before any route, on both engines.
    for (const request of [
      {
        method: 'POST' as const,
        url: '/api/client-errors',
        payload: { context: 'a\u0000', message: 'b' },
      },
      { method: 'GET' as const, url: '/api/public-config?x=%00' },
      { method: 'GET' as const, url: '/api/avatars/a%00.svg' },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'nul_character',
        message: 'Dữ liệu gửi lên chứa ký tự không hợp lệ.',
      });
    }
  });

  it('gives every answer its own request id, ignoring one sent by the client', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'forged' },
    });
    expect(response.headers['x-request-id']).toMatch(/^req-[0-9a-f]{8}$/);
  });

  it('logs each request once at the default level, when answered, with its address, status and time', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      const response = await logged.app.inject({ method: 'GET', url: '/api/nope?token=abc' });
      const requestId = response.headers['x-request-id'];
      const ofRequest = lines.map((line) => JSON.parse(line)).filter((l) => l.reqId === requestId);
      expect(ofRequest).toEqual([
        expect.objectContaining({
          msg: 'request completed',
          req: expect.objectContaining({ method: 'GET', url: '/api/nope?token=…' }),
          res: { statusCode: 404 },
          responseTime: expect.any(Number),
        }),
      ]);
      // A balancer's health checks are no journal lines while they pass.
      const health = await logged.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const healthId = health.headers['x-request-id'];
      expect(lines.map((line) => JSON.parse(line)).filter((l) => l.reqId === healthId)).toEqual([]);
    } finally {
      await logged.close();
    }
  });

  it('sends the strict security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Served over plain http here: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS when the public address is https', async () => {
    const https = await buildTestApp({ env: { PUBLIC_URL: 'https://academy.example.vn' } });
    const response = await https.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    await https.close();
  });

  it('serves the web app: index and service worker revalidated, hashed assets immutable', async () => {
    const index = await t.app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('text/html');
    expect(index.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's compressed copy of a file to a browser that accepts it", async () => {
    const url = '/assets/index-abc123.js';
    const compressed = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toContain('javascript');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(
      '/* the build copy */ console.log(1)',
    );
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('compresses a sizeable answer in one go, so its length is known', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/test/sizeable',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    // zstd where this Node can write it (22.15 and later), Brotli otherwise.
    const zstd = (zlib as { zstdDecompressSync?: (data: Buffer) => Buffer }).zstdDecompressSync;
    expect(response.headers['content-encoding']).toBe(zstd ? 'zstd' : 'br');
    const json = zstd ? zstd(response.rawPayload) : zlib.brotliDecompressSync(response.rawPayload);
    expect(json.length).toBeGreaterThan(16 * 1024);
    // Streamed, the answer would go out in chunks with no length.
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));
    expect(JSON.parse(json.toString()).posts).toHaveLength(40);
  });

  it('does not serve files outside the web app folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/../package.json' });
    expect(response.statusCode).toBe(404);
    const encoded = await t.app.inject({ method: 'GET', url: '/%2e%2e/%2e%2e/etc/passwd' });
    expect([400, 403, 404]).toContain(encoded.statusCode);
  });

  it('publishes an OpenAPI document built from the route schemas and a page to browse it', async () => {
    const document = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    const openapi = document.json();
    expect(openapi.openapi).toMatch(/^3\./);
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/client-errors']),
    );
    expect(
      openapi.paths['/api/client-errors'].post.requestBody.content['application/json'].schema
        .required,
    ).toEqual(['context', 'message']);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
