import type { LiveEvent } from '#shared/schemas/events';
import {
  NOTIFICATION_PAGE_SIZE,
  type Notification,
  type NotificationPage,
  NotificationType,
  type UnreadState,
} from '#shared/schemas/notifications';
import type { AppDatabase } from '../../db/database.ts';
import type { Audience } from '../../db/event-bus.ts';
import { decodeKeyset } from '../../db/keyset.ts';
import type { PersonRow } from '../../db/schema.ts';
import { mayManageAcademy } from '../../policies/admin-tools.ts';
import { personSummary } from '../media/avatar.ts';
import {
  type CreatedNotification,
  countUnreadNotifications,
  listNotificationRows,
  moveNotificationsReadAt,
  pruneNotifications,
  shownNotificationIds,
} from './notifications.repository.ts';

/** A live event and who hears it, published with the notifications of the same change. */
export interface Announcement {
  event: LiveEvent;
  audience: Audience;
}

/**
 * After the transaction that wrote them commits: each recipient's apps hear of theirs, by the
 * rules that list them (a notification about a post hidden from its recipient is not told,
 * not even by id). `alongside` are the change's own events, told first: everything is
 * published in one turn, which the event bus sends to PostgreSQL in one statement.
 */
export async function announceNotifications(
  database: AppDatabase,
  created: CreatedNotification[],
  alongside: Announcement[] = [],
): Promise<void> {
  const shown = await shownNotificationIds(
    database.db,
    created.filter((notification) => notification.shown === undefined).map(({ id }) => id),
  );
  const announcements: Announcement[] = [
    ...alongside,
    ...created
      .filter((notification) => notification.shown ?? shown.has(notification.id))
      .map(
        ({ id, recipientId }): Announcement => ({
          event: { type: 'notification.created', notificationId: id },
          audience: { kind: 'people', ids: [recipientId] },
        }),
      ),
  ];
  await Promise.all(
    announcements.map(({ event, audience }) => database.events.publish(event, audience)),
  );
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
  const rows = await listNotificationRows(database.db, {
    recipientId: person.id,
    isAdmin: mayManageAcademy(person),
    after: decodeKeyset(cursor),
    only: only?.notificationId,
    limit: NOTIFICATION_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  const notifications: Notification[] = page.flatMap((row) => {
    const type = NotificationType.safeParse(row.type);
    // A type this version does not know is left out rather than shown wrongly.
    if (!type.success) return [];
    return [
      {
        id: row.id,
        // A request answered since (approved, or blocked) no longer says the person waits.
        type:
          type.data === 'approval_request' && row.actor_status !== 'pending'
            ? 'approval_settled'
            : type.data,
        actor: personSummary(row.actor_id, row.actor_name, row.actor_avatar_url),
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
  const unread = await countUnreadNotifications(database.db, {
    recipientId: person.id,
    isAdmin: mayManageAcademy(person),
    readAt,
    atMost: 100,
  });
  return { unread, readAt };
}

/** Marks everything up to now read (opening the list does this). Never moves backwards. */
export async function markRead(database: AppDatabase, person: PersonRow): Promise<UnreadState> {
  const now = Date.now();
  await moveNotificationsReadAt(database.db, person.id, now);
  // The red dot clears on the person's other devices too.
  await database.events.publish(
    { type: 'notifications.read' },
    { kind: 'people', ids: [person.id] },
  );
  return { unread: 0, readAt: Math.max(now, Number(person.notifications_read_at)) };
}

const DAY = 24 * 60 * 60 * 1000;
/** Notifications are kept this long, and at most this many each (README, "Configuration"). */
export const NOTIFICATION_KEEP_DAYS = 180;
export const NOTIFICATIONS_PER_PERSON = 500;

/** Forgets notifications past their days and beyond each person's newest; how many went. */
export function forgetOldNotifications(database: AppDatabase, now = Date.now()): Promise<number> {
  return pruneNotifications(database.db, {
    before: now - NOTIFICATION_KEEP_DAYS * DAY,
    keepEach: NOTIFICATIONS_PER_PERSON,
  });
}
