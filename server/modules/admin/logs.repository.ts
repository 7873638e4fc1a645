import type { Db } from '../../db/schema.ts';

/**
 * Removes a log's rows older than `before`, then all but its newest `keepRows`; returns how many
 * went. The error and activity logs are kept alike (LOG_KEEP_DAYS, LOG_KEEP_ROWS).
 */
export async function pruneLogTable(
  db: Db,
  table: 'activity_logs' | 'error_logs',
  { before, keepRows }: { before: number; keepRows: number },
): Promise<number> {
  const old = await db.deleteFrom(table).where('created_at', '<', before).executeTakeFirst();
  const oldest = await db
    .selectFrom(table)
    .select('id')
    .orderBy('id', 'desc')
    .offset(keepRows - 1)
    .limit(1)
    .executeTakeFirst();
  const beyond = oldest
    ? await db.deleteFrom(table).where('id', '<', oldest.id).executeTakeFirst()
    : { numDeletedRows: 0n };
  return Number(old.numDeletedRows) + Number(beyond.numDeletedRows);
}
