import { type ActivityLog, type ErrorLog, LOG_LIMIT } from '#shared/schemas/admin';
import type { AppDatabase } from '../../db/database.ts';
import { listLatestActivityLogs } from '../activity-logs/activity-logs.repository.ts';
import { listLatestErrorLogs } from '../error-logs/error-logs.repository.ts';
import { personSummary } from '../media/avatar.ts';

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

/** The latest 100 staff actions, newest first, with who did them and what they touched. */
export async function activityLog(database: AppDatabase): Promise<ActivityLog> {
  const rows = await listLatestActivityLogs(database.db, LOG_LIMIT);
  return {
    entries: rows.map((row) => ({
      id: Number(row.id),
      actor: personSummary(row.actor_id, row.actor_name, row.actor_avatar_url),
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
