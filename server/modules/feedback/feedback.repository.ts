import { randomUUID } from 'node:crypto';
import type { Db, FeedbackStatus } from '../../db/schema.ts';

export async function insertFeedback(
  db: Db,
  feedback: { authorId: string; text: string; now: number },
): Promise<void> {
  await db
    .insertInto('feedback')
    .values({
      id: randomUUID(),
      author_id: feedback.authorId,
      text: feedback.text,
      status: 'new',
      last_updated_by: null,
      last_status_update_at: null,
      created_at: feedback.now,
    })
    .execute();
}

/** One author's feedback, newest first. */
export function listFeedbackByAuthor(db: Db, authorId: string, limit: number) {
  return db
    .selectFrom('feedback')
    .select(['id', 'text', 'status', 'created_at', 'last_status_update_at'])
    .where('author_id', '=', authorId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Everyone's feedback, newest first, with its author and its last handler. */
export function listAllFeedback(db: Db, limit: number) {
  return db
    .selectFrom('feedback')
    .leftJoin('people as author', 'author.id', 'feedback.author_id')
    .leftJoin('people as handler', 'handler.id', 'feedback.last_updated_by')
    .select([
      'feedback.id',
      'feedback.text',
      'feedback.status',
      'feedback.created_at',
      'feedback.last_status_update_at',
      'feedback.author_id',
      'author.name as author_name',
      'author.avatar_url as author_avatar_url',
      'feedback.last_updated_by',
      'handler.name as handler_name',
      'handler.avatar_url as handler_avatar_url',
    ])
    .orderBy('feedback.created_at', 'desc')
    .orderBy('feedback.id', 'desc')
    .limit(limit)
    .execute();
}

export function findFeedback(db: Db, id: string) {
  return db
    .selectFrom('feedback')
    .select(['author_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function updateFeedbackStatus(
  db: Db,
  id: string,
  change: { status: FeedbackStatus; by: string; now: number },
): Promise<void> {
  await db
    .updateTable('feedback')
    .set({ status: change.status, last_updated_by: change.by, last_status_update_at: change.now })
    .where('id', '=', id)
    .execute();
}
