import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { ensureConfigDefaults } from './modules/config/config.repository.ts';
import { readVersion } from './version.ts';

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  const database = openDatabase(config.database);
  await migrateToLatest(database.db);
  await ensureConfigDefaults(database.db, Date.now());

  const webRoot = path.resolve(import.meta.dirname, '../dist/web');
  const app = await buildApp({ config, database, version: readVersion(), webRoot });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shown =
    config.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  app.log.info(`Học viện is ready at ${shown} (database: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
