import { randomUUID } from 'node:crypto';
import type { Db, StudentImportsTable } from '../../db/schema.ts';
import { titleSearchColumns } from '../../db/search-columns.ts';

export type ImportRow = StudentImportsTable;

export async function insertImport(db: Db, row: ImportRow): Promise<void> {
  await db.insertInto('student_imports').values(row).execute();
}

export async function findImport(db: Db, id: string): Promise<ImportRow | undefined> {
  return db.selectFrom('student_imports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Drafts older than `before` hold a sheet of personal data nobody imported: they go. */
export async function deleteStaleDrafts(db: Db, before: number): Promise<number> {
  const result = await db
    .deleteFrom('student_imports')
    .where('status', '=', 'draft')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Draft → imported; false when it was no longer a draft (imported twice, by a second tap). */
export async function markImported(
  db: Db,
  id: string,
  done: { summary: string; undo: string; now: number },
): Promise<boolean> {
  const result = await db
    .updateTable('student_imports')
    .set({
      status: 'imported',
      summary: done.summary,
      undo: done.undo,
      cells: '[]',
      imported_at: done.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Lets go of what the imports done before `before` kept to undo with (people's old details);
 * they stay in the list as imported, no longer undoable.
 */
export async function forgetUndoBefore(db: Db, before: number): Promise<number> {
  const result = await db
    .updateTable('student_imports')
    .set({ undo: null })
    .where('status', '=', 'imported')
    .where('imported_at', '<', before)
    .where('undo', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Imported → undone; what it kept to undo with is let go (it holds people's old details). */
export async function markUndone(db: Db, id: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('student_imports')
    .set({ status: 'undone', undo: null, undone_at: now })
    .where('id', '=', id)
    .where('status', '=', 'imported')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The latest imports that ran, newest first, with who ran them. */
export async function listImports(db: Db, limit: number) {
  return db
    .selectFrom('student_imports')
    .leftJoin('people', 'people.id', 'student_imports.created_by')
    .select([
      'student_imports.id',
      'student_imports.file_name',
      'student_imports.status',
      'student_imports.summary',
      'student_imports.undo',
      'student_imports.imported_at',
      'student_imports.undone_at',
      'student_imports.created_by',
      'people.name as by_name',
    ])
    .where('student_imports.status', '!=', 'draft')
    .orderBy('student_imports.imported_at', 'desc')
    .limit(limit)
    .execute();
}

const personColumns = [
  'id',
  'role',
  'status',
  'name',
  'phone',
  'email',
  'address',
  'dob',
  'updated_at',
] as const;

/** Everyone holding one of these e-mails, and the students holding one of these phones. */
export async function peopleByContacts(db: Db, phones: string[], emails: string[]) {
  if (phones.length === 0 && emails.length === 0) return [];
  return db
    .selectFrom('people')
    .select(personColumns)
    .where((eb) =>
      eb.or([
        ...(emails.length > 0 ? [eb('email', 'in', emails)] : []),
        ...(phones.length > 0
          ? [eb.and([eb('phone', 'in', phones), eb('role', '=', 'student')])]
          : []),
      ]),
    )
    .execute();
}

export async function courseNames(db: Db) {
  return db.selectFrom('courses').select(['id', 'name', 'name_lower']).execute();
}

export async function enrolledCourseIds(db: Db, personIds: string[]) {
  if (personIds.length === 0) return [];
  return db
    .selectFrom('enrolments')
    .select(['person_id', 'course_id'])
    .where('person_id', 'in', personIds)
    .execute();
}

/** People's names and when they last changed; a deleted one is missing. */
export async function peopleStamps(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('people')
    .select(['id', 'name', 'updated_at'])
    .where('id', 'in', ids)
    .execute();
}

/** Of these people, those with a lesson's progress, a post about them or a way to sign in. */
export async function peopleInUse(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const [progress, posts, logins] = await Promise.all([
    db
      .selectFrom('lesson_progress')
      .select('person_id as id')
      .where('person_id', 'in', ids)
      .execute(),
    db.selectFrom('posts').select('student_id as id').where('student_id', 'in', ids).execute(),
    db
      .selectFrom('login_mappings')
      .select('person_id as id')
      .where('person_id', 'in', ids)
      .execute(),
  ]);
  return new Set([...progress, ...posts, ...logins].map((row) => row.id as string));
}

/**
 * Courses with when they last changed and whether anything beyond the import holds on to them:
 * a student's progress in one of its lessons, a post, or a student the import did not enrol.
 */
export async function coursesInUse(db: Db, ids: string[], importedPeople: string[]) {
  if (ids.length === 0) return [];
  const [courses, progress, posts, others] = await Promise.all([
    db.selectFrom('courses').select(['id', 'name', 'updated_at']).where('id', 'in', ids).execute(),
    db.selectFrom('lesson_progress').select('course_id').where('course_id', 'in', ids).execute(),
    db.selectFrom('posts').select('course_id').where('course_id', 'in', ids).execute(),
    db
      .selectFrom('enrolments')
      .select('course_id')
      .where('course_id', 'in', ids)
      .$if(importedPeople.length > 0, (query) => query.where('person_id', 'not in', importedPeople))
      .execute(),
  ]);
  const held = new Set([...progress, ...posts, ...others].map((row) => row.course_id));
  return courses.map((course) => ({ ...course, held: held.has(course.id) }));
}

/** The lessons of these courses, with their titles lower-cased for matching. */
export async function lessonsOf(db: Db, courseIds: string[]) {
  if (courseIds.length === 0) return [];
  return db
    .selectFrom('lessons')
    .select(['id', 'course_id', 'title', 'title_lower', 'position'])
    .where('course_id', 'in', courseIds)
    .execute();
}

/** Adds lessons after a course's last, in order; their ids. */
export async function appendLessons(
  db: Db,
  courseId: string,
  titles: string[],
  now: number,
): Promise<string[]> {
  if (titles.length === 0) return [];
  const last = await db
    .selectFrom('lessons')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  const start =
    last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
  const ids = titles.map(() => randomUUID());
  await db
    .insertInto('lessons')
    .values(
      titles.map((title, index) => ({
        id: ids[index]!,
        course_id: courseId,
        title,
        ...titleSearchColumns(title),
        position: start + index,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  return ids;
}

/** Marks a course changed at `now` (what an undo checks nobody changed it since). */
export async function touchCourse(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('courses').set({ updated_at: now }).where('id', '=', id).execute();
}

/** Lessons with their titles and whether a student's progress or a post is about them. */
export async function lessonsInUse(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const [lessons, progress, posts] = await Promise.all([
    db.selectFrom('lessons').select(['id', 'title']).where('id', 'in', ids).execute(),
    db.selectFrom('lesson_progress').select('lesson_id').where('lesson_id', 'in', ids).execute(),
    db.selectFrom('posts').select('lesson_id').where('lesson_id', 'in', ids).execute(),
  ]);
  const held = new Set([...progress, ...posts].map((row) => row.lesson_id));
  return lessons.map((lesson) => ({ ...lesson, held: held.has(lesson.id) }));
}

export async function deleteLessons(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('lessons').where('id', 'in', ids).execute();
}

/** Puts a student's status back as it was before an import changed it. */
export async function restoreStatus(db: Db, id: string, status: string, now: number) {
  await db
    .updateTable('people')
    .set({ status: status as 'active', updated_at: now })
    .where('id', '=', id)
    .where('role', '=', 'student')
    .execute();
}

/** Every student, for the export. */
export async function allStudents(db: Db) {
  return db
    .selectFrom('people')
    .select(['id', 'name', 'phone', 'email', 'dob', 'address', 'status', 'registration_date'])
    .where('role', '=', 'student')
    .execute();
}

/** Every enrolment with its course's name, lesson count and the lessons she completed in it. */
export async function allEnrolments(db: Db) {
  return db
    .selectFrom('enrolments')
    .innerJoin('courses', 'courses.id', 'enrolments.course_id')
    .select([
      'enrolments.person_id',
      'courses.name',
      'enrolments.finished_at',
      (eb) =>
        eb
          .selectFrom('lessons')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('lessons.course_id', '=', 'courses.id')
          .as('lesson_count'),
      (eb) =>
        eb
          .selectFrom('lesson_progress')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('lesson_progress.person_id', '=', 'enrolments.person_id')
          .whereRef('lesson_progress.course_id', '=', 'enrolments.course_id')
          .where('lesson_progress.completed', '=', 1)
          .as('completed'),
    ])
    .orderBy('enrolments.enrolled_at')
    .execute();
}
