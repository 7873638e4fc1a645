import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { newPersonRow } from '../../db/people-rows.ts';
import type { Database, Db } from '../../db/schema.ts';
import { nameSearchColumns, titleSearchColumns } from '../../db/search-columns.ts';
import { deletePersonRow } from './people.repository.ts';

/* The demo academy's rows, every one flagged `is_demo`, and the wipe that removes those. */

type Trx = Transaction<Database>;

export async function hasDemoRows(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('people')
    .select('id')
    .where('is_demo', '=', 1)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countDemoRows(db: Db, table: 'people' | 'courses' | 'posts') {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_demo', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertDemoPerson(
  trx: Trx,
  person: {
    id: string;
    role: 'instructor' | 'student';
    name: string;
    phone: string;
    address: string;
    bio: string | null;
    registrationDate: number;
    now: number;
  },
): Promise<void> {
  await trx
    .insertInto('people')
    .values(
      newPersonRow({
        id: person.id,
        role: person.role,
        status: 'active',
        name: person.name,
        phone: person.phone,
        address: person.address,
        bio: person.bio,
        registrationDate: person.registrationDate,
        isDemo: true,
        now: person.now,
      }),
    )
    .execute();
}

/** An active course with its lessons, taught by the instructor who proposed it. */
export async function insertDemoCourse(
  trx: Trx,
  course: {
    id: string;
    name: string;
    description: string;
    instructorId: string;
    lessons: Array<{ id: string; title: string }>;
    now: number;
  },
): Promise<void> {
  const { now } = course;
  await trx
    .insertInto('courses')
    .values({
      id: course.id,
      name: course.name,
      ...nameSearchColumns(course.name),
      description: course.description,
      image_url: null,
      status: 'active',
      proposer_id: course.instructorId,
      is_demo: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await trx
    .insertInto('lessons')
    .values(
      course.lessons.map((lesson, position) => ({
        id: lesson.id,
        course_id: course.id,
        title: lesson.title,
        ...titleSearchColumns(lesson.title),
        position,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  await trx
    .insertInto('course_instructors')
    .values({ course_id: course.id, person_id: course.instructorId, created_at: now })
    .execute();
}

export async function insertDemoEnrolment(
  trx: Trx,
  enrolment: { personId: string; courseId: string; at: number },
): Promise<void> {
  await trx
    .insertInto('enrolments')
    .values({
      person_id: enrolment.personId,
      course_id: enrolment.courseId,
      enrolled_at: enrolment.at,
    })
    .execute();
}

export async function insertDemoCompletion(
  trx: Trx,
  completion: {
    personId: string;
    lessonId: string;
    courseId: string;
    summary: string | null;
    by: string;
    at: number;
  },
): Promise<void> {
  await trx
    .insertInto('lesson_progress')
    .values({
      person_id: completion.personId,
      lesson_id: completion.lessonId,
      course_id: completion.courseId,
      completed: 1,
      summary: completion.summary,
      last_updated_by: completion.by,
      last_updated_at: completion.at,
    })
    .execute();
}

/** An evaluation with its photos, likes and comments, its counts true to them. */
export async function insertDemoEvaluation(
  trx: Trx,
  post: {
    id: string;
    authorId: string;
    studentId: string;
    courseId: string;
    lesson: { id: string; title: string };
    text: string;
    rating: number;
    photos: Array<{ id: string; url: string; width: number; height: number }>;
    likers: string[];
    comments: Array<{ id: string; authorId: string; text: string; at: number }>;
    at: number;
  },
): Promise<void> {
  // Its id is spent like any post's, so it is never made again once the demo is wiped.
  await trx
    .insertInto('post_ids')
    .values({ id: post.id, author_id: post.authorId, created_at: post.at })
    .execute();
  await trx
    .insertInto('posts')
    .values({
      id: post.id,
      kind: 'evaluation',
      author_id: post.authorId,
      student_id: post.studentId,
      tagged_instructor_id: null,
      course_id: post.courseId,
      lesson_id: post.lesson.id,
      lesson_title: post.lesson.title,
      text: post.text,
      rating: post.rating,
      like_count: post.likers.length,
      comment_count: post.comments.length,
      is_demo: 1,
      created_at: post.at,
      updated_at: post.at,
    })
    .execute();
  if (post.photos.length > 0) {
    await trx
      .insertInto('post_media')
      .values(
        post.photos.map((photo, position) => ({
          id: randomUUID(),
          post_id: post.id,
          media_id: photo.id,
          url: photo.url,
          width: photo.width,
          height: photo.height,
          position,
        })),
      )
      .execute();
  }
  if (post.likers.length > 0) {
    await trx
      .insertInto('post_likes')
      .values(
        post.likers.map((personId) => ({
          post_id: post.id,
          person_id: personId,
          created_at: post.at,
        })),
      )
      .execute();
  }
  for (const comment of post.comments) {
    await trx
      .insertInto('comments')
      .values({
        id: comment.id,
        post_id: post.id,
        author_id: comment.authorId,
        parent_id: null,
        text: comment.text,
        is_demo: 1,
        created_at: comment.at,
        updated_at: comment.at,
      })
      .execute();
  }
}

/**
 * Deletes exactly the demo rows: demo posts and comments, demo people with what is theirs, and
 * demo courses; the real posts demo people commented on get their counts back. Returns how
 * many demo people went.
 */
export async function deleteDemoRows(trx: Trx): Promise<{ people: number }> {
  await trx.deleteFrom('posts').where('is_demo', '=', 1).execute();
  const comments = await trx
    .selectFrom('comments')
    .select('post_id')
    .where('is_demo', '=', 1)
    .distinct()
    .execute();
  await trx.deleteFrom('comments').where('is_demo', '=', 1).execute();
  const people = await trx.selectFrom('people').select('id').where('is_demo', '=', 1).execute();
  for (const { id } of people) await deletePersonRow(trx, id);
  await trx.deleteFrom('courses').where('is_demo', '=', 1).execute();
  const touched = comments.map((row) => row.post_id);
  if (touched.length > 0) {
    await trx
      .updateTable('posts')
      .set((eb) => ({
        comment_count: eb
          .selectFrom('comments')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('comments.post_id', '=', 'posts.id'),
      }))
      .where('id', 'in', touched)
      .execute();
  }
  return { people: people.length };
}
