import type { Role } from './schemas/people.ts';

/**
 * Staff are the academy's admins and instructors (spec 4): they teach, evaluate, manage students
 * and see their contact details. The one place that says who counts as staff, for the server's
 * rules and the screens alike. A guest (no person, or a live listener with no role) never is.
 */
export function isStaff(person: { role: Role | null } | null | undefined): boolean {
  return person?.role === 'admin' || person?.role === 'instructor';
}
