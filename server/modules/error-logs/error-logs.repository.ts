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
