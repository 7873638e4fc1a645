import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { nameSearchColumns, titleSearchColumns } from '../../db/search-columns.ts';

export interface CourseRow {
  id: string;
  name: string;
  description: string;
  image_url: string | null;
  status: 'pending' | 'active';
  proposer_id: string | null;
}

const courseColumns = ['id', 'name', 'description', 'image_url', 'status', 'proposer_id'] as const;

/** Which courses a viewer may see: all for admins, else active ones and their own proposals. */
export interface CourseVisibility {
  all: boolean;
  proposerId: string | null;
}

/** The visibility rule as a condition on `courses`, for every query that lists courses. */
export function visibleCourses(visibility: CourseVisibility) {
  if (visibility.all) return sql<boolean>`1 = 1`;
  return visibility.proposerId
    ? sql<boolean>`(courses.status = 'active' or courses.proposer_id = ${visibility.proposerId})`
    : sql<boolean>`courses.status = 'active'`;
}

/** The courses a viewer may see, in name order. */
export async function listCourseRows(db: Db, visibility: CourseVisibility): Promise<CourseRow[]> {
  return db
    .selectFrom('courses')
    .select(courseColumns)
    .where(visibleCourses(visibility))
    .orderBy('name_search')
    .orderBy('id')
    .execute();
}

export async function findCourseRow(db: Db, id: string): Promise<CourseRow | undefined> {
  return db.selectFrom('courses').select(courseColumns).where('id', '=', id).executeTakeFirst();
}

export function findLesson(db: Db, id: string) {
  return db
    .selectFrom('lessons')
    .select(['id', 'course_id', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listLessons(db: Db, courseId: string) {
  return db
    .selectFrom('lessons')
    .select(['id', 'title', 'position'])
    .where('course_id', '=', courseId)
    .orderBy('position')
    .execute();
}

/** Lessons and students per course, in two grouped queries whatever the number of courses. */
export async function countsByCourse(db: Db, courseIds: string[]) {
  if (courseIds.length === 0)
    return { lessons: new Map<string, number>(), students: new Map<string, number>() };
  const lessons = await db
    .selectFrom('lessons')
    .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('course_id', 'in', courseIds)
    .groupBy('course_id')
    .execute();
  const students = await db
    .selectFrom('enrolments')
    .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('course_id', 'in', courseIds)
    .groupBy('course_id')
    .execute();
  return {
    lessons: new Map(lessons.map((row) => [row.course_id, Number(row.n)])),
    students: new Map(students.map((row) => [row.course_id, Number(row.n)])),
  };
}

/** The default instructors of the given courses, in one query. */
export async function instructorsByCourse(db: Db, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('course_instructors')
    .innerJoin('people', 'people.id', 'course_instructors.person_id')
    .select(['course_instructors.course_id', 'people.id', 'people.name', 'people.avatar_url'])
    .where('course_instructors.course_id', 'in', courseIds)
    .orderBy('course_instructors.created_at')
    .execute();
}

export async function insertCourseRow(
  db: Db,
  course: {
    id: string;
    name: string;
    description: string;
    imageUrl: string | null;
    status: 'pending' | 'active';
    proposerId: string | null;
    now: number;
  },
) {
  await db
    .insertInto('courses')
    .values({
      id: course.id,
      name: course.name,
      ...nameSearchColumns(course.name),
      description: course.description,
      image_url: course.imageUrl,
      status: course.status,
      proposer_id: course.proposerId,
      created_at: course.now,
      updated_at: course.now,
    })
    .execute();
}

export async function updateCourseRow(
  db: Db,
  id: string,
  details: { name?: string; description?: string; imageUrl?: string | null; now: number },
) {
  // Only the fields given change: Kysely leaves out a column set to undefined.
  await db
    .updateTable('courses')
    .set({
      name: details.name,
      ...(details.name === undefined ? {} : nameSearchColumns(details.name)),
      description: details.description,
      image_url: details.imageUrl,
      updated_at: details.now,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Makes the course's lessons exactly `lessons`, in that order: lessons kept by id keep their
 * students' progress; lessons left out are deleted (with their progress); new ones are added.
 */
export async function replaceLessons(
  db: Db,
  courseId: string,
  lessons: Array<{ id?: string | undefined; title: string }>,
  now: number,
) {
  const keep = lessons.flatMap((lesson) => (lesson.id ? [lesson.id] : []));
  let removal = db.deleteFrom('lessons').where('course_id', '=', courseId);
  if (keep.length > 0) removal = removal.where('id', 'not in', keep);
  await removal.execute();
  for (const [position, lesson] of lessons.entries()) {
    if (lesson.id) {
      await db
        .updateTable('lessons')
        .set({
          title: lesson.title,
          ...titleSearchColumns(lesson.title),
          position,
          updated_at: now,
        })
        .where('id', '=', lesson.id)
        .execute();
    } else {
      await db
        .insertInto('lessons')
        .values({
          id: randomUUID(),
          course_id: courseId,
          title: lesson.title,
          ...titleSearchColumns(lesson.title),
          position,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
}

export async function replaceInstructors(
  db: Db,
  courseId: string,
  personIds: string[],
  now: number,
) {
  await db.deleteFrom('course_instructors').where('course_id', '=', courseId).execute();
  if (personIds.length > 0) {
    await db
      .insertInto('course_instructors')
      .values(
        personIds.map((personId) => ({
          course_id: courseId,
          person_id: personId,
          created_at: now,
        })),
      )
      .execute();
  }
}

export async function lessonIdsOf(db: Db, courseId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('lessons')
    .select('id')
    .where('course_id', '=', courseId)
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** Active staff (instructors and admins), who may be a course's default instructors. */
export async function listActiveStaff(db: Db) {
  return db
    .selectFrom('people')
    .select(['id', 'name', 'avatar_url'])
    .where('role', 'in', ['admin', 'instructor'])
    .where('status', '=', 'active')
    .execute();
}

/** Which of these ids are active staff (instructors or admins). */
export async function activeStaffIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('people')
    .select('id')
    .where('id', 'in', ids)
    .where('role', 'in', ['admin', 'instructor'])
    .where('status', '=', 'active')
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function deleteCourseRow(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('courses').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Pending → active; 0 when it was not pending (already approved, or gone). */
export async function activateCourse(db: Db, id: string, now: number): Promise<number> {
  const result = await db
    .updateTable('courses')
    .set({ status: 'active', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
