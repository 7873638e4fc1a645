import { sql } from 'kysely';
import type { Dashboard } from '#shared/schemas/admin';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { CHARTED_WEEKS, vietnamWeekStart } from '../courses/course-progress.service.ts';
import { avatarUrl } from '../media/avatar.ts';
import { visiblePosts } from '../posts/post-visibility.ts';
import { countPending } from './people.repository.ts';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
const TOP_COURSES = 10;
const TOP_INSTRUCTORS = 5;

const count = (value: unknown) => Number(value ?? 0);
const roundRating = (value: unknown) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

/**
 * The academy at a glance for its admins: people and courses now, and twelve weeks of new
 * students, evaluations (with their average rating) and completed lessons. Evaluations are
 * counted by the privacy rule like every other read of posts.
 */
export async function dashboard(
  database: AppDatabase,
  admin: PersonRow,
  now = Date.now(),
): Promise<Dashboard> {
  const { db } = database;
  const lastWeek = vietnamWeekStart(now);
  const firstWeek = lastWeek - (CHARTED_WEEKS - 1) * WEEK;
  const visible = visiblePosts(admin.id);

  const [statuses, staff, courses, pending, students, evaluations, completions, ratings, top] =
    await Promise.all([
      db
        .selectFrom('people')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('role', '=', 'student')
        .groupBy('status')
        .execute(),
      db
        .selectFrom('people')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('role', 'in', ['admin', 'instructor'])
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('courses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow(),
      countPending(db),
      db
        .selectFrom('people')
        .select('registration_date as at')
        .where('role', '=', 'student')
        .where('registration_date', '>=', firstWeek)
        .execute(),
      db
        .selectFrom('posts')
        .select(['created_at as at', 'rating'])
        .where('kind', '=', 'evaluation')
        .where('created_at', '>=', firstWeek)
        .where(visible)
        .execute(),
      db
        .selectFrom('lesson_progress')
        .select('last_updated_at as at')
        .where('completed', '=', 1)
        .where('last_updated_at', '>=', firstWeek)
        .execute(),
      db
        .selectFrom('posts')
        .innerJoin('courses', 'courses.id', 'posts.course_id')
        .select([
          'courses.id',
          'courses.name',
          (eb) => eb.fn.countAll<number>().as('evaluations'),
          (eb) => eb.fn.avg<number>('posts.rating').as('average'),
        ])
        .where('posts.kind', '=', 'evaluation')
        .where(visible)
        .groupBy(['courses.id', 'courses.name'])
        .orderBy('evaluations', 'desc')
        .orderBy('courses.name')
        .limit(TOP_COURSES)
        .execute(),
      db
        .selectFrom('posts')
        .innerJoin('people', 'people.id', 'posts.author_id')
        .select([
          'people.id',
          'people.name',
          'people.avatar_url',
          (eb) => eb.fn.countAll<number>().as('posts'),
          sql<number>`sum(case when posts.kind = 'evaluation' then 1 else 0 end)`.as('evaluations'),
        ])
        .where('people.role', 'in', ['admin', 'instructor'])
        .where('posts.created_at', '>=', now - 30 * DAY)
        .where(visible)
        .groupBy(['people.id', 'people.name', 'people.avatar_url'])
        .orderBy('evaluations', 'desc')
        .orderBy('posts', 'desc')
        .orderBy('people.name')
        .limit(TOP_INSTRUCTORS)
        .execute(),
    ]);

  const weeks = Array.from({ length: CHARTED_WEEKS }, (_, index) => ({
    weekStart: firstWeek + index * WEEK,
    newStudents: 0,
    evaluations: 0,
    ratingSum: 0,
    rated: 0,
    lessonsCompleted: 0,
  }));
  const weekOf = (time: unknown) => weeks[(vietnamWeekStart(Number(time)) - firstWeek) / WEEK];
  for (const row of students) {
    const week = weekOf(row.at);
    if (week) week.newStudents += 1;
  }
  for (const row of evaluations) {
    const week = weekOf(row.at);
    if (!week) continue;
    week.evaluations += 1;
    if (row.rating !== null) {
      week.ratingSum += Number(row.rating);
      week.rated += 1;
    }
  }
  for (const row of completions) {
    const week = weekOf(row.at);
    if (week) week.lessonsCompleted += 1;
  }

  const byStatus = new Map(statuses.map((row) => [row.status, count(row.n)]));
  return {
    studentsByStatus: {
      pending: byStatus.get('pending') ?? 0,
      active: byStatus.get('active') ?? 0,
      blocked: byStatus.get('blocked') ?? 0,
      completed: byStatus.get('completed') ?? 0,
    },
    instructorCount: count(staff.n),
    activeCourses: count(courses.n),
    pendingApprovals: pending,
    weeks: weeks.map(({ ratingSum, rated, ...week }) => ({
      ...week,
      averageRating: rated === 0 ? null : roundRating(ratingSum / rated),
    })),
    courseRatings: ratings.map((row) => ({
      id: row.id,
      name: row.name,
      evaluations: count(row.evaluations),
      averageRating: roundRating(row.average),
    })),
    topInstructors: top.map((row) => ({
      person: { id: row.id, name: row.name, avatarUrl: row.avatar_url ?? avatarUrl(row.name) },
      evaluations: count(row.evaluations),
      posts: count(row.posts),
    })),
  };
}
