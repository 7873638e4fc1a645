import { isAdmin, isStudent, type Who } from './who.ts';

/** Instructors are closed to students (spec 6: the item is hidden for them); guests see them. */
export function mayListInstructors(who: Who): boolean {
  return !isStudent(who);
}

/** Admins see every instructor, pending and blocked ones too; everyone else the active ones. */
export function seesEveryInstructor(who: Who): boolean {
  return isAdmin(who);
}
