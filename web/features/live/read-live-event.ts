import type { LiveEvent, LiveEventType } from '#shared/schemas/events';

/*
 * Read apart from shared/schemas/events.ts: the login screen's code takes that module's
 * constants, and needs none of this.
 */

/** Every event type, each once (the type checker holds it to the LiveEvent union). */
const liveEventTypes: Readonly<Record<LiveEventType, true>> = {
  'post.created': true,
  'post.updated': true,
  'post.deleted': true,
  'post.liked': true,
  'post.bookmarked': true,
  'comment.created': true,
  'comment.updated': true,
  'comment.deleted': true,
  'comment.liked': true,
  'notification.created': true,
  'notifications.read': true,
  'person.updated': true,
  'course.updated': true,
  'progress.updated': true,
  'config.updated': true,
  'feedback.updated': true,
  'logs.updated': true,
  resync: true,
  'session.ended': true,
};

/**
 * Whether a stream message's value is an event this app knows. Only its type is checked: the
 * server builds every event against the union above, and a type a newer server sends (during
 * an upgrade) is one this app skips until it is reloaded.
 */
function isLiveEvent(value: unknown): value is LiveEvent {
  if (typeof value !== 'object' || value === null || !('type' in value)) return false;
  return typeof value.type === 'string' && Object.hasOwn(liveEventTypes, value.type);
}

/** The event a stream message carries, or null when it is not JSON or not an event known here. */
export function readLiveEvent(data: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  return isLiveEvent(value) ? value : null;
}
