import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { visiblePosts } from '../posts/post-visibility.ts';

/**
 * Completed lessons that count: those of courses the student is still enrolled in (progress in
 * a dropped course stays but no longer counts). Every completion count starts here.
 */
export function countedCompletions(db: Db) {
  return db
    .selectFrom('lesson_progress')
    .innerJoin('enrolments', (join) =>
      join
        .onRef('enrolments.person_id', '=', 'lesson_progress.person_id')
        .onRef('enrolments.course_id', '=', 'lesson_progress.course_id'),
    )
    .where('lesson_progress.completed', '=', 1);
}

/** Per lesson of a course, how many of its enrolled students completed it. */
export async function completionByLesson(db: Db, courseId: string): Promise<Map<string, number>> {
  const rows = await countedCompletions(db)
    .select(['lesson_progress.lesson_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('lesson_progress.course_id', '=', courseId)
    .groupBy('lesson_progress.lesson_id')
    .execute();
  return new Map(rows.map((row) => [row.lesson_id, Number(row.n)]));
}

/** Per lesson, the time of the newest post about it that the viewer may see. */
export async function lastActivityByLesson(
  db: Db,
  courseId: string,
  viewerId: string | null,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('posts')
    .select(['posts.lesson_id', (eb) => eb.fn.max('posts.created_at').as('at')])
    .where('posts.course_id', '=', courseId)
    .where('posts.lesson_id', 'is not', null)
    .where(visiblePosts(viewerId))
    .groupBy('posts.lesson_id')
    .execute();
  return new Map(rows.map((row) => [row.lesson_id!, Number(row.at)]));
}

export async function completedLessonIdsOf(db: Db, courseId: string, personId: string) {
  const rows = await db
    .selectFrom('lesson_progress')
    .select('lesson_id')
    .where('course_id', '=', courseId)
    .where('person_id', '=', personId)
    .where('completed', '=', 1)
    .execute();
  return rows.map((row) => row.lesson_id);
}

/** The students enrolled in a course with how many of its lessons each completed. */
export async function enrolledStudents(db: Db, courseId: string) {
  return db
    .selectFrom('enrolments')
    .innerJoin('people', 'people.id', 'enrolments.person_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('lesson_progress')
          .select(['person_id', (inner) => inner.fn.countAll<number>().as('completed')])
          .where('course_id', '=', courseId)
          .where('completed', '=', 1)
          .groupBy('person_id')
          .as('done'),
      (join) => join.onRef('done.person_id', '=', 'enrolments.person_id'),
    )
    .select([
      'people.id',
      'people.name',
      'people.avatar_url',
      'people.status',
      'enrolments.enrolled_at',
      'done.completed',
    ])
    .where('enrolments.course_id', '=', courseId)
    .execute();
}

/** The course's evaluations the viewer may see, newest first: student, rating, time. */
export async function visibleEvaluations(db: Db, courseId: string, viewerId: string | null) {
  return db
    .selectFrom('posts')
    .select(['posts.id', 'posts.student_id', 'posts.rating', 'posts.created_at'])
    .where('posts.course_id', '=', courseId)
    .where('posts.kind', '=', 'evaluation')
    .where(visiblePosts(viewerId))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .execute();
}

/** When the course's newest evaluation the viewer may see was posted, or null when there is none. */
export async function newestVisibleEvaluationAt(
  db: Db,
  courseId: string,
  viewerId: string | null,
): Promise<number | null> {
  const row = await db
    .selectFrom('posts')
    .select('posts.created_at')
    .where('posts.course_id', '=', courseId)
    .where('posts.kind', '=', 'evaluation')
    .where(visiblePosts(viewerId))
    .orderBy('posts.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? Number(row.created_at) : null;
}

/**
 * The course's evaluations the viewer may see in `weeks` weeks of `weekLength` ms from
 * `firstWeek`, counted per week in the database (week 0 first): how many, and the sum and number
 * of their ratings. Weeks without any are absent.
 */
export async function weeklyEvaluations(
  db: Db,
  courseId: string,
  viewerId: string | null,
  { firstWeek, weekLength, weeks }: { firstWeek: number; weekLength: number; weeks: number },
) {
  // Literals, not parameters: both engines then divide integers (a bound JS number is a real in
  // SQLite). They are computed here, never from input.
  const week = sql<number>`(posts.created_at - ${sql.lit(firstWeek)}) / ${sql.lit(weekLength)}`;
  const rows = await db
    .selectFrom('posts')
    .select([
      week.as('week'),
      (eb) => eb.fn.countAll<number>().as('evaluations'),
      (eb) => eb.fn.sum<number>('posts.rating').as('rating_sum'),
      (eb) => eb.fn.count<number>('posts.rating').as('rated'),
    ])
    .where('posts.course_id', '=', courseId)
    .where('posts.kind', '=', 'evaluation')
    .where('posts.created_at', '>=', firstWeek)
    .where('posts.created_at', '<', firstWeek + weeks * weekLength)
    .where(visiblePosts(viewerId))
    .groupBy(week)
    .execute();
  return rows.map((row) => ({
    week: Number(row.week),
    evaluations: Number(row.evaluations),
    ratingSum: Number(row.rating_sum ?? 0),
    rated: Number(row.rated),
  }));
}
