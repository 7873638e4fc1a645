import 'fastify';
import type { Config } from './config.ts';
import type { AppDatabase } from './db/database.ts';
import type { PersonStatus, Role } from './db/schema.ts';
import type { StorageWatch } from './lib/storage-watch.ts';
import type { LiveHub } from './modules/events/live-hub.ts';
import type { MediaStore } from './modules/media/media.store.ts';
import type { PushSender } from './modules/push/push.service.ts';
import type { MetricsAnswer } from './plugins/metrics.ts';

/** The signed-in person a request acts for (set by the Accounts capability's session hook). */
export interface RequestPerson {
  id: string;
  name: string;
  role: Role;
  status: PersonStatus;
}

/** A route as registered, with the zod schemas its input is checked against. */
export interface CataloguedRoute {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    database: AppDatabase;
    appVersion: string;
    config: Config;
    /** The open `/api/events` streams of this process. */
    liveHub: LiveHub;
    /** Where photos are kept (MEDIA_STORE). */
    mediaStore: MediaStore;
    /** Sends Web Push messages for the notifications this process creates. */
    pushSender: PushSender;
    /** The data folder's disk: free space, and whether writes failed for want of it lately. */
    storage: StorageWatch;
    /** Prometheus metrics, when METRICS_TOKEN is set (plugins/metrics.ts). */
    metrics: { scrape(authorization: string | undefined): Promise<MetricsAnswer> };
    /** Every route registered, for tests that must cover them all. */
    routeCatalogue: CataloguedRoute[];
  }
  interface FastifyRequest {
    person: RequestPerson | null;
  }
}
