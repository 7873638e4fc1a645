import {
  type ActivityLog,
  type AdminFeedbackList,
  type ErrorLog,
  type FeedbackStatusInput,
  LOG_LIMIT,
} from '#shared/schemas/admin';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { listLatestErrorLogs } from '../error-logs/error-logs.repository.ts';
import { avatarUrl } from '../media/avatar.ts';
import { insertNotifications } from '../notifications/notifications.repository.ts';
import { announceNotifications } from '../notifications/notifications.service.ts';

/** A stored JSON object, or null when there is none or it is not an object. */
function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const summary = (id: string | null, name: string | null, url: string | null) =>
  id && name ? { id, name, avatarUrl: url ?? avatarUrl(name) } : null;

/** The latest 100 staff actions, newest first, with who did them and what they touched. */
export async function activityLog(database: AppDatabase): Promise<ActivityLog> {
  const rows = await database.db
    .selectFrom('activity_logs')
    .leftJoin('people as actor', 'actor.id', 'activity_logs.actor_id')
    .leftJoin('people as person', 'person.id', 'activity_logs.target')
    .leftJoin('courses', 'courses.id', 'activity_logs.target')
    .select([
      'activity_logs.id',
      'activity_logs.action',
      'activity_logs.target',
      'activity_logs.details',
      'activity_logs.created_at',
      'activity_logs.actor_id',
      'actor.name as actor_name',
      'actor.avatar_url as actor_avatar_url',
      'person.name as person_name',
      'courses.name as course_name',
    ])
    .orderBy('activity_logs.created_at', 'desc')
    .orderBy('activity_logs.id', 'desc')
    .limit(LOG_LIMIT)
    .execute();
  return {
    entries: rows.map((row) => ({
      id: Number(row.id),
      actor: summary(row.actor_id, row.actor_name, row.actor_avatar_url),
      action: row.action,
      target: row.target,
      targetName: row.person_name ?? row.course_name ?? null,
      details: parseDetails(row.details),
      createdAt: Number(row.created_at),
    })),
  };
}

/** The latest 100 failures, newest first (spec 6). */
export async function errorLog(database: AppDatabase): Promise<ErrorLog> {
  const rows = await listLatestErrorLogs(database.db, LOG_LIMIT);
  return {
    entries: rows.map((row) => ({
      id: Number(row.id),
      context: row.context,
      message: row.message,
      userId: row.user_id,
      userName: row.user_name,
      extra: parseDetails(row.extra),
      createdAt: Number(row.created_at),
    })),
  };
}

const FEEDBACK_LIMIT = 200;

/** Everyone's feedback for the admins, the newest first, with its author and last handler. */
export async function listFeedback(database: AppDatabase): Promise<AdminFeedbackList> {
  const rows = await database.db
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
    .limit(FEEDBACK_LIMIT)
    .execute();
  return {
    feedback: rows.map((row) => ({
      id: row.id,
      text: row.text,
      status: row.status,
      createdAt: Number(row.created_at),
      statusUpdatedAt:
        row.last_status_update_at === null ? null : Number(row.last_status_update_at),
      author: summary(row.author_id, row.author_name, row.author_avatar_url),
      lastUpdatedBy: summary(row.last_updated_by, row.handler_name, row.handler_avatar_url),
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
    const row = await trx
      .selectFrom('feedback')
      .select(['author_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError('feedback_not_found', 404);
    if (row.status === status) return { authorId: row.author_id, notified: [] };
    await trx
      .updateTable('feedback')
      .set({ status, last_updated_by: admin.id, last_status_update_at: now })
      .where('id', '=', id)
      .execute();
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
