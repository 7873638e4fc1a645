import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { insertTestPerson } from './people.ts';

type Db = Kysely<Database>;
const DAY = 86_400_000;

export async function enrolTestStudent(db: Db, personId: string, courseId: string, at: number) {
  await db
    .insertInto('enrolments')
    .values({ person_id: personId, course_id: courseId, enrolled_at: at })
    .execute();
}

export async function completeTestLessons(
  db: Db,
  personId: string,
  courseId: string,
  lessonIds: string[],
  at: number,
) {
  for (const lessonId of lessonIds) {
    await db
      .insertInto('lesson_progress')
      .values({
        person_id: personId,
        lesson_id: lessonId,
        course_id: courseId,
        completed: 1,
        summary: null,
        last_updated_by: null,
        last_updated_at: at,
      })
      .execute();
  }
}

/** Inserts a post directly; an evaluation when `studentId` is given, else a general post. */
export async function insertTestPost(
  db: Db,
  post: {
    authorId: string;
    studentId?: string | null;
    taggedInstructorId?: string | null;
    courseId?: string | null;
    lessonId?: string | null;
    lessonTitle?: string | null;
    text?: string;
    rating?: number | null;
    createdAt: number;
    mentionIds?: string[];
    photos?: string[];
  },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('posts')
    .values({
      id,
      kind: post.studentId ? 'evaluation' : 'general',
      author_id: post.authorId,
      student_id: post.studentId ?? null,
      tagged_instructor_id: post.taggedInstructorId ?? null,
      course_id: post.courseId ?? null,
      lesson_id: post.lessonId ?? null,
      lesson_title: post.lessonTitle ?? null,
      text: post.text ?? '',
      rating: post.rating ?? null,
      created_at: post.createdAt,
      updated_at: post.createdAt,
    })
    .execute();
  for (const personId of post.mentionIds ?? []) {
    await db
      .insertInto('mentions')
      .values({
        id: randomUUID(),
        post_id: id,
        comment_id: null,
        person_id: personId,
        created_at: post.createdAt,
      })
      .execute();
  }
  for (const [position, url] of (post.photos ?? []).entries()) {
    await db
      .insertInto('post_media')
      .values({
        id: randomUUID(),
        post_id: id,
        media_id: null,
        url,
        width: 1200,
        height: 900,
        position,
      })
      .execute();
  }
  return id;
}

/**
 * A class in a course: `studentCount` active students enrolled, student i having completed a
 * growing share of the lessons (the first none, the last all), and one rated evaluation by
 * `authorId` per completed lesson, a few days apart, the newest `now`.
 */
export async function seedTestClass(
  db: Db,
  options: {
    courseId: string;
    authorId: string;
    studentCount: number;
    now?: number;
    names?: string[];
  },
): Promise<{ studentIds: string[]; lessons: Array<{ id: string; title: string }> }> {
  const now = options.now ?? Date.now();
  const lessons = await db
    .selectFrom('lessons')
    .select(['id', 'title'])
    .where('course_id', '=', options.courseId)
    .orderBy('position')
    .execute();
  const studentIds: string[] = [];
  for (let index = 0; index < options.studentCount; index += 1) {
    const id = randomUUID();
    studentIds.push(id);
    await insertTestPerson(db, {
      id,
      role: 'student',
      status: 'active',
      name: options.names?.[index] ?? `Học viên ${index + 1}`,
    });
    await enrolTestStudent(db, id, options.courseId, now - 60 * DAY + index * DAY);
    const share = options.studentCount === 1 ? 1 : index / (options.studentCount - 1);
    const done = lessons.slice(0, Math.round(share * lessons.length));
    await completeTestLessons(
      db,
      id,
      options.courseId,
      done.map((lesson) => lesson.id),
      now,
    );
    for (const [position, lesson] of done.entries()) {
      await insertTestPost(db, {
        authorId: options.authorId,
        studentId: id,
        courseId: options.courseId,
        lessonId: lesson.id,
        lessonTitle: lesson.title,
        text: `Nhận xét bài "${lesson.title}".`,
        rating: 5 + ((index + position) % 6),
        createdAt: now - (done.length - 1 - position) * 5 * DAY - index * 60_000,
      });
    }
  }
  return { studentIds, lessons };
}
