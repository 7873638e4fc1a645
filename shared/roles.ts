import type { Role } from './schemas/people.ts';

/**
 * Staff are the academy's admins and instructors (spec 4): they teach, evaluate, manage students
 * and see their contact details. The one place that says who counts as staff, for the server's
 * rules and the screens alike.
 */
export function isStaff(person: { role: Role } | null | undefined): boolean {
  return person?.role === 'admin' || person?.role === 'instructor';
}
