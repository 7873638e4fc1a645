import { z } from '../zod.ts';
import { PersonSummary } from './courses.ts';
import { PageCursor } from './posts.ts';

export const NOTIFICATION_PAGE_SIZE = 20;

export const NotificationType = z.enum([
  'liked',
  'commented',
  'replied',
  'mentioned',
  'evaluated',
  'tagged',
  'course_approved',
  'course_finished',
  'account_approved',
  'approval_request',
  /** An approval request answered since: how the list shows it, never stored. */
  'approval_settled',
  'feedback_viewed',
  'feedback_resolved',
]);
export type NotificationType = z.infer<typeof NotificationType>;

export const Notification = z.object({
  id: z.string(),
  type: NotificationType,
  actor: PersonSummary.nullable(),
  postId: z.string().nullable(),
  courseId: z.string().nullable(),
  courseName: z.string().nullable(),
  createdAt: z.number(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationPage = z.object({
  notifications: z.array(Notification),
  nextCursor: z.string().nullable(),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

export const NotificationsQuery = z.strictObject({ cursor: PageCursor.optional() });

/** Whether anything is newer than my last-read time (the red dot), and that time. */
export const UnreadState = z.object({ unread: z.number().int(), readAt: z.number() });
export type UnreadState = z.infer<typeof UnreadState>;
