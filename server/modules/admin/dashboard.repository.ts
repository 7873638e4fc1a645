import { sql } from 'kysely';
import type { Db } from '../../db/schema.ts';
import { visiblePosts } from '../posts/post-visibility.ts';

/*
 * The admin dashboard's counts. Every read of posts goes through the privacy rule of the admin
 * who looks, like every other read of posts.
 */

export function countStudentsByStatus(db: Db) {
  return db
    .selectFrom('people')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role', '=', 'student')
    .groupBy('status')
    .execute();
}

export function countActiveStaff(db: Db) {
  return db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', 'in', ['admin', 'instructor'])
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
}

export function countActiveCourses(db: Db) {
  return db
    .selectFrom('courses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
}

export function listStudentRegistrationsSince(db: Db, since: number) {
  return db
    .selectFrom('people')
    .select('registration_date as at')
    .where('role', '=', 'student')
    .where('registration_date', '>=', since)
    .execute();
}

export function listEvaluationsSince(
  db: Db,
  { since, viewerId }: { since: number; viewerId: string },
) {
  return db
    .selectFrom('posts')
    .select(['created_at as at', 'rating'])
    .where('kind', '=', 'evaluation')
    .where('created_at', '>=', since)
    .where(visiblePosts(viewerId))
    .execute();
}

export function listCompletionsSince(db: Db, since: number) {
  return db
    .selectFrom('lesson_progress')
    .select('last_updated_at as at')
    .where('completed', '=', 1)
    .where('last_updated_at', '>=', since)
    .execute();
}

/** The courses with the most evaluations, with their average rating. */
export function listMostEvaluatedCourses(
  db: Db,
  { viewerId, limit }: { viewerId: string; limit: number },
) {
  return db
    .selectFrom('posts')
    .innerJoin('courses', 'courses.id', 'posts.course_id')
    .select([
      'courses.id',
      'courses.name',
      (eb) => eb.fn.countAll<number>().as('evaluations'),
      (eb) => eb.fn.avg<number>('posts.rating').as('average'),
    ])
    .where('posts.kind', '=', 'evaluation')
    .where(visiblePosts(viewerId))
    .groupBy(['courses.id', 'courses.name'])
    .orderBy('evaluations', 'desc')
    .orderBy('courses.name')
    .limit(limit)
    .execute();
}

/** The staff who evaluated, then posted, the most since `since`. */
export function listMostActiveStaff(
  db: Db,
  { since, viewerId, limit }: { since: number; viewerId: string; limit: number },
) {
  return db
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
    .where('posts.created_at', '>=', since)
    .where(visiblePosts(viewerId))
    .groupBy(['people.id', 'people.name', 'people.avatar_url'])
    .orderBy('evaluations', 'desc')
    .orderBy('posts', 'desc')
    .orderBy('people.name')
    .limit(limit)
    .execute();
}
