import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { cli } from '#shared/locales/vi/cli';
import { fillPlaceholders } from '#shared/text';
import { buildApp } from './app.ts';
import { removeStaleSnapshots } from './backup/backup.ts';
import { DataDirBusyError, holdDataDir } from './backup/data-dir-lock.ts';
import { type Config, ConfigError, runtimeProblem } from './config.ts';
import { type AppDatabase, migrateToLatest, openDatabase } from './db/database.ts';
import { AcademyBusyError, describeHolders, holdPresence } from './db/presence.ts';
import { returnMemoryWhenIdle } from './lib/memory-return.ts';
import { takeInheritedSocket } from './lib/socket-activation.ts';
import { writeProbe } from './lib/write-probe.ts';
import { scheduleLogPruning } from './modules/admin/log-pruning.ts';
import { backUpBeforeUpgrade } from './modules/admin/maintenance.service.ts';
import { scheduleNightlyBackups } from './modules/admin/nightly-backups.ts';
import { ensureConfigDefaults } from './modules/config/config.repository.ts';
import { mediaStoreProblem } from './modules/media/media.storage.ts';
import { listenForMetrics } from './plugins/metrics.ts';
import { readVersion } from './version.ts';

/**
 * A start that finds an academy's database behind its release backs it up before the new steps,
 * as `hoc-vien upgrade` does: a release started without that command must not change the
 * database with nothing to go back to. When no backup can be taken it changes nothing and says
 * why, for the operator to fix or to run `hoc-vien upgrade --no-backup` knowingly.
 */
async function backUpBeforeSteps(config: Config, database: AppDatabase): Promise<void> {
  // Runs under the schema lock, on its connection: the caller closes the database on a throw.
  try {
    const file = await backUpBeforeUpgrade(database, config);
    console.info(`Database: backed up before its new steps, to ${file}.`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(
      `The database has steps to run, and no backup could be taken first, so nothing was changed: ${reason}\nFix that and start again, or run "hoc-vien upgrade --no-backup" to go on without one.`,
    );
  }
}

/** Holds the data folder, or says in words which process holds it. */
function holdDataDirOrSay(dataDir: string): () => void {
  try {
    return holdDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    const role = error.holder.role === 'restore' ? 'khôi phục' : 'máy chủ';
    throw new ConfigError(
      fillPlaceholders(cli.dataDirBusy, { dataDir, pid: String(error.holder.pid), role }),
    );
  }
}

/**
 * Marks this server live on the academy's PostgreSQL database for as long as it runs, so that
 * no restore replaces the database under it, wherever the restore is run (db/presence.ts).
 * Refused while a restore holds the database; a server that finds one holding it after its
 * connection dropped stops at once.
 */
async function markLive(url: string, releaseDataDir: () => void): Promise<() => Promise<void>> {
  try {
    return await holdPresence(url, {
      onLost: () => {
        console.error(cli.restore.lostToRestore);
        process.exit(1);
      },
    });
  } catch (error) {
    releaseDataDir();
    if (!(error instanceof AcademyBusyError)) throw error;
    throw new ConfigError(
      fillPlaceholders(cli.restore.startRefused, { holders: describeHolders(error.holders) }),
    );
  }
}

export interface RunningServer {
  app: FastifyInstance;
  database: AppDatabase;
  url: string;
  close(): Promise<void>;
}

/**
 * Why photos cannot be stored, or null: the server serves on (people can still read and write
 * text), but says so at once rather than at the first upload.
 */
function photoFolderProblem(dataDir: string): string | null {
  const media = path.join(dataDir, 'media');
  let code: string | null;
  try {
    fs.mkdirSync(media, { recursive: true });
    code = writeProbe(media);
  } catch (error) {
    code = (error as NodeJS.ErrnoException).code ?? String(error);
  }
  return code
    ? `Warning: photos cannot be stored in ${media} (${code}): uploads will fail until the server's user may write there.`
    : null;
}

/** Opens and migrates the database, builds the app with the built PWA, and listens. */
export async function startServer(
  config: Config,
  options: { logger?: boolean | object } = {},
): Promise<RunningServer> {
  const problem = runtimeProblem();
  if (problem) throw new ConfigError(problem);
  const release = holdDataDirOrSay(config.dataDir);
  if (config.media.kind === 'local') {
    const photos = photoFolderProblem(config.dataDir);
    if (photos) console.warn(photos);
  }
  await removeStaleSnapshots(config.dataDir);
  const leavePresence =
    config.database.kind === 'postgres' ? await markLive(config.database.url, release) : undefined;
  const database = openDatabase(config.database);
  // A new database is made in one line; an upgraded one is backed up first and says each step.
  let upgrading = false;
  const steps = await migrateToLatest(
    database.db,
    (step) => {
      if (upgrading) console.info(`Database: applied ${step.name} (${step.ms} ms).`);
    },
    async ({ applied }) => {
      upgrading = applied.length > 0;
      if (upgrading) await backUpBeforeSteps(config, database);
    },
  ).catch(async (error: unknown) => {
    if (error instanceof ConfigError) {
      await database.close();
      await leavePresence?.();
    }
    throw error;
  });
  if (!upgrading && steps.length > 0) {
    console.info(`Database: created (${steps.length} steps).`);
  }
  await ensureConfigDefaults(database.db, Date.now());
  const app = await buildApp({
    config,
    database,
    version: readVersion(),
    webRoot: config.webRoot,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  });
  if (config.media.kind === 's3') {
    // The server serves on without its photo store (text still works); it says so at once.
    void mediaStoreProblem(app.mediaStore).then((reason) => {
      if (reason) console.warn(`Warning: photos cannot be stored in ${reason}`);
    });
  }
  const stopBackups = scheduleNightlyBackups(database, config, app.log, app.mediaStore);
  const stopPruning = scheduleLogPruning(database, config.logs, app.log);
  const stopMemoryReturn = returnMemoryWhenIdle(app);
  app.addHook('onClose', async () => {
    stopBackups();
    stopPruning();
    stopMemoryReturn();
  });
  const inherited = takeInheritedSocket();
  if (inherited === undefined) {
    await app.listen({ port: config.port, host: config.host });
  } else {
    // The socket systemd keeps open across restarts (deploy/hoc-vien.socket): HOST and PORT are
    // the socket unit's, not read here.
    await app.ready();
    await new Promise<void>((resolve, reject) => {
      app.server.once('error', reject);
      app.server.listen({ fd: inherited }, () => {
        app.server.off('error', reject);
        resolve();
      });
    });
  }
  const { port } = app.server.address() as { port: number };
  const metrics = config.metricsToken
    ? await listenForMetrics(app, config.metricsListen)
    : undefined;
  return {
    app,
    database,
    url: config.publicUrl ?? `http://localhost:${port}`,
    close: async () => {
      await metrics?.close();
      await app.close();
      await database.close();
      await leavePresence?.();
      release();
    },
  };
}
