import { randomUUID } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import { type Keyset, olderThan } from '../../db/keyset.ts';
import type { Db } from '../../db/schema.ts';
import { visiblePosts } from '../posts/post-visibility.ts';

export interface NewNotification {
  /** Made by the caller when it needs the id before the row is written. */
  id?: string;
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
  /**
   * Whether the recipient may be told of it, when the statement that wrote it already asked
   * (`shownNotificationIds`' rules); left out, it is asked when announced.
   */
  shown?: boolean | undefined;
}

/** The rows for new notifications (one per recipient), unread, at `now`, with their ids. */
export function notificationRows(notifications: NewNotification[], now: number) {
  const created = notifications.map((n) => ({
    id: n.id ?? randomUUID(),
    recipientId: n.recipientId,
  }));
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

/** The person a notification is for, with their whole row (to decide whether to buzz them). */
export function findNotificationRecipient(db: Db, notificationId: string) {
  return db
    .selectFrom('notifications')
    .innerJoin('people', 'people.id', 'notifications.recipient_id')
    .selectAll('people')
    .where('notifications.id', '=', notificationId)
    .executeTakeFirst();
}

/** A notification about a post shows only while the post is one the recipient may see. */
function aboutVisiblePost(recipientId: string | RawBuilder<unknown>) {
  return sql<boolean>`(notifications.post_id is null or exists (
    select 1 from posts where posts.id = notifications.post_id and ${visiblePosts(recipientId)}))`;
}

/** Approval requests are for admins only (spec 6), even if one was written to someone else. */
function forRole(isAdmin: boolean) {
  return isAdmin ? sql<boolean>`1 = 1` : sql<boolean>`notifications.type <> 'approval_request'`;
}

/**
 * Which of these notifications their recipients may be told of, by the rules that list them:
 * one statement however many were written together.
 */
export async function shownNotificationIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('notifications')
    .innerJoin('people', 'people.id', 'notifications.recipient_id')
    .select('notifications.id')
    .where('notifications.id', 'in', ids)
    .where(aboutVisiblePost(sql.ref('notifications.recipient_id')))
    .where((eb) =>
      eb.or([eb('people.role', '=', 'admin'), eb('notifications.type', '<>', 'approval_request')]),
    )
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** A recipient's notifications, newest first, with their actor and course names. */
export function listNotificationRows(
  db: Db,
  options: {
    recipientId: string;
    isAdmin: boolean;
    after: Keyset | undefined;
    only: string | undefined;
    limit: number;
  },
) {
  return db
    .selectFrom('notifications')
    .leftJoin('people as actor', 'actor.id', 'notifications.actor_id')
    .leftJoin('courses', 'courses.id', 'notifications.course_id')
    .select([
      'notifications.id',
      'notifications.type',
      'notifications.post_id',
      'notifications.course_id',
      'notifications.created_at',
      'courses.name as course_name',
      'actor.id as actor_id',
      'actor.name as actor_name',
      'actor.avatar_url as actor_avatar_url',
      'actor.status as actor_status',
    ])
    .where('notifications.recipient_id', '=', options.recipientId)
    .where(forRole(options.isAdmin))
    .where(aboutVisiblePost(options.recipientId))
    .$if(options.only !== undefined, (q) => q.where('notifications.id', '=', options.only!))
    .$if(options.after !== undefined, (q) => q.where(olderThan('notifications', options.after!)))
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(options.limit)
    .execute();
}

/** How many notifications are newer than `readAt`, counting at most `atMost`. */
export async function countUnreadNotifications(
  db: Db,
  options: { recipientId: string; isAdmin: boolean; readAt: number; atMost: number },
): Promise<number> {
  const rows = await db
    .selectFrom('notifications')
    .select('notifications.id')
    .where('notifications.recipient_id', '=', options.recipientId)
    .where('notifications.created_at', '>', options.readAt)
    .where(forRole(options.isAdmin))
    .where(aboutVisiblePost(options.recipientId))
    .limit(options.atMost)
    .execute();
  return rows.length;
}

/** Moves a person's last-read time forward to `now`, never backwards. */
export async function moveNotificationsReadAt(db: Db, personId: string, now: number) {
  await db
    .updateTable('people')
    .set({ notifications_read_at: now })
    .where('id', '=', personId)
    .where('notifications_read_at', '<', now)
    .execute();
}

/**
 * Removes notifications older than `before`, then each person's older than her newest
 * `keepEach` (those of one instant with the last kept stay too); returns how many went. What a
 * person reads of her notifications is their newest pages. Each person over the limit is one
 * statement on the recipient's index, so no statement reads the whole table at once.
 */
export async function pruneNotifications(
  db: Db,
  { before, keepEach }: { before: number; keepEach: number },
): Promise<number> {
  const old = await db
    .deleteFrom('notifications')
    .where('created_at', '<', before)
    .executeTakeFirst();
  let removed = Number(old.numDeletedRows);
  const over = await db
    .selectFrom('notifications')
    .select('recipient_id')
    .groupBy('recipient_id')
    .having((eb) => eb.fn.countAll(), '>', keepEach)
    .execute();
  for (const { recipient_id: recipient } of over) {
    const last = await db
      .selectFrom('notifications')
      .select('created_at')
      .where('recipient_id', '=', recipient)
      .orderBy('created_at', 'desc')
      .offset(keepEach - 1)
      .limit(1)
      .executeTakeFirst();
    if (!last) continue;
    const gone = await db
      .deleteFrom('notifications')
      .where('recipient_id', '=', recipient)
      .where('created_at', '<', last.created_at)
      .executeTakeFirst();
    removed += Number(gone.numDeletedRows);
  }
  return removed;
}
