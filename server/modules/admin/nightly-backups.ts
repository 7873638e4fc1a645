import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { MediaStore } from '../media/media.store.ts';
import { takeBackup } from './maintenance.service.ts';
import {
  claimScheduledRun,
  finishScheduledRun,
  NIGHTLY_BACKUP_JOB as JOB,
} from './scheduled-runs.repository.ts';

/** When the next backup is due after `now`: today at the configured time, else tomorrow. */
export function nextBackupAt(
  now: Date,
  at: { hours: number; minutes: number; seconds: number },
): Date {
  const next = new Date(now);
  next.setHours(at.hours, at.minutes, at.seconds, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

/**
 * Takes a backup into the backup folder every night at BACKUP_SCHEDULE and keeps the newest
 * BACKUP_KEEP: on SQLite the database and the photos (.tar.gz), on PostgreSQL a pg_dump archive;
 * with BACKUP_TO_BUCKET each is copied into the bucket too.
 * Several servers on one database each plan the night, and only the one whose claim on it is
 * recorded first takes it (`scheduled_runs`). A failed night is logged and recorded for the admin
 * tools' warning, and the next night is tried as usual.
 */
export function scheduleNightlyBackups(
  database: AppDatabase,
  config: Pick<Config, 'dataDir' | 'backup' | 'database' | 'media'>,
  log: FastifyBaseLogger,
  store?: MediaStore,
): () => void {
  const { at, keep, dir } = config.backup;
  if (at === null) return () => {};
  const claimedBy = `${os.hostname()}:${process.pid}`;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let due = new Date();
  const plan = () => {
    if (stopped) return;
    due = nextBackupAt(new Date(), at);
    timer = setTimeout(run, due.getTime() - Date.now());
    // A backup due tonight does not keep a stopping server alive.
    timer.unref();
  };
  const run = async () => {
    try {
      const claimed = await claimScheduledRun(database.db, {
        job: JOB,
        slot: due.toISOString(),
        claimedBy,
        now: Date.now(),
      });
      if (!claimed) {
        log.info('nightly backup taken by another server');
      } else {
        const slot = due.toISOString();
        try {
          const { file, bytes, removed } = await takeBackup(database, config, {
            folder: dir,
            keep,
            ...(store ? { store } : {}),
          });
          await finishScheduledRun(database.db, { job: JOB, slot, now: Date.now(), bytes });
          log.info({ file, bytes, removed: removed.length }, 'nightly backup taken');
        } catch (error) {
          const failure = error instanceof Error ? error.message : String(error);
          await finishScheduledRun(database.db, { job: JOB, slot, now: Date.now(), failure });
          throw error;
        }
      }
    } catch (error) {
      log.error({ err: error }, 'nightly backup failed');
    }
    plan();
  };
  plan();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
