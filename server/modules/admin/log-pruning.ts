import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import { forgetExpiredAccess } from '../accounts/accounts.service.ts';
import { forgetOldNotifications } from '../notifications/notifications.service.ts';
import { forgetOldUndo, forgetUnusedDrafts } from '../student-imports/student-imports.service.ts';
import { pruneLogTable } from './logs.repository.ts';

const DAY = 24 * 60 * 60 * 1000;
/** How often the logs are pruned: a few times a day is enough to keep them near their limits. */
const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Keeps the error and activity logs within their limits (LOG_KEEP_DAYS, LOG_KEEP_ROWS): an
 * academy that runs for years keeps a bounded log. Several servers on one database may prune at
 * once: deleting what another already deleted is harmless.
 */
export async function pruneLogs(
  database: AppDatabase,
  logs: Config['logs'],
  now = Date.now(),
): Promise<{ activity: number; errors: number }> {
  const limits = { before: now - logs.keepDays * DAY, keepRows: logs.keepRows };
  const activity = await pruneLogTable(database.db, 'activity_logs', limits);
  const errors = await pruneLogTable(database.db, 'error_logs', limits);
  return { activity, errors };
}

/**
 * What grows with every sign-in and every event, kept within its limits: notifications past
 * their days or beyond each person's newest, sessions and sign-in links past their end,
 * rate-limit rows no window counts any more.
 */
export async function pruneRetained(database: AppDatabase, now = Date.now()) {
  const notifications = await forgetOldNotifications(database, now);
  return { notifications, ...(await forgetExpiredAccess(database, now)) };
}

/**
 * Prunes a minute after start, then every few hours, and forgets the sheets of imports nobody
 * finished and the undo records of imports past their undo window; the returned function stops
 * it.
 */
export function scheduleLogPruning(
  database: AppDatabase,
  logs: Config['logs'],
  log: FastifyBaseLogger,
): () => void {
  const run = async () => {
    try {
      const pruned = await pruneLogs(database, logs);
      if (pruned.activity + pruned.errors > 0) log.info(pruned, 'old log rows removed');
      const retained = await pruneRetained(database);
      if (Object.values(retained).some((count) => count > 0)) {
        log.info(retained, 'old notifications, sessions and rate-limit rows removed');
      }
      const drafts = await forgetUnusedDrafts(database);
      if (drafts > 0) log.info({ drafts }, 'unfinished import sheets removed');
      const undo = await forgetOldUndo(database);
      if (undo > 0) log.info({ imports: undo }, 'undo records of old imports removed');
    } catch (error) {
      log.error({ err: error }, 'pruning the logs failed');
    }
  };
  const first = setTimeout(run, 60_000);
  const every = setInterval(run, PRUNE_EVERY_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
