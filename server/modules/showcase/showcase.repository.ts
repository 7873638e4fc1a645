import { SHOWCASE_LIMIT } from '#shared/schemas/showcase';
import type { Db } from '../../db/schema.ts';
import { GLOBAL } from '../config/config.repository.ts';
import { visiblePosts } from '../posts/post-visibility.ts';

/**
 * Featured photos that may leave the app with the student's consent: each still in its
 * evaluation, its student agreeing to show her work, and a guest able to see the evaluation (an
 * author hiding her posts, or a student hiding the posts she is in, keeps it in). Her certificate
 * takes its photos from here.
 */
export function consentedFeaturedWorks(db: Db) {
  return db
    .selectFrom('featured_works')
    .innerJoin('posts', 'posts.id', 'featured_works.post_id')
    .innerJoin('post_media', (join) =>
      join
        .onRef('post_media.post_id', '=', 'featured_works.post_id')
        .onRef('post_media.url', '=', 'featured_works.photo_url'),
    )
    .innerJoin('people as student', 'student.id', 'posts.student_id')
    .where('posts.kind', '=', 'evaluation')
    .where('student.showcase_consent', '=', 1)
    .where(visiblePosts(null));
}

/**
 * The featured works the public may see, the one rule the showcase and every share link read
 * through: those above, while the showcase is switched on and the student is studying or has
 * finished (not pending, not on hold). Read at each request, so a withdrawn consent or a switch
 * turned off takes effect on the next one.
 */
function shownWorks(db: Db) {
  return consentedFeaturedWorks(db)
    .innerJoin('public_config', (join) => join.on('public_config.id', '=', GLOBAL))
    .leftJoin('courses', 'courses.id', 'posts.course_id')
    .select([
      'featured_works.token',
      'featured_works.featured_at',
      'post_media.url',
      'post_media.width',
      'post_media.height',
      'student.name as student_name',
      'courses.name as course_name',
    ])
    .where('public_config.showcase_enabled', '=', 1)
    .where('student.status', 'in', ['active', 'completed']);
}

export function listShownWorks(db: Db) {
  return shownWorks(db)
    .orderBy('featured_works.featured_at', 'desc')
    .orderBy('featured_works.token', 'asc')
    .limit(SHOWCASE_LIMIT)
    .execute();
}

export function findShownWork(db: Db, token: string) {
  return shownWorks(db).where('featured_works.token', '=', token).executeTakeFirst();
}

/**
 * A photo of an evaluation that `viewerId` may see, with its student's consent: what an
 * instructor may feature. Undefined when the post is not an evaluation she sees or the photo is
 * not in it.
 */
export function findFeatureTarget(db: Db, postId: string, photoUrl: string, viewerId: string) {
  return db
    .selectFrom('posts')
    .innerJoin('post_media', 'post_media.post_id', 'posts.id')
    .innerJoin('people as student', 'student.id', 'posts.student_id')
    .select(['posts.student_id', 'student.showcase_consent'])
    .where('posts.id', '=', postId)
    .where('posts.kind', '=', 'evaluation')
    .where('post_media.url', '=', photoUrl)
    .where(visiblePosts(viewerId))
    .executeTakeFirst();
}

/** Features a photo; featuring it again keeps its first token, so a shared link stays good. */
export async function insertFeatured(
  db: Db,
  row: { postId: string; photoUrl: string; token: string; featuredBy: string; now: number },
): Promise<string> {
  await db
    .insertInto('featured_works')
    .values({
      post_id: row.postId,
      photo_url: row.photoUrl,
      token: row.token,
      featured_by: row.featuredBy,
      featured_at: row.now,
    })
    .onConflict((oc) => oc.columns(['post_id', 'photo_url']).doNothing())
    .execute();
  const kept = await db
    .selectFrom('featured_works')
    .select('token')
    .where('post_id', '=', row.postId)
    .where('photo_url', '=', row.photoUrl)
    .executeTakeFirstOrThrow();
  return kept.token;
}

export async function deleteFeatured(db: Db, postId: string, photoUrl: string): Promise<void> {
  await db
    .deleteFrom('featured_works')
    .where('post_id', '=', postId)
    .where('photo_url', '=', photoUrl)
    .execute();
}

/** Every featured photo of a student's evaluations, with its token. */
export function listFeaturedOfStudent(db: Db, studentId: string) {
  return db
    .selectFrom('featured_works')
    .innerJoin('posts', 'posts.id', 'featured_works.post_id')
    .select(['featured_works.post_id', 'featured_works.photo_url', 'featured_works.token'])
    .where('posts.student_id', '=', studentId)
    .execute();
}

/**
 * A student's consent. Withdrawing it also forgets which of her photos were featured, so their
 * links never open again, even if she agrees again later.
 */
export async function writeShowcaseConsent(
  db: Db,
  studentId: string,
  consent: boolean,
  now: number,
): Promise<void> {
  await db
    .updateTable('people')
    .set({
      showcase_consent: consent ? 1 : 0,
      showcase_consent_at: consent ? now : null,
      updated_at: now,
    })
    .where('id', '=', studentId)
    .execute();
  if (!consent) {
    await db
      .deleteFrom('featured_works')
      .where('post_id', 'in', (posts) =>
        posts.selectFrom('posts').select('posts.id').where('posts.student_id', '=', studentId),
      )
      .execute();
  }
}

/** Students who agreed to show their work, most recent consent first, with their featured count. */
export function listConsentingStudents(db: Db) {
  return db
    .selectFrom('people')
    .select((eb) => [
      'people.id',
      'people.name',
      'people.avatar_url',
      'people.showcase_consent_at',
      eb
        .selectFrom('featured_works')
        .innerJoin('posts', 'posts.id', 'featured_works.post_id')
        .select((count) => count.fn.countAll<number>().as('n'))
        .whereRef('posts.student_id', '=', 'people.id')
        .as('featured'),
    ])
    .where('people.role', '=', 'student')
    .where('people.showcase_consent', '=', 1)
    .orderBy('people.showcase_consent_at', 'desc')
    .orderBy('people.id', 'asc')
    .execute();
}
