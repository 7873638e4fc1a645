import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/schema.ts';

export interface NewNotification {
  recipientId: string;
  type: string;
  actorId?: string | null;
  postId?: string | null;
  commentId?: string | null;
  courseId?: string | null;
  subjectPersonId?: string | null;
  feedbackId?: string | null;
}

export interface CreatedNotification {
  id: string;
  recipientId: string;
}

/** The rows for new notifications (one per recipient), unread, at `now`, with their ids. */
export function notificationRows(notifications: NewNotification[], now: number) {
  const created = notifications.map((n) => ({ id: randomUUID(), recipientId: n.recipientId }));
  const rows = notifications.map((n, index) => ({
    id: created[index]!.id,
    recipient_id: n.recipientId,
    type: n.type,
    actor_id: n.actorId ?? null,
    post_id: n.postId ?? null,
    comment_id: n.commentId ?? null,
    course_id: n.courseId ?? null,
    subject_person_id: n.subjectPersonId ?? null,
    feedback_id: n.feedbackId ?? null,
    read_at: null,
    created_at: now,
  }));
  return { created, rows };
}

/**
 * Writes notification rows (one per recipient), unread, at `now`, and says which, for the
 * caller to announce once its transaction has committed (`announceNotifications`).
 */
export async function insertNotifications(
  db: Db,
  notifications: NewNotification[],
  now: number,
): Promise<CreatedNotification[]> {
  if (notifications.length === 0) return [];
  const { created, rows } = notificationRows(notifications, now);
  await db.insertInto('notifications').values(rows).execute();
  return created;
}
