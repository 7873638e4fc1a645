import type { AppDatabase } from '../../db/database.ts';

/*
 * Changes everyone's apps hear of, by id only: each app reads the thing again through the
 * endpoints that check who may see what, so announcing to everyone reveals nothing.
 */

/** A person's profile, status, role or privacy changed (or they were added or deleted). */
export function announcePersonChange(database: AppDatabase, personId: string) {
  return database.events.publish({ type: 'person.updated', personId }, { kind: 'everyone' });
}

/** A course, its lessons or its instructors changed (or it was added, approved or deleted). */
export function announceCourseChange(database: AppDatabase, courseId: string) {
  return database.events.publish({ type: 'course.updated', courseId }, { kind: 'everyone' });
}

/** A student's lesson progress changed: personal data, so staff and the student alone. */
export function announceProgressChange(database: AppDatabase, studentId: string) {
  return database.events.publish(
    { type: 'progress.updated', studentId },
    { kind: 'staff-and', ids: [studentId] },
  );
}
