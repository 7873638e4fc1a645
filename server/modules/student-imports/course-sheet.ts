import { randomUUID } from 'node:crypto';
import { studentImport } from '#shared/locales/vi/student-import';
import type { ImportMapping, ImportRowPreview } from '#shared/schemas/student-imports';
import { fillPlaceholders, lowerForSearch } from '#shared/text';
import type { Db } from '../../db/schema.ts';
import { insertCourseRow } from '../courses/courses.repository.ts';
import { parseLessons } from './import-rows.ts';
import {
  appendLessons,
  courseNames,
  lessonsOf,
  touchCourse,
} from './student-imports.repository.ts';

const problemText = studentImport.screen.problems;

export interface LessonRow extends ImportRowPreview {
  courseKey: string;
}

/*
 * A sheet of courses: one row per lesson, its course named on the row or above it. A course the
 * academy lacks is added with its lessons; a course it has gets the lessons it does not have yet,
 * after its last. Nothing else of a course changes.
 */

/** What importing each lesson row does, against the academy's courses as they are. */
export async function planCourses(
  db: Db,
  headers: string[],
  sheetRows: { line: number; cells: string[] }[],
  mapping: ImportMapping,
): Promise<LessonRow[]> {
  const known = new Map((await courseNames(db)).map((course) => [course.name_lower, course.id]));
  const have = new Set(
    (await lessonsOf(db, [...known.values()])).map(
      (lesson) => `${lesson.course_id}|${lesson.title_lower}`,
    ),
  );
  const firstLine = new Map<string, number>();
  const announced = new Set<string>();
  return parseLessons(sheetRows, mapping, headers).map((row): LessonRow => {
    const courseKey = lowerForSearch(row.course);
    const problems = [...row.problems];
    const notes: string[] = [];
    const lessonKey = `${courseKey}|${lowerForSearch(row.lesson)}`;
    const earlier = firstLine.get(lessonKey);
    if (problems.length === 0 && earlier !== undefined) {
      problems.push(fillPlaceholders(problemText.sameLesson, { line: earlier }));
    } else if (earlier === undefined) {
      firstLine.set(lessonKey, row.line);
    }
    const courseId = known.get(courseKey);
    const exists = courseId !== undefined && have.has(`${courseId}|${lowerForSearch(row.lesson)}`);
    if (problems.length === 0 && !courseId && !announced.has(courseKey)) {
      announced.add(courseKey);
      notes.push(fillPlaceholders(problemText.newCourse, { course: row.course }));
    }
    return {
      line: row.line,
      action: problems.length > 0 ? 'skip' : exists ? 'unchanged' : 'create',
      name: row.course,
      phone: null,
      email: null,
      dob: null,
      address: null,
      courses: [],
      lesson: row.lesson || null,
      description: row.description,
      studentId: courseId ?? null,
      problems,
      notes: problems.length > 0 ? [] : notes,
      courseKey,
    };
  });
}

/**
 * Writes the lesson rows that add something, in the sheet's order: the new courses with their
 * lessons, the new lessons of existing courses. What it wrote, for the undo.
 */
export async function writeCourses(trx: Db, rows: LessonRow[], now: number) {
  const work = rows.filter((row) => row.action === 'create');
  const byCourse = new Map<string, LessonRow[]>();
  for (const row of work)
    byCourse.set(row.courseKey, [...(byCourse.get(row.courseKey) ?? []), row]);
  const created: string[] = [];
  const touched: string[] = [];
  const lessons: string[] = [];
  for (const group of byCourse.values()) {
    const first = group[0]!;
    let courseId = first.studentId;
    if (courseId) {
      touched.push(courseId);
      await touchCourse(trx, courseId, now);
    } else {
      courseId = randomUUID();
      await insertCourseRow(trx, {
        id: courseId,
        name: first.name,
        description: group.find((row) => row.description)?.description ?? '',
        imageUrl: null,
        status: 'active',
        proposerId: null,
        now,
      });
      created.push(courseId);
    }
    const titles = group.map((row) => row.lesson!);
    const ids = await appendLessons(trx, courseId, titles, now);
    if (!created.includes(courseId)) lessons.push(...ids);
  }
  return { created, touched, lessons, lessonsCreated: work.length };
}
