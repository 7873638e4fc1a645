import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import { backUpToFolder } from './maintenance.service.ts';

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
 * BACKUP_KEEP (SQLite; a PostgreSQL academy backs up with pg_dump). A failed night is logged and
 * recorded for the admin tools' warning, and the next night is tried as usual.
 */
export function scheduleNightlyBackups(
  database: AppDatabase,
  config: Pick<Config, 'dataDir' | 'backup'>,
  log: FastifyBaseLogger,
): () => void {
  const { at, keep, dir } = config.backup;
  if (at === null || database.kind !== 'sqlite') return () => {};
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const plan = () => {
    if (stopped) return;
    const delay = nextBackupAt(new Date(), at).getTime() - Date.now();
    timer = setTimeout(run, delay);
    // A backup due tonight does not keep a stopping server alive.
    timer.unref();
  };
  const run = async () => {
    try {
      const { file, bytes, removed } = await backUpToFolder(database, config.dataDir, dir, keep);
      log.info({ file, bytes, removed: removed.length }, 'nightly backup taken');
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
