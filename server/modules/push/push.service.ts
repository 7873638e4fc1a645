import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import pLimit from 'p-limit';
import webpush from 'web-push';
import { notificationSentence, notificationTarget } from '#shared/notifications';
import type { PushPayload, PushSubscriptionInput } from '#shared/schemas/push';
import type { Config } from '../../config.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { BusMessage } from '../../db/event-bus.ts';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { academyMarkPath } from '../../lib/public-page.ts';
import { accessRefusal } from '../accounts/accounts.service.ts';
import { findPublicConfig } from '../config/config.repository.ts';
import { readIdentity } from '../identity/identity.service.ts';
import { findNotificationRecipient } from '../notifications/notifications.repository.ts';
import { listNotifications } from '../notifications/notifications.service.ts';
import { findSecret, getOrCreateSecret } from '../secrets/secrets.repository.ts';
import {
  deletePushSubscription,
  deletePushSubscriptionById,
  listPushSubscriptionsForNotifications,
  upsertPushSubscription,
} from './push.repository.ts';
import { isAcceptedPushEndpoint } from './push-services.ts';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_SECRET = 'vapid-keys';

type PushSubscriptionRow = Awaited<
  ReturnType<typeof listPushSubscriptionsForNotifications>
>[number];

/**
 * Why the stored VAPID key pair cannot sign push messages, or null when it can or is not made
 * yet (it is made on first use). Reads only: for `hoc-vien doctor`.
 */
export async function vapidKeysProblem(database: AppDatabase): Promise<string | null> {
  const stored = await findSecret(database.db, VAPID_SECRET);
  if (stored === undefined) return null;
  try {
    const keys = JSON.parse(stored) as Partial<VapidKeys>;
    webpush.setVapidDetails('mailto:doctor@localhost', keys.publicKey ?? '', keys.privateKey ?? '');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The server's VAPID key pair, generated on first use and kept with the other secrets. */
export async function vapidKeys(database: AppDatabase): Promise<VapidKeys> {
  const stored = await getOrCreateSecret(database.db, VAPID_SECRET, () =>
    JSON.stringify(webpush.generateVAPIDKeys()),
  );
  return JSON.parse(stored) as VapidKeys;
}

/**
 * Keeps this device's subscription for the person (spec: fcmTokens): added on sign-in and
 * refreshed every week. An endpoint belongs to one browser, so if another person had it (they
 * signed out offline), it moves to the person signed in now rather than telling them the other's
 * news.
 */
export async function savePushSubscription(
  database: AppDatabase,
  config: Config,
  person: PersonRow,
  subscription: PushSubscriptionInput,
  userAgent: string | undefined,
): Promise<void> {
  if (!isAcceptedPushEndpoint(subscription.endpoint, config.pushExtraServices)) {
    throw new AppError('push_endpoint_refused', 400);
  }
  await upsertPushSubscription(database.db, {
    endpoint: subscription.endpoint,
    personId: person.id,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, 300) ?? null,
    now: Date.now(),
  });
}

/** Sign-out on this device: its subscription goes (only the person's own). */
export async function removePushSubscription(
  database: AppDatabase,
  person: PersonRow,
  endpoint: string,
): Promise<void> {
  await deletePushSubscription(database.db, { endpoint, personId: person.id });
}

// The push services answer these for a subscription that no longer exists.
const GONE = new Set([404, 410]);

export interface PushSenderOptions {
  /** For the tests' stand-in push service with its own certificate. */
  agent?: Agent;
}

/**
 * Sends a Web Push message for each notification this process created (every process hears
 * every event; only the one that published it sends). The message says only what the
 * notification list would show the recipient, by the same query, so a post hidden from them is
 * never described. Subscriptions the push service says are gone are deleted.
 */
export class PushSender {
  private readonly limit = pLimit(8);
  private readonly pending = new Set<Promise<void>>();
  private waiting: string[] = [];
  private keys: Promise<VapidKeys> | null = null;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly database: AppDatabase,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly options: PushSenderOptions = {},
  ) {
    this.unsubscribe = database.events.subscribe({
      message: (message) => this.consider(message),
      gap: () => {},
    });
  }

  private consider(message: BusMessage) {
    if (message.event.type !== 'notification.created') return;
    if (!this.database.events.isOwn(message)) return;
    this.waiting.push(message.event.notificationId);
    if (this.waiting.length > 1) return;
    // The devices of every notification heard in one turn of the event loop are read in one
    // statement: most recipients have none, and under load a turn hears many.
    const delivery = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.deliverWaiting())
      .catch((error: unknown) => this.failed(error));
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  private async deliverWaiting() {
    const notificationIds = this.waiting;
    this.waiting = [];
    const subscriptions = await listPushSubscriptionsForNotifications(
      this.database.db,
      notificationIds,
    );
    const devices = new Map<string, PushSubscriptionRow[]>();
    for (const subscription of subscriptions) {
      const found = devices.get(subscription.notification_id);
      if (found) found.push(subscription);
      else devices.set(subscription.notification_id, [subscription]);
    }
    await Promise.all(
      [...devices].map(([notificationId, found]) =>
        this.deliver(notificationId, found).catch((error: unknown) => this.failed(error)),
      ),
    );
  }

  private failed(error: unknown) {
    const reason = error instanceof Error ? error.message : String(error);
    this.log.warn({ reason }, 'push delivery failed');
  }

  /** Resolves once every push started so far has been sent or given up (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  close(): void {
    this.unsubscribe();
  }

  private vapidSubject(): string {
    if (this.config.publicUrl?.startsWith('https://')) return this.config.publicUrl;
    const address = /<([^>]+)>/.exec(this.config.mailFrom)?.[1] ?? this.config.mailFrom;
    return `mailto:${address.includes('@') ? address : 'no-reply@localhost'}`;
  }

  private async deliver(notificationId: string, subscriptions: PushSubscriptionRow[]) {
    const { db } = this.database;
    const recipient = await findNotificationRecipient(db, notificationId);
    if (!recipient) return;
    const publicConfig = await findPublicConfig(db);
    // Someone who may not use the app now (blocked, pending, student access off) is not buzzed.
    if (!publicConfig || accessRefusal(recipient, publicConfig)) return;
    const { notifications } = await listNotifications(this.database, recipient, undefined, {
      notificationId,
    });
    const notification = notifications[0];
    if (!notification) return;
    const identity = await readIdentity(this.database);
    const payload: PushPayload = {
      title: identity.name,
      icon: academyMarkPath(identity),
      body: notificationSentence(notification),
      url: `/#${notificationTarget(notification)}`,
      tag: notification.id,
    };
    this.keys ??= vapidKeys(this.database);
    const keys = await this.keys;
    await Promise.all(
      subscriptions.map((subscription) =>
        this.limit(async () => {
          try {
            await webpush.sendNotification(
              {
                endpoint: subscription.endpoint,
                keys: { p256dh: subscription.p256dh, auth: subscription.auth },
              },
              JSON.stringify(payload),
              {
                vapidDetails: { subject: this.vapidSubject(), ...keys },
                TTL: 24 * 60 * 60,
                timeout: 10_000,
                ...(this.options.agent ? { agent: this.options.agent } : {}),
              },
            );
          } catch (error) {
            const status = (error as { statusCode?: number }).statusCode;
            if (status !== undefined && GONE.has(status)) {
              await deletePushSubscriptionById(db, subscription.id);
              return;
            }
            // Not the error itself: it carries the endpoint, a secret address of the browser.
            const reason = error instanceof Error ? error.message : String(error);
            this.log.warn({ status, reason }, 'push service refused a message');
          }
        }),
      ),
    );
  }
}
