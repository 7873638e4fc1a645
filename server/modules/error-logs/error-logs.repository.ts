import type { Kysely } from 'kysely';
import type { Database, ErrorLogRow } from '../../db/schema.ts';

export interface NewErrorLog {
  context: string;
  message: string;
  userId: string | null;
  userName: string | null;
  extra: Record<string, unknown> | null;
  createdAt: number;
}

export async function insertErrorLog(db: Kysely<Database>, entry: NewErrorLog): Promise<void> {
  await db
    .insertInto('error_logs')
    .values({
      context: entry.context,
      message: entry.message,
      user_id: entry.userId,
      user_name: entry.userName,
      extra: entry.extra ? JSON.stringify(entry.extra) : null,
      created_at: entry.createdAt,
    })
    .execute();
}

/** The latest entries, newest first (the spec's "latest 100"). */
export async function listLatestErrorLogs(
  db: Kysely<Database>,
  limit: number,
): Promise<ErrorLogRow[]> {
  return db
    .selectFrom('error_logs')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Removes errors older than `before`, then all but the newest `keepRows`; how many went. */
export async function pruneErrorLogs(
  db: Kysely<Database>,
  { before, keepRows }: { before: number; keepRows: number },
): Promise<number> {
  const old = await db.deleteFrom('error_logs').where('created_at', '<', before).executeTakeFirst();
  const oldest = await db
    .selectFrom('error_logs')
    .select('id')
    .orderBy('id', 'desc')
    .offset(keepRows - 1)
    .limit(1)
    .executeTakeFirst();
  const beyond = oldest
    ? await db.deleteFrom('error_logs').where('id', '<', oldest.id).executeTakeFirst()
    : { numDeletedRows: 0n };
  return Number(old.numDeletedRows) + Number(beyond.numDeletedRows);
}
