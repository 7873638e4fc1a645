/**
 * What the server tells open apps over `/api/events` (server-sent events): small facts carrying
 * ids, never the data itself. The app turns each into query invalidations or count patches and
 * reads the data again through the ordinary, permission-checked endpoints.
 */
export type LiveEvent =
  | { type: 'post.created' | 'post.updated' | 'post.deleted'; postId: string }
  | { type: 'post.liked'; postId: string; actorId: string; likeCount: number }
  | { type: 'post.bookmarked'; postId: string; bookmarked: boolean }
  | {
      type: 'comment.created' | 'comment.updated' | 'comment.deleted';
      postId: string;
      commentId: string;
    }
  | { type: 'comment.liked'; postId: string; commentId: string; actorId: string }
  /** Sent to its recipient alone. */
  | { type: 'notification.created'; notificationId: string }
  /** The person read their notifications on one device: the red dot clears on the others. */
  | { type: 'notifications.read' }
  | { type: 'person.updated'; personId: string }
  | { type: 'course.updated'; courseId: string }
  | { type: 'progress.updated'; studentId: string }
  | { type: 'config.updated' }
  | { type: 'feedback.updated' }
  | { type: 'logs.updated' }
  /** Some events could not be replayed after a reconnect: read everything again. */
  | { type: 'resync' }
  /**
   * This person may no longer use the app (blocked, signed out, access turned off, deleted), with
   * why in Vietnamese when they were turned away.
   */
  | { type: 'session.ended'; message?: string };

export type LiveEventType = LiveEvent['type'];

/** The id the browser sends back as `Last-Event-ID`: what a forged header is checked against. */
export const liveEventIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A point in one server process's order of events (`x-live-position` on every API answer): a
 * page opening its stream `since` the earliest point its reads were made at is sent what
 * changed after them, instead of reading everything again.
 */
export const livePositionPattern = /^[A-Za-z0-9_-]{8}\.\d{1,15}$/;

/** The answer header that carries it. */
export const livePositionHeader = 'x-live-position';
