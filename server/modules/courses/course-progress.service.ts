import type { CourseProgress, CourseStatistics, CourseStudents } from '#shared/schemas/courses';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { isStudent } from '../../policies/who.ts';
import { avatarUrl } from '../media/avatar.ts';
import {
  completedLessonIdsOf,
  completionByLesson,
  enrolledStudents,
  lastActivityByLesson,
  newestVisibleEvaluationAt,
  visibleEvaluations,
  weeklyEvaluations,
} from './course-progress.repository.ts';
import { countsByCourse, listLessons } from './courses.repository.ts';
import { findVisibleCourse } from './courses.service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** Vietnam keeps UTC+7 all year, so weeks start on Monday 00:00 at this offset. */
const VIETNAM_OFFSET = 7 * HOUR;
/** The statistics tab charts this many weeks. */
export const CHARTED_WEEKS = 12;

/** Monday 00:00 in Vietnam of the week holding `time` (epoch ms). */
export function vietnamWeekStart(time: number): number {
  const day = Math.floor((time + VIETNAM_OFFSET) / DAY);
  // 1 January 1970 was a Thursday: three days after a Monday.
  const monday = day - ((day + 3) % 7);
  return monday * DAY - VIETNAM_OFFSET;
}

/** Share-of-lessons ranges (percent) the progress chart groups students into. */
const PROGRESS_BUCKETS = [
  [0, 0],
  [1, 24],
  [25, 49],
  [50, 74],
  [75, 99],
  [100, 100],
] as const;

/** Lesson completion counts and latest activity: aggregates, for everyone who may see the course. */
export async function getCourseProgress(
  database: AppDatabase,
  viewer: PersonRow | null,
  courseId: string,
): Promise<CourseProgress> {
  await findVisibleCourse(database, viewer, courseId);
  const [lessons, completion, activity, counts, mine] = await Promise.all([
    listLessons(database.db, courseId),
    completionByLesson(database.db, courseId),
    lastActivityByLesson(database.db, courseId, viewer?.id ?? null),
    countsByCourse(database.db, [courseId]),
    isStudent(viewer)
      ? completedLessonIdsOf(database.db, courseId, viewer!.id)
      : Promise.resolve([]),
  ]);
  return {
    enrolledCount: counts.students.get(courseId) ?? 0,
    lessons: lessons.map((lesson) => ({
      lessonId: lesson.id,
      completedCount: completion.get(lesson.id) ?? 0,
      lastActivityAt: activity.get(lesson.id) ?? null,
    })),
    myCompletedLessonIds: mine,
  };
}

/** The enrolled students with their progress and latest evaluation (staff only). */
export async function getCourseStudents(
  database: AppDatabase,
  staff: PersonRow,
  courseId: string,
): Promise<CourseStudents> {
  await findVisibleCourse(database, staff, courseId);
  const [lessons, students, evaluations] = await Promise.all([
    listLessons(database.db, courseId),
    enrolledStudents(database.db, courseId),
    visibleEvaluations(database.db, courseId, staff.id),
  ]);
  const latest = new Map<string, (typeof evaluations)[number]>();
  for (const evaluation of evaluations) {
    if (evaluation.student_id && !latest.has(evaluation.student_id))
      latest.set(evaluation.student_id, evaluation);
  }
  return {
    lessonCount: lessons.length,
    students: students.map((student) => {
      const evaluation = latest.get(student.id);
      return {
        id: student.id,
        name: student.name,
        avatarUrl: student.avatar_url ?? avatarUrl(student.name),
        status: student.status,
        enrolledAt: Number(student.enrolled_at),
        completedLessons: Number(student.completed ?? 0),
        lastEvaluation: evaluation
          ? {
              postId: evaluation.id,
              rating: evaluation.rating,
              createdAt: Number(evaluation.created_at),
            }
          : null,
      };
    }),
  };
}

/** The figures behind the statistics tab's charts (staff only). */
export async function getCourseStatistics(
  database: AppDatabase,
  staff: PersonRow,
  courseId: string,
  now = Date.now(),
): Promise<CourseStatistics> {
  await findVisibleCourse(database, staff, courseId);
  const [lessons, completion, students, newest] = await Promise.all([
    listLessons(database.db, courseId),
    completionByLesson(database.db, courseId),
    enrolledStudents(database.db, courseId),
    newestVisibleEvaluationAt(database.db, courseId, staff.id),
  ]);

  const percents = students.map((student) =>
    lessons.length === 0 ? 0 : Math.floor((Number(student.completed ?? 0) * 100) / lessons.length),
  );
  const progressBuckets = PROGRESS_BUCKETS.map(([from, to]) => ({
    from,
    to,
    count: percents.filter((percent) => percent >= from && percent <= to).length,
  }));

  // The twelve weeks up to this one; a course whose evaluations all predate them charts the
  // twelve weeks up to its last evaluation instead of an empty chart.
  let lastWeek = vietnamWeekStart(now);
  if (newest !== null && vietnamWeekStart(newest) < lastWeek - (CHARTED_WEEKS - 1) * WEEK)
    lastWeek = vietnamWeekStart(newest);
  const firstWeek = lastWeek - (CHARTED_WEEKS - 1) * WEEK;
  const counted = new Map(
    (
      await weeklyEvaluations(database.db, courseId, staff.id, {
        firstWeek,
        weekLength: WEEK,
        weeks: CHARTED_WEEKS,
      })
    ).map((row) => [row.week, row]),
  );
  return {
    enrolledCount: students.length,
    lessons: lessons.map((lesson) => ({
      lessonId: lesson.id,
      title: lesson.title,
      completedCount: completion.get(lesson.id) ?? 0,
    })),
    progressBuckets,
    weeks: Array.from({ length: CHARTED_WEEKS }, (_, index) => {
      const week = counted.get(index);
      return {
        weekStart: firstWeek + index * WEEK,
        evaluations: week?.evaluations ?? 0,
        averageRating: week?.rated ? Math.round((week.ratingSum / week.rated) * 10) / 10 : null,
      };
    }),
  };
}
