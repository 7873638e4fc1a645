import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { LiveHubOptions } from '../modules/events/live-hub.ts';
import type { PushSenderOptions } from '../modules/push/push.service.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: NodeJS.ProcessEnv;
  webRoot?: string;
  logger?: object;
  /** Keeps the app's real logger (its redaction included) and collects its lines here. */
  logStream?: { write(line: string): void };
  push?: PushSenderOptions;
  live?: LiveHubOptions;
}

/** The real app on a fresh database of the run's engine, driven with `app.inject`. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ DATA_DIR: '/tmp/hv-unused', LOG_LEVEL: 'silent', ...options.env });
  const app = await buildApp({
    config,
    database,
    version: '0.0.0-test',
    logger: options.logger ?? (options.logStream ? undefined : false),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    ...(options.push ? { push: options.push } : {}),
    ...(options.live ? { live: options.live } : {}),
  });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
