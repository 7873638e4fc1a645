import { sql } from 'kysely';
import {
  NOTIFICATION_PAGE_SIZE,
  type Notification,
  type NotificationPage,
  NotificationType,
  type UnreadState,
} from '#shared/schemas/notifications';
import type { AppDatabase } from '../../db/database.ts';
import { decodeKeyset, olderThan } from '../../db/keyset.ts';
import type { PersonRow } from '../../db/schema.ts';
import { avatarUrl } from '../media/avatar.ts';
import { visiblePosts } from '../posts/post-visibility.ts';
import type { CreatedNotification } from './notifications.repository.ts';

/**
 * After the transaction that wrote them commits: each recipient's apps hear of theirs, by the
 * rules that list them (a notification about a post hidden from its recipient is not told,
 * not even by id).
 */
export async function announceNotifications(
  database: AppDatabase,
  created: CreatedNotification[],
): Promise<void> {
  for (const { id, recipientId } of created) {
    const shown = await database.db
      .selectFrom('notifications')
      .innerJoin('people', 'people.id', 'notifications.recipient_id')
      .select('notifications.id')
      .where('notifications.id', '=', id)
      .where(aboutVisiblePost(recipientId))
      .where((eb) =>
        eb.or([
          eb('people.role', '=', 'admin'),
          eb('notifications.type', '<>', 'approval_request'),
        ]),
      )
      .executeTakeFirst();
    if (!shown) continue;
    await database.events.publish(
      { type: 'notification.created', notificationId: id },
      { kind: 'people', ids: [recipientId] },
    );
  }
}

/** A notification about a post shows only while the post is one the recipient may see. */
function aboutVisiblePost(recipientId: string) {
  return sql<boolean>`(notifications.post_id is null or exists (
    select 1 from posts where posts.id = notifications.post_id and ${visiblePosts(recipientId)}))`;
}

/** Approval requests are for admins only (spec 6), even if one was written to someone else. */
function forRole(person: PersonRow) {
  return person.role === 'admin'
    ? sql<boolean>`1 = 1`
    : sql<boolean>`notifications.type <> 'approval_request'`;
}

/**
 * My notifications, newest first, 20 a page, with who did it and whether I have read it; or
 * the one with `only`'s id, by the same rules (what a push message may say).
 */
export async function listNotifications(
  database: AppDatabase,
  person: PersonRow,
  cursor: string | undefined,
  only?: { notificationId: string },
): Promise<NotificationPage> {
  const readAt = Number(person.notifications_read_at);
  let query = database.db
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
    ])
    .where('notifications.recipient_id', '=', person.id)
    .where(forRole(person))
    .where(aboutVisiblePost(person.id))
    .$if(only !== undefined, (q) => q.where('notifications.id', '=', only!.notificationId));
  const after = decodeKeyset(cursor);
  if (after) query = query.where(olderThan('notifications', after));
  const rows = await query
    .orderBy('notifications.created_at', 'desc')
    .orderBy('notifications.id', 'desc')
    .limit(NOTIFICATION_PAGE_SIZE + 1)
    .execute();
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  const notifications: Notification[] = page.flatMap((row) => {
    const type = NotificationType.safeParse(row.type);
    // A type this version does not know is left out rather than shown wrongly.
    if (!type.success) return [];
    return [
      {
        id: row.id,
        type: type.data,
        actor:
          row.actor_id && row.actor_name
            ? {
                id: row.actor_id,
                name: row.actor_name,
                avatarUrl: row.actor_avatar_url ?? avatarUrl(row.actor_name),
              }
            : null,
        postId: row.post_id,
        courseId: row.course_id,
        courseName: row.course_name,
        createdAt: Number(row.created_at),
        read: Number(row.created_at) <= readAt,
      },
    ];
  });
  const last = page.at(-1);
  return {
    notifications,
    nextCursor:
      rows.length > NOTIFICATION_PAGE_SIZE && last ? `${last.created_at}.${last.id}` : null,
  };
}

/** How many notifications are newer than my last-read time (at most 100 are counted). */
export async function unreadState(database: AppDatabase, person: PersonRow): Promise<UnreadState> {
  const readAt = Number(person.notifications_read_at);
  const rows = await database.db
    .selectFrom('notifications')
    .select('notifications.id')
    .where('notifications.recipient_id', '=', person.id)
    .where('notifications.created_at', '>', readAt)
    .where(forRole(person))
    .where(aboutVisiblePost(person.id))
    .limit(100)
    .execute();
  return { unread: rows.length, readAt };
}

/** Marks everything up to now read (opening the list does this). Never moves backwards. */
export async function markRead(database: AppDatabase, person: PersonRow): Promise<UnreadState> {
  const now = Date.now();
  await database.db
    .updateTable('people')
    .set({ notifications_read_at: now })
    .where('id', '=', person.id)
    .where('notifications_read_at', '<', now)
    .execute();
  // The red dot clears on the person's other devices too.
  await database.events.publish(
    { type: 'notifications.read' },
    { kind: 'people', ids: [person.id] },
  );
  return { unread: 0, readAt: Math.max(now, Number(person.notifications_read_at)) };
}
