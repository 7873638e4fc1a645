import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpAcademy } from '../test/academy.ts';
import { rawRequest } from '../test/raw-request.ts';
import { instructorForm } from '../test/sessions.ts';
import { listenForMetrics } from './metrics.ts';

/*
 * /metrics for Prometheus: only with METRICS_TOKEN set, only to a request bearing it, only on
 * its own listener (never the public port); the process's standard metrics and the app's own.
 */
const TOKEN = 'metrics-secret-0123456789abcdef';
const academy = setUpAcademy(
  { admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') } },
  { env: { METRICS_TOKEN: TOKEN } },
);
const { t, call } = academy;

let metrics: Awaited<ReturnType<typeof listenForMetrics>>;
beforeAll(async () => {
  metrics = await listenForMetrics(t.app, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await metrics.close();
});

const scrape = async (authorization?: string) => {
  const answer = await rawRequest(metrics.port, 'GET', '/metrics', {
    headers: authorization ? { authorization } : {},
  });
  return {
    statusCode: answer.statusCode,
    headers: answer.headers,
    body: answer.text,
    json: () => JSON.parse(answer.text),
  };
};

describe('GET /metrics', () => {
  it('answers only the configured token, in Vietnamese when refused', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      TOKEN,
      'Bearer ',
      `Basic ${TOKEN}`,
    ]) {
      const refused = await scrape(authorization);
      expect(refused.statusCode, String(authorization)).toBe(401);
      expect(refused.json().error.message).toBe('Vui lòng đăng nhập để tiếp tục.');
      expect(refused.body).not.toContain('hoc_vien_');
    }
  });

  it('counts requests by route, posts sent from a phone’s outbox, streams and backups', async () => {
    await call(null, 'GET', '/api/health');
    const id = crypto.randomUUID();
    const post = { kind: 'general', text: 'Chào cả lớp', id };
    expect((await call('admin', 'POST', '/api/posts', post)).statusCode).toBe(201);
    expect((await call('admin', 'POST', '/api/posts', post)).statusCode).toBe(200);
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/plain');
    const text = answer.body;
    expect(text).toContain('hoc_vien_process_cpu_user_seconds_total');
    expect(text).toContain('hoc_vien_nodejs_eventloop_lag_seconds');
    expect(text).toMatch(
      /hoc_vien_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/,
    );
    expect(text).toContain('hoc_vien_outbox_posts_total{result="created"} 1');
    expect(text).toContain('hoc_vien_outbox_posts_total{result="repeated"} 1');
    // A series no post has reached yet is there at 0.
    expect(text).toContain('hoc_vien_outbox_posts_total{result="refused"} 0');
    expect(text).toMatch(/^hoc_vien_data_disk_free_bytes \d+/m);
    expect(text).toMatch(/^hoc_vien_live_streams 0$/m);
    expect(text).toMatch(/^hoc_vien_backup_last_success_timestamp_seconds 0$/m);
  });

  it('is not on the public port, in any spelling', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    for (const path of ['/metrics', '/metrics/', '/%6detrics', '/api/../metrics']) {
      const answer = await rawRequest(port, 'GET', path, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(answer.statusCode, path).toBe(404);
      expect(answer.text, path).not.toContain('hoc_vien_');
    }
  });

  it('answers nothing else on its own port', async () => {
    const other = await rawRequest(metrics.port, 'GET', '/api/health');
    expect(other.statusCode).toBe(404);
  });

  it('is not served at all without METRICS_TOKEN', async () => {
    const { buildTestApp } = await import('../test/build-test-app.ts');
    const bare = await buildTestApp();
    try {
      const answer = await bare.app.inject({ method: 'GET', url: '/metrics' });
      expect(answer.body).not.toContain('hoc_vien_');
    } finally {
      await bare.close();
    }
  });
});
