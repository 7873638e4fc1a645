import { sql } from 'kysely';
import { newPersonRow } from '../../db/people-rows.ts';
import type { Db } from '../../db/schema.ts';
import { containsFolded, nameSearchColumns } from '../../db/search-columns.ts';
import { countedCompletions } from '../courses/course-progress.repository.ts';

const studentColumns = [
  'people.id',
  'people.name',
  'people.avatar_url',
  'people.phone',
  'people.email',
  'people.address',
  'people.dob',
  'people.status',
  'people.registration_date',
  'people.ban_reason',
  'people.banned_by',
  'people.banned_at',
  'people.updated_at',
] as const;

export async function findStudentRow(db: Db, id: string) {
  return db
    .selectFrom('people')
    .select(studentColumns)
    .where('id', '=', id)
    .where('role', '=', 'student')
    .executeTakeFirst();
}
export type StudentRow = NonNullable<Awaited<ReturnType<typeof findStudentRow>>>;

/**
 * Every student matching the filters with what ordering needs (name, enrolment date, status);
 * the service orders them by Vietnamese collation, which neither engine has built in.
 */
export async function listStudentKeys(
  db: Db,
  filter: { folded?: string | undefined; courseIds?: string[] | undefined },
) {
  let query = db
    .selectFrom('people')
    .select(['people.id', 'people.name', 'people.status', 'people.registration_date'])
    .where('people.role', '=', 'student');
  if (filter.folded)
    query = query.where(containsFolded(sql.ref('people.name_search'), filter.folded));
  if (filter.courseIds && filter.courseIds.length > 0) {
    const courseIds = filter.courseIds;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('enrolments')
          .select('enrolments.person_id')
          .whereRef('enrolments.person_id', '=', 'people.id')
          .where('enrolments.course_id', 'in', courseIds),
      ),
    );
  }
  return query.execute();
}

export async function listStudentRows(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('people').select(studentColumns).where('id', 'in', ids).execute();
}

/** The courses each given student is enrolled in, with their lesson counts. */
export async function enrolmentsOf(db: Db, personIds: string[]) {
  if (personIds.length === 0) return [];
  return db
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .select([
      'enrolments.person_id',
      'courses.id',
      'courses.name',
      'enrolments.enrolled_at',
      (eb) =>
        eb
          .selectFrom('lessons')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('lessons.course_id', '=', 'courses.id')
          .as('lesson_count'),
    ])
    .where('enrolments.person_id', 'in', personIds)
    .orderBy('enrolments.enrolled_at')
    .orderBy('courses.name_search')
    .execute();
}

/** Completed lessons per student, counting only courses they are enrolled in. */
export async function completedCounts(db: Db, personIds: string[]) {
  if (personIds.length === 0) return new Map<string, number>();
  const rows = await countedCompletions(db)
    .select(['lesson_progress.person_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('lesson_progress.person_id', 'in', personIds)
    .groupBy('lesson_progress.person_id')
    .execute();
  return new Map(rows.map((row) => [row.person_id, Number(row.n)]));
}

/** A student's progress rows with the name of who last updated each. */
export async function progressRowsOf(db: Db, personId: string) {
  return db
    .selectFrom('lesson_progress')
    .leftJoin('people as editor', 'editor.id', 'lesson_progress.last_updated_by')
    .select([
      'lesson_progress.lesson_id',
      'lesson_progress.completed',
      'lesson_progress.summary',
      'lesson_progress.last_updated_by',
      'lesson_progress.last_updated_at',
      'editor.name as editor_name',
    ])
    .where('lesson_progress.person_id', '=', personId)
    .execute();
}

export async function lessonsOfCourses(db: Db, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('lessons')
    .select(['id', 'course_id', 'title', 'position'])
    .where('course_id', 'in', courseIds)
    .orderBy('course_id')
    .orderBy('position')
    .execute();
}

export async function insertStudentRow(
  db: Db,
  student: {
    id: string;
    name: string;
    phone: string | null;
    email: string | null;
    address: string | null;
    dob: string | null;
    avatarUrl: string | null;
    now: number;
  },
) {
  await db
    .insertInto('people')
    .values(
      newPersonRow({
        id: student.id,
        role: 'student',
        status: 'active',
        name: student.name,
        email: student.email,
        phone: student.phone,
        address: student.address,
        dob: student.dob,
        avatarUrl: student.avatarUrl,
        now: student.now,
      }),
    )
    .execute();
}

export async function updateStudentRow(
  db: Db,
  id: string,
  student: {
    name?: string;
    phone?: string | null;
    email?: string | null;
    address?: string | null;
    dob?: string | null;
    avatarUrl?: string | null;
    now: number;
  },
): Promise<number> {
  // Only the fields given change: Kysely leaves out a column set to undefined. A student found
  // with nothing to change still counts.
  const result = await db
    .updateTable('people')
    .set({
      name: student.name,
      ...(student.name === undefined ? {} : nameSearchColumns(student.name)),
      phone: student.phone,
      email: student.email,
      address: student.address,
      dob: student.dob,
      avatar_url: student.avatarUrl,
      updated_at: student.now,
    })
    .where('id', '=', id)
    .where('role', '=', 'student')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Enrols in exactly these courses; progress in a dropped course stays, uncounted. Says how many
 * courses are new to her.
 */
export async function replaceEnrolments(
  db: Db,
  personId: string,
  courseIds: string[],
  now: number,
) {
  let removal = db.deleteFrom('enrolments').where('person_id', '=', personId);
  if (courseIds.length > 0) removal = removal.where('course_id', 'not in', courseIds);
  await removal.execute();
  const existing = await db
    .selectFrom('enrolments')
    .select('course_id')
    .where('person_id', '=', personId)
    .execute();
  const have = new Set(existing.map((row) => row.course_id));
  const added = courseIds.filter((id) => !have.has(id));
  if (added.length > 0) {
    await db
      .insertInto('enrolments')
      .values(
        added.map((courseId) => ({ person_id: personId, course_id: courseId, enrolled_at: now })),
      )
      .execute();
  }
  return added.length;
}

export async function isEnrolled(db: Db, personId: string, courseId: string): Promise<boolean> {
  const row = await db
    .selectFrom('enrolments')
    .select('person_id')
    .where('person_id', '=', personId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function existingCourseIds(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('courses').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

export async function findProgressRow(db: Db, personId: string, lessonId: string) {
  return db
    .selectFrom('lesson_progress')
    .leftJoin('people as editor', 'editor.id', 'lesson_progress.last_updated_by')
    .select([
      'lesson_progress.completed',
      'lesson_progress.summary',
      'lesson_progress.last_updated_at',
      'editor.name as editor_name',
    ])
    .where('lesson_progress.person_id', '=', personId)
    .where('lesson_progress.lesson_id', '=', lessonId)
    .executeTakeFirst();
}

/** Writes one lesson's progress; a row neither completed nor summarised is deleted. */
export async function writeProgress(
  db: Db,
  row: {
    personId: string;
    lessonId: string;
    courseId: string;
    completed: boolean;
    summary: string | null;
    by: string;
    now: number;
  },
) {
  await db
    .deleteFrom('lesson_progress')
    .where('person_id', '=', row.personId)
    .where('lesson_id', '=', row.lessonId)
    .execute();
  if (!row.completed && row.summary === null) return;
  await db
    .insertInto('lesson_progress')
    .values({
      person_id: row.personId,
      lesson_id: row.lessonId,
      course_id: row.courseId,
      completed: row.completed ? 1 : 0,
      summary: row.summary,
      last_updated_by: row.by,
      last_updated_at: row.now,
    })
    .execute();
}

/** When each of her courses was marked finished (null: not). */
export async function finishedCourses(db: Db, personId: string) {
  const rows = await db
    .selectFrom('enrolments')
    .select(['course_id', 'finished_at'])
    .where('person_id', '=', personId)
    .execute();
  return new Map(
    rows.map((row) => [row.course_id, row.finished_at === null ? null : Number(row.finished_at)]),
  );
}

/** Her enrolment in a course, with whether it was marked finished. */
export async function findEnrolment(db: Db, personId: string, courseId: string) {
  return db
    .selectFrom('enrolments')
    .select(['enrolled_at', 'finished_at'])
    .where('person_id', '=', personId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}

/** How many of a course's lessons she has not completed. */
export async function lessonsLeft(db: Db, personId: string, courseId: string): Promise<number> {
  const row = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('lessons.course_id', '=', courseId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('lesson_progress')
            .select('lesson_progress.lesson_id')
            .whereRef('lesson_progress.lesson_id', '=', 'lessons.id')
            .where('lesson_progress.person_id', '=', personId)
            .where('lesson_progress.completed', '=', 1),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks her course finished (by whom, when), or on again with `at` null. */
export async function setCourseFinished(
  db: Db,
  personId: string,
  courseId: string,
  finished: { by: string; at: number } | null,
) {
  await db
    .updateTable('enrolments')
    .set({ finished_at: finished?.at ?? null, finished_by: finished?.by ?? null })
    .where('person_id', '=', personId)
    .where('course_id', '=', courseId)
    .execute();
}

/** How many of her courses are not marked finished. */
export async function unfinishedCourseCount(db: Db, personId: string): Promise<number> {
  const row = await db
    .selectFrom('enrolments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('person_id', '=', personId)
    .where('finished_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves a student between "Đang học" and "Đã hoàn thành"; other statuses stay. */
export async function moveStudentStatus(
  db: Db,
  id: string,
  from: 'active' | 'completed',
  to: 'active' | 'completed',
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('people')
    .set({ status: to, updated_at: now })
    .where('id', '=', id)
    .where('role', '=', 'student')
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
