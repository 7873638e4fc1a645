/*
 * How a notification reads and where it leads, for the list and for push messages. Apart from its
 * schema (schemas/notifications.ts), so that the notifications screen shows without zod.
 */
import { vi } from './locales/vi.ts';
import type { Notification } from './schemas/notifications.ts';
import { fillPlaceholders } from './text.ts';

/** Where a notification leads (a hash route): the post, the course, the approvals, my feedback. */
export function notificationTarget(notification: Notification): string {
  if (notification.postId) return `/posts/${notification.postId}`;
  if (notification.type === 'course_approved' && notification.courseId)
    return `/courses/${notification.courseId}`;
  if (notification.type === 'account_approved')
    return notification.courseId ? `/courses/${notification.courseId}` : '/activity';
  if (notification.type === 'approval_request' || notification.type === 'approval_settled')
    return '/user-management';
  if (notification.type === 'course_finished') return '/profile';
  return '/profile';
}

/** The notification as one Vietnamese sentence, for the list and for push messages. */
export function notificationSentence(notification: Notification): string {
  const catalogue = vi.screens.notifications;
  const values: Record<string, string> = {
    actor: notification.actor?.name ?? catalogue.someone,
    course: notification.courseName ?? '',
  };
  return fillPlaceholders(catalogue.type[notification.type], values);
}
