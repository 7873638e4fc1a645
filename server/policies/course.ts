import type { CourseCan } from '#shared/schemas/courses';
import { isAdmin, isSelf, isStaff, type Who } from './who.ts';

/** Which courses a viewer sees (spec 4): active ones all readers, pending ones admins and the proposer. */
export function courseVisibility(who: Who): { all: boolean; proposerId: string | null } {
  return { all: isAdmin(who), proposerId: who?.id ?? null };
}

/** The same rule for one course already read. */
export function maySeeCourse(
  who: Who,
  course: { status: 'active' | 'pending'; proposerId: string | null },
): boolean {
  return course.status === 'active' || isAdmin(who) || isSelf(who, course.proposerId);
}

/**
 * Staff make courses: an admin's is active at once, an instructor's is a proposal, pending until
 * an admin approves it (spec 4). Students and guests make none.
 */
export function newCourseOf(who: Who): { status: 'active' | 'pending' } | null {
  if (!isStaff(who)) return null;
  return { status: isAdmin(who) ? 'active' : 'pending' };
}

/**
 * What the viewer may do with a course she can see: admins and its instructors edit and delete it
 * (its lessons and instructors with it); admins approve a pending one.
 */
export function courseCan(
  who: Who,
  course: { status: 'active' | 'pending'; instructorIds: readonly string[] },
): CourseCan {
  const editor = isAdmin(who) || (who !== null && course.instructorIds.includes(who.id));
  return {
    edit: editor,
    delete: editor,
    approve: isAdmin(who) && course.status === 'pending',
    seeProgress: isStaff(who),
  };
}
