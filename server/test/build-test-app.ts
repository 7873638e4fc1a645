import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { LiveHubOptions } from '../modules/events/live-hub.ts';
import type { PushSenderOptions } from '../modules/push/push.service.ts';
import type { BodyPace } from '../plugins/body-pace.ts';
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
  bodyPace?: BodyPace;
}

/** The real app on a fresh database of the run's engine, driven with `app.inject`. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // Each app writes its photos and backup copies to its own folder, removed on close: a folder
  // shared by every test file would pile up every upload of the run, and a backup taken in one
  // file would copy the photos of all the others.
  const ownDataDir = options.env?.DATA_DIR
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), 'hv-data-'));
  // The settings name the database the app runs on, as a server's do.
  const config = loadConfig({
    DATA_DIR: ownDataDir,
    LOG_LEVEL: 'silent',
    ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    version: '0.0.0-test',
    logger: options.logger ?? (options.logStream ? undefined : false),
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.webRoot ? { webRoot: options.webRoot } : {}),
    ...(options.push ? { push: options.push } : {}),
    ...(options.live ? { live: options.live } : {}),
    ...(options.bodyPace ? { bodyPace: options.bodyPace } : {}),
  });
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.dispose();
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}
