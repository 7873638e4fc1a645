import type { Dashboard } from '#shared/schemas/admin';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { CHARTED_WEEKS, vietnamWeekStart } from '../courses/course-progress.service.ts';
import { avatarUrl } from '../media/avatar.ts';
import {
  countActiveCourses,
  countActiveStaff,
  countStudentsByStatus,
  listCompletionsSince,
  listEvaluationsSince,
  listMostActiveStaff,
  listMostEvaluatedCourses,
  listStudentRegistrationsSince,
} from './dashboard.repository.ts';
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

  const [statuses, staff, courses, pending, students, evaluations, completions, ratings, top] =
    await Promise.all([
      countStudentsByStatus(db),
      countActiveStaff(db),
      countActiveCourses(db),
      countPending(db),
      listStudentRegistrationsSince(db, firstWeek),
      listEvaluationsSince(db, { since: firstWeek, viewerId: admin.id }),
      listCompletionsSince(db, firstWeek),
      listMostEvaluatedCourses(db, { viewerId: admin.id, limit: TOP_COURSES }),
      listMostActiveStaff(db, {
        since: now - 30 * DAY,
        viewerId: admin.id,
        limit: TOP_INSTRUCTORS,
      }),
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
