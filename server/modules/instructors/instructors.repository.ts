import type { Db } from '../../db/schema.ts';

const columns = [
  'id',
  'name',
  'avatar_url',
  'role',
  'status',
  'phone',
  'email',
  'bio',
  'registration_date',
] as const;

/** Admins and instructors, in no order; only the active ones unless `allStatuses`. */
export function listInstructorRows(db: Db, options: { allStatuses: boolean; id?: string }) {
  return db
    .selectFrom('people')
    .select(columns)
    .where('role', 'in', ['admin', 'instructor'])
    .$if(!options.allStatuses, (query) => query.where('status', '=', 'active'))
    .$if(options.id !== undefined, (query) => query.where('id', '=', options.id!))
    .execute();
}

export type InstructorRow = Awaited<ReturnType<typeof listInstructorRows>>[number];

/** The active courses each of these people teaches, in name order. */
export async function listTaughtCourses(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('course_instructors')
    .innerJoin('courses', 'courses.id', 'course_instructors.course_id')
    .select(['course_instructors.person_id', 'courses.id', 'courses.name'])
    .where('course_instructors.person_id', 'in', ids)
    .where('courses.status', '=', 'active')
    .orderBy('courses.name_search')
    .execute();
}

export type TaughtCourseRow = Awaited<ReturnType<typeof listTaughtCourses>>[number];
