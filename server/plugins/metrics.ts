import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type ErrorBody, errorMessage } from '#shared/errors';
import type { Config } from '../config.ts';
import { backupStatus } from '../modules/admin/maintenance.service.ts';

/**
 * Prometheus metrics, collected only when METRICS_TOKEN is set and given only to a scrape
 * bearing it (`Authorization: Bearer …`), on the metrics listener (`listenForMetrics`), never
 * the public port: the process's standard metrics (CPU, memory, event
 * loop, garbage collection), answered requests by route and status, open live-event streams,
 * posts sent from phones' outboxes, and the last backup. Each app has its own registry.
 */
export function registerMetrics(app: FastifyInstance, config: Config): void {
  const token = config.metricsToken;
  if (!token) return;
  const register = new Registry();
  collectDefaultMetrics({ register, prefix: 'hoc_vien_' });

  const requests = new Histogram({
    name: 'hoc_vien_http_request_duration_seconds',
    help: 'Answered HTTP requests, by method, route and status, and how long each took.',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [register],
  });
  const outbox = new Counter({
    name: 'hoc_vien_outbox_posts_total',
    help: 'Posts a phone sent under the id it made: created, repeated (already there) or refused.',
    labelNames: ['result'],
    registers: [register],
  });
  // Each series from the first scrape, at 0: a rate over a series that appears late is wrong.
  for (const result of ['created', 'repeated', 'refused']) outbox.inc({ result }, 0);
  new Gauge({
    name: 'hoc_vien_live_streams',
    help: 'Live-event streams open in this process.',
    registers: [register],
    collect() {
      this.set(app.liveHub.openStreams);
    },
  });
  new Gauge({
    name: 'hoc_vien_data_disk_free_bytes',
    help: 'Free bytes on the file system of the data folder (-1: cannot be read).',
    registers: [register],
    collect() {
      this.set(app.storage.freeBytes() ?? -1);
    },
  });
  const lastFailure = new Gauge({
    name: 'hoc_vien_backup_last_failure_timestamp_seconds',
    help: 'When the last backup that failed was tried, if it failed after the last success (0: none).',
    registers: [register],
  });
  new Gauge({
    name: 'hoc_vien_backup_last_success_timestamp_seconds',
    help: 'When the last backup into the backup folder was taken (0: none).',
    registers: [register],
    async collect() {
      const status = await backupStatus(app.database, config.dataDir, config.backup);
      this.set((status.last?.at ?? 0) / 1000);
      lastFailure.set((status.lastFailure?.at ?? 0) / 1000);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    if (route === '/api/posts' && request.method === 'POST') {
      const body = request.body as { id?: unknown } | undefined;
      if (typeof body?.id === 'string') {
        const result =
          reply.statusCode === 201 ? 'created' : reply.statusCode === 200 ? 'repeated' : 'refused';
        outbox.inc({ result });
      }
    }
  });

  const expected = Buffer.from(`Bearer ${token}`);
  const scrape = async (authorization: string | undefined): Promise<MetricsAnswer> => {
    const given = Buffer.from(authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      const body: ErrorBody = {
        error: { code: 'unauthenticated', message: errorMessage('unauthenticated') },
      };
      return { status: 401, type: 'application/json; charset=utf-8', body: JSON.stringify(body) };
    }
    return { status: 200, type: register.contentType, body: await register.metrics() };
  };
  app.decorate('metrics', { scrape });
}

/** What `/metrics` answers a scrape bearing `authorization`. */
export interface MetricsAnswer {
  status: number;
  type: string;
  body: string;
}

/**
 * `/metrics` on a listener of its own (METRICS_HOST:METRICS_PORT, the loopback by default), so
 * it is never reachable through the public port or the proxy in front of it. Returns a function
 * that closes it.
 */
export async function listenForMetrics(
  app: FastifyInstance,
  listen: { port: number; host: string },
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    void app.metrics.scrape(request.headers.authorization).then(
      (answer) =>
        response
          .writeHead(answer.status, { 'content-type': answer.type, 'cache-control': 'no-store' })
          .end(answer.body),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
