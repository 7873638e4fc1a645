import { PORTFOLIO_LIMIT } from '#shared/schemas/students';
import type { Db } from '../../db/schema.ts';
import { visiblePosts } from '../posts/post-visibility.ts';

/**
 * The photos of a student's evaluations that `viewerId` may see (null: a guest), by the same
 * privacy rule as every read of posts, newest evaluation first and each evaluation's photos in
 * their order.
 */
export function listPortfolioPhotos(db: Db, studentId: string, viewerId: string | null) {
  return db
    .selectFrom('post_media')
    .innerJoin('posts', 'posts.id', 'post_media.post_id')
    .leftJoin('courses', 'courses.id', 'posts.course_id')
    .leftJoin('lessons', 'lessons.id', 'posts.lesson_id')
    .select([
      'posts.id as post_id',
      'posts.created_at',
      'posts.rating',
      'posts.course_id',
      'courses.name as course_name',
      'posts.lesson_id',
      'lessons.title as lesson_title_now',
      'posts.lesson_title',
      'post_media.url',
      'post_media.width',
      'post_media.height',
    ])
    .where('posts.kind', '=', 'evaluation')
    .where('posts.student_id', '=', studentId)
    .where(visiblePosts(viewerId))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .orderBy('post_media.position', 'asc')
    .limit(PORTFOLIO_LIMIT)
    .execute();
}

/** Her evaluations `viewerId` may see, with their text and author, newest first. */
export function listPortfolioEvaluations(db: Db, studentId: string, viewerId: string | null) {
  return db
    .selectFrom('posts')
    .innerJoin('people as author', 'author.id', 'posts.author_id')
    .leftJoin('courses', 'courses.id', 'posts.course_id')
    .leftJoin('lessons', 'lessons.id', 'posts.lesson_id')
    .select([
      'posts.id',
      'posts.created_at',
      'posts.rating',
      'posts.text',
      'author.name as author_name',
      'courses.name as course_name',
      'lessons.title as lesson_title_now',
      'posts.lesson_title',
    ])
    .where('posts.kind', '=', 'evaluation')
    .where('posts.student_id', '=', studentId)
    .where(visiblePosts(viewerId))
    .orderBy('posts.created_at', 'desc')
    .orderBy('posts.id', 'desc')
    .execute();
}

/** Whether a student agreed to show her work publicly. */
export async function findShowcaseConsent(db: Db, studentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('people')
    .select('showcase_consent')
    .where('id', '=', studentId)
    .executeTakeFirst();
  return row?.showcase_consent === 1;
}
