import type { MeCan } from './schemas/accounts.ts';

/** Nothing allowed: a visitor while guest mode is off, or before the server has said. */
export const NOTHING_ALLOWED: MeCan = {
  manageUsers: false,
  seeInstructors: false,
  teach: false,
  seeStudents: false,
  manageStudents: false,
  createCourses: null,
  approveCourses: false,
};
