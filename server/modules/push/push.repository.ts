import type { Db } from '../../db/schema.ts';

/**
 * Saves a browser's subscription, or refreshes it when its endpoint is known; a shared phone
 * then buzzes for whoever subscribed on it last.
 */
export async function upsertPushSubscription(
  db: Db,
  subscription: {
    endpoint: string;
    personId: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
    now: number;
  },
): Promise<void> {
  const fields = {
    person_id: subscription.personId,
    p256dh: subscription.p256dh,
    auth: subscription.auth,
    user_agent: subscription.userAgent,
    refreshed_at: subscription.now,
  };
  await db
    .insertInto('push_subscriptions')
    .values({
      id: crypto.randomUUID(),
      endpoint: subscription.endpoint,
      created_at: subscription.now,
      ...fields,
    })
    .onConflict((conflict) => conflict.column('endpoint').doUpdateSet(fields))
    .execute();
}

/** Removes a subscription, only when it is this person's own. */
export async function deletePushSubscription(
  db: Db,
  { endpoint, personId }: { endpoint: string; personId: string },
): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('person_id', '=', personId)
    .execute();
}

export async function deletePushSubscriptionById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/**
 * The devices of these notifications' recipients, each with the notification it is for: most
 * people have none, and then this one look is all their notifications cost push.
 */
export function listPushSubscriptionsForNotifications(db: Db, notificationIds: string[]) {
  return db
    .selectFrom('push_subscriptions')
    .innerJoin('notifications', 'notifications.recipient_id', 'push_subscriptions.person_id')
    .selectAll('push_subscriptions')
    .select('notifications.id as notification_id')
    .where('notifications.id', 'in', notificationIds)
    .execute();
}
