import type { AdminFeedbackList, FeedbackStatusInput } from '#shared/schemas/admin';
import type { FeedbackList } from '#shared/schemas/profile';
import type { AppDatabase } from '../../db/database.ts';
import type { FeedbackStatus, PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { personSummary } from '../media/avatar.ts';
import { insertNotifications } from '../notifications/notifications.repository.ts';
import { announceNotifications } from '../notifications/notifications.service.ts';
import {
  findFeedback,
  insertFeedback,
  listAllFeedback,
  listFeedbackByAuthor,
  updateFeedbackStatus,
} from './feedback.repository.ts';

/** How much feedback a person sees of their own, and the admins of everyone's. */
const MY_FEEDBACK_LIMIT = 50;
const ALL_FEEDBACK_LIMIT = 200;

/** What both the author's and the admins' lists show of one piece of feedback. */
const feedbackItem = (row: {
  id: string;
  text: string;
  status: FeedbackStatus;
  created_at: number;
  last_status_update_at: number | null;
}) => ({
  id: row.id,
  text: row.text,
  status: row.status,
  createdAt: Number(row.created_at),
  statusUpdatedAt: row.last_status_update_at === null ? null : Number(row.last_status_update_at),
});

/** Anyone signed in writes to the admins; the admins' screens follow at once. */
export async function sendFeedback(
  database: AppDatabase,
  person: PersonRow,
  text: string,
): Promise<FeedbackList> {
  await insertFeedback(database.db, { authorId: person.id, text, now: Date.now() });
  await database.events.publish({ type: 'feedback.updated' }, { kind: 'admins' });
  return listMyFeedback(database, person);
}

/** My feedback, newest first, with where the admins are with it. */
export async function listMyFeedback(
  database: AppDatabase,
  person: PersonRow,
): Promise<FeedbackList> {
  const rows = await listFeedbackByAuthor(database.db, person.id, MY_FEEDBACK_LIMIT);
  return {
    feedback: rows.map(feedbackItem),
  };
}

/** Everyone's feedback for the admins, the newest first, with its author and last handler. */
export async function listFeedback(database: AppDatabase): Promise<AdminFeedbackList> {
  const rows = await listAllFeedback(database.db, ALL_FEEDBACK_LIMIT);
  return {
    feedback: rows.map((row) => ({
      ...feedbackItem(row),
      author: personSummary(row.author_id, row.author_name, row.author_avatar_url),
      lastUpdatedBy: personSummary(row.last_updated_by, row.handler_name, row.handler_avatar_url),
    })),
  };
}

/**
 * An admin marks feedback viewed or resolved: who and when are recorded, the author is notified
 * (spec 4: both produce notifications), and admins' and the author's screens follow.
 */
export async function setFeedbackStatus(
  database: AppDatabase,
  admin: PersonRow,
  id: string,
  { status }: FeedbackStatusInput,
): Promise<AdminFeedbackList> {
  const now = Date.now();
  const { authorId, notified } = await inTransaction(database, async (trx) => {
    const row = await findFeedback(trx, id);
    if (!row) throw new AppError('feedback_not_found', 404);
    if (row.status === status) return { authorId: row.author_id, notified: [] };
    await updateFeedbackStatus(trx, id, { status, by: admin.id, now });
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: `feedback.${status}`,
      target: id,
      now,
    });
    const recipients = row.author_id === admin.id ? [] : [row.author_id];
    return {
      authorId: row.author_id,
      notified: await insertNotifications(
        trx,
        recipients.map((recipientId) => ({
          recipientId,
          type: status === 'viewed' ? 'feedback_viewed' : 'feedback_resolved',
          actorId: admin.id,
          feedbackId: id,
        })),
        now,
      ),
    };
  });
  await database.events.publish({ type: 'feedback.updated' }, { kind: 'admins' });
  await database.events.publish({ type: 'feedback.updated' }, { kind: 'people', ids: [authorId] });
  await announceNotifications(database, notified);
  return listFeedback(database);
}
