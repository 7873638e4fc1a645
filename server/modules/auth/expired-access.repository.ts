import { databaseKindOf } from '../../db/dialect.ts';
import type { Db } from '../../db/schema.ts';

/**
 * better-auth writes a row for every session, sign-in link and rate-limit window and removes
 * only some of them itself: the ones past their end are removed here. Its dates are ISO
 * strings on SQLite and timestamps on PostgreSQL; its rate-limit rows carry their last request
 * in milliseconds.
 */
export async function pruneExpiredAccess(
  db: Db,
  { now, rateLimitBefore }: { now: number; rateLimitBefore: number },
): Promise<{ sessions: number; links: number; rateLimits: number }> {
  const at = databaseKindOf(db) === 'postgres' ? new Date(now) : new Date(now).toISOString();
  const sessions = await db.deleteFrom('session').where('expiresAt', '<', at).executeTakeFirst();
  const links = await db.deleteFrom('verification').where('expiresAt', '<', at).executeTakeFirst();
  const rateLimits = await db
    .deleteFrom('rateLimit')
    .where('lastRequest', '<', rateLimitBefore)
    .executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    links: Number(links.numDeletedRows),
    rateLimits: Number(rateLimits.numDeletedRows),
  };
}
