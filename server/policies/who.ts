import type { PersonRow } from '../db/schema.ts';

/**
 * Who asks, as a policy sees it: a signed-in member allowed to use the app (pending, blocked and
 * refused people never get this far, `accessRefusal`), or `null` for a guest reading while guest
 * mode is on. Policies are pure: they read nothing, so a list asks them per row for free.
 */
export type Who = Pick<PersonRow, 'id' | 'role'> | null;

/** Whatever carries a role: a viewer, a person's row, an open event stream (a guest's has none). */
export type RoleHolder = { role: PersonRow['role'] | null } | null | undefined;

/** Staff are the academy's admins and instructors (spec 4): they teach, evaluate, manage students. */
export function isStaff(who: RoleHolder): boolean {
  return who?.role === 'admin' || who?.role === 'instructor';
}

export function isAdmin(who: RoleHolder): boolean {
  return who?.role === 'admin';
}

export function isStudent(who: Who): boolean {
  return who?.role === 'student';
}

/** The member herself (never a guest). */
export function isSelf(who: Who, personId: string | null): boolean {
  return who !== null && personId !== null && who.id === personId;
}
