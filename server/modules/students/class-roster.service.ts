import type { ClassRoster } from '#shared/schemas/students';
import { compareVietnameseKeys, vietnameseNameKey } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { avatarUrl } from '../media/avatar.ts';
import {
  evaluatedBySince,
  latestEvaluationRows,
  rosterCourseRows,
  rosterEnrolmentRows,
  rosterProgressRows,
  rosterStudentRows,
  taughtCourseIds,
} from './class-roster.repository.ts';

const HOUR = 60 * 60_000;
/** Whom she evaluated or ticked lessons for lately is whom she is likely teaching again. */
const HER_RECENT_MS = 14 * 24 * HOUR;
/** Activity in a course she teaches marks a class in progress. */
const HER_COURSES_MS = 2 * 24 * HOUR;
/** Anyone's evaluation or lesson tick today marks a student in class today. */
const TODAY_MS = 12 * HOUR;
/** As many as fit in three rows of a 360 px phone: the rest are a search away. */
const SUGGESTED = 6;

const latest = (map: Map<string, number>, key: string, at: number) => {
  if (at > (map.get(key) ?? 0)) map.set(key, at);
};

/**
 * What the post form needs to choose whom, which course and which lesson, for staff, kept on
 * their device: every student with her courses, the one she was last active in first, each on
 * the first lesson she has not finished (or the last, all done); whom `viewer` is likely
 * evaluating now (her own recent evaluations and lesson ticks, then lessons ticked or evaluated
 * in the courses she teaches, then anyone's activity today; an enrolment is none of these), most
 * recent first within each; and the active courses' lessons.
 */
export async function classRoster(
  database: AppDatabase,
  viewer: PersonRow,
  now = Date.now(),
): Promise<ClassRoster> {
  const { db } = database;
  const [students, enrolments, courseRows, progress, evaluations, hers, taught] = await Promise.all(
    [
      rosterStudentRows(db),
      rosterEnrolmentRows(db),
      rosterCourseRows(db),
      rosterProgressRows(db),
      latestEvaluationRows(db),
      evaluatedBySince(db, viewer.id, now - HER_RECENT_MS),
      taughtCourseIds(db, viewer.id),
    ],
  );

  const courses = new Map<string, ClassRoster['courses'][number]>();
  for (const row of courseRows) {
    const course = courses.get(row.id) ?? { id: row.id, name: row.name, lessons: [] };
    courses.set(row.id, course);
    if (row.lesson_id && row.lesson_title !== null)
      course.lessons.push({ id: row.lesson_id, title: row.lesson_title });
  }

  // When each student was last active in each course, and in any.
  const activeIn = new Map<string, number>();
  const activeAny = new Map<string, number>();
  const finished = new Set<string>();
  const herActivity = new Map<string, number>();
  for (const row of progress) {
    const at = Number(row.last_updated_at);
    latest(activeIn, `${row.person_id}:${row.course_id}`, at);
    latest(activeAny, row.person_id, at);
    if (row.completed) finished.add(`${row.person_id}:${row.lesson_id}`);
    if (row.last_updated_by === viewer.id && at >= now - HER_RECENT_MS)
      latest(herActivity, row.person_id, at);
  }
  for (const row of evaluations) {
    if (!row.student_id) continue;
    const at = Number(row.at);
    if (row.course_id) latest(activeIn, `${row.student_id}:${row.course_id}`, at);
    latest(activeAny, row.student_id, at);
  }
  for (const row of hers) if (row.student_id) latest(herActivity, row.student_id, Number(row.at));

  const coursesOf = new Map<string, Array<{ id: string; lessonId: string | null; at: number }>>();
  const teaches = new Set(taught);
  const inHerCourses = new Map<string, number>();
  for (const row of enrolments) {
    const course = courses.get(row.course_id);
    if (!course) continue;
    const key = `${row.person_id}:${row.course_id}`;
    const at = Math.max(Number(row.enrolled_at), activeIn.get(key) ?? 0);
    const next =
      course.lessons.find((lesson) => !finished.has(`${row.person_id}:${lesson.id}`)) ??
      course.lessons.at(-1);
    const list = coursesOf.get(row.person_id) ?? [];
    list.push({ id: course.id, lessonId: next?.id ?? null, at });
    coursesOf.set(row.person_id, list);
    // Lessons ticked or evaluated in her course: an enrolment alone is not teaching (a new
    // cohort enrolled minutes ago must not push out whom she evaluated minutes before).
    const taughtAt = activeIn.get(key) ?? 0;
    if (teaches.has(course.id) && taughtAt >= now - HER_COURSES_MS)
      latest(inHerCourses, row.person_id, taughtAt);
  }

  const nameKeys = new Map(students.map((row) => [row.id, vietnameseNameKey(row.name)]));
  students.sort((a, b) => compareVietnameseKeys(nameKeys.get(a.id)!, nameKeys.get(b.id)!));

  // Whom she herself evaluated or ticked first, then her courses' lessons lately, then the
  // academy's class today; the most recent first within each.
  const suggestedIds = students
    .flatMap((row) => {
      if (row.status !== 'active') return [];
      const own = herActivity.get(row.id) ?? 0;
      const course = inHerCourses.get(row.id) ?? 0;
      const lastActive = activeAny.get(row.id) ?? 0;
      const today = lastActive >= now - TODAY_MS ? lastActive : 0;
      const tier = own > 0 ? 0 : course > 0 ? 1 : today > 0 ? 2 : 3;
      return tier < 3 ? [{ id: row.id, tier, at: Math.max(own, course, today) }] : [];
    })
    .sort((a, b) => a.tier - b.tier || b.at - a.at)
    .slice(0, SUGGESTED)
    .map((candidate) => candidate.id);

  return {
    students: students.map((row) => ({
      id: row.id,
      name: row.name,
      avatarUrl: row.avatar_url ?? avatarUrl(row.name),
      status: row.status,
      courses: (coursesOf.get(row.id) ?? [])
        .sort((a, b) => b.at - a.at)
        .map(({ id, lessonId }) => ({ id, lessonId })),
    })),
    suggestedIds,
    courses: [...courses.values()].sort((a, b) => compareVietnameseKeys(a.name, b.name)),
  };
}
