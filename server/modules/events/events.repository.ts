import type { Db } from '../../db/schema.ts';
import { visiblePosts } from '../posts/post-visibility.ts';

/** Whether the post is one this viewer (a guest when null) may see now. */
export async function isPostVisibleTo(db: Db, postId: string, viewerId: string | null) {
  const row = await db
    .selectFrom('posts')
    .select('id')
    .where('id', '=', postId)
    .where(visiblePosts(viewerId))
    .executeTakeFirst();
  return row !== undefined;
}

/** The people a post names: its author, its student and its tagged instructor. */
export function findPostPeople(db: Db, postId: string) {
  return db
    .selectFrom('posts')
    .select(['author_id', 'student_id', 'tagged_instructor_id'])
    .where('id', '=', postId)
    .executeTakeFirst();
}

/** The people a post's own text mentions (not its comments). */
export function listPostMentions(db: Db, postId: string) {
  return db
    .selectFrom('mentions')
    .select('person_id')
    .where('post_id', '=', postId)
    .where('comment_id', 'is', null)
    .execute();
}

/** The newest ids of the activity and error logs, as one text that changes when either grows. */
export async function latestLogIds(db: Db): Promise<string> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('activity_logs')
        .select((inner) => inner.fn.max('id').as('n'))
        .as('activity'),
      eb
        .selectFrom('error_logs')
        .select((inner) => inner.fn.max('id').as('n'))
        .as('errors'),
    ])
    .executeTakeFirstOrThrow();
  return `${row.activity ?? 0}/${row.errors ?? 0}`;
}
