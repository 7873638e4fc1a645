import type { Db } from '../../db/schema.ts';

/** Every student with what the post form shows of her. */
export async function rosterStudentRows(db: Db) {
  return db
    .selectFrom('people')
    .select(['id', 'name', 'avatar_url', 'status'])
    .where('role', '=', 'student')
    .execute();
}

/** Every enrolment in an active course. */
export async function rosterEnrolmentRows(db: Db) {
  return db
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .select(['enrolments.person_id', 'enrolments.course_id', 'enrolments.enrolled_at'])
    .where('courses.status', '=', 'active')
    .execute();
}

/** Active courses and their lessons in order. */
export async function rosterCourseRows(db: Db) {
  return db
    .selectFrom('courses')
    .leftJoin('lessons', 'lessons.course_id', 'courses.id')
    .select([
      'courses.id',
      'courses.name',
      'lessons.id as lesson_id',
      'lessons.title as lesson_title',
      'lessons.position',
    ])
    .where('courses.status', '=', 'active')
    .orderBy('courses.id')
    .orderBy('lessons.position')
    .execute();
}

/** Lessons each student has finished, and when each of her lessons last changed. */
export async function rosterProgressRows(db: Db) {
  return db
    .selectFrom('lesson_progress')
    .select([
      'person_id',
      'course_id',
      'lesson_id',
      'completed',
      'last_updated_by',
      'last_updated_at',
    ])
    .execute();
}

/** The latest evaluation of each student in each course (no course: course_id null). */
export async function latestEvaluationRows(db: Db) {
  return db
    .selectFrom('posts')
    .select(['student_id', 'course_id', (eb) => eb.fn.max('created_at').as('at')])
    .where('kind', '=', 'evaluation')
    .where('student_id', 'is not', null)
    .groupBy(['student_id', 'course_id'])
    .execute();
}

/** The students `authorId` evaluated since `since`, with when she last did. */
export async function evaluatedBySince(db: Db, authorId: string, since: number) {
  return db
    .selectFrom('posts')
    .select(['student_id', (eb) => eb.fn.max('created_at').as('at')])
    .where('kind', '=', 'evaluation')
    .where('author_id', '=', authorId)
    .where('created_at', '>=', since)
    .where('student_id', 'is not', null)
    .groupBy('student_id')
    .execute();
}

/** The courses a person teaches. */
export async function taughtCourseIds(db: Db, personId: string) {
  const rows = await db
    .selectFrom('course_instructors')
    .select('course_id')
    .where('person_id', '=', personId)
    .execute();
  return rows.map((row) => row.course_id);
}
