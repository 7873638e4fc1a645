import fs from 'node:fs';
import path from 'node:path';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { installLastResort } from './last-resort.ts';
import { recordError } from './modules/error-logs/error-logs.service.ts';
import { startServer } from './start.ts';

/**
 * What a person who just ran `npm start` needs to read, in plain lines: where the app is, what
 * holds its data, and how to sign in when no mail server is set.
 */
function readyLines(config: Config, url: string, version: string): string[] {
  const database =
    config.database.kind === 'sqlite'
      ? `SQLite, ${config.database.file}`
      : `PostgreSQL, ${new URL(config.database.url).host}`;
  return [
    '',
    `Học viện ${version} is ready: ${url}`,
    `  database     ${database}`,
    `  data folder  ${path.resolve(config.dataDir)}`,
    config.smtpUrl
      ? `  mail         ${new URL(config.smtpUrl).host}`
      : '  mail         none (SMTP_URL unset): sign-in links are printed here, each on a line of its own',
    '',
  ];
}

async function main(): Promise<void> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig(process.env);
  const server = await startServer(config);
  const { app } = server;

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
    await server.close();
    process.exit(0);
  };
  installLastResort(process, {
    record: async (error, origin) => {
      app.log.fatal({ err: error, origin }, 'unhandled failure: exiting for the supervisor');
      await recordError(server.database.db, app.log, {
        context: `process.${origin}`,
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    },
    exit: (code) => process.exit(code),
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  app.log.info(`Học viện is ready at ${server.url} (database: ${server.database.kind})`);
  console.info(readyLines(config, server.url, app.appVersion).join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
