import { type RawBuilder, sql } from 'kysely';

/**
 * The privacy rule of spec 5 as a condition on `posts`, for every query that reads posts
 * (feeds, course activity, counts, statistics, search, notifications), so none can leak one:
 * - an author with "hide my posts" hides their posts from everyone but themself;
 * - a person the post is about (the evaluated student, the tagged instructor, someone
 *   @mentioned in its text) with "hide mentioned posts" hides it from everyone but the author
 *   and themself.
 * `viewerId` is null for guests, or a column when each row has its own viewer (a notification's
 * recipient).
 */
export function visiblePosts(viewerId: string | null | RawBuilder<unknown>): RawBuilder<boolean> {
  const notViewer = (column: RawBuilder<unknown>) =>
    viewerId === null ? sql`1 = 1` : sql`${column} <> ${viewerId}`;
  const authorHides = sql`exists (
    select 1 from people as hiding_author
    where hiding_author.id = posts.author_id and hiding_author.hide_my_posts = 1
      and ${notViewer(sql.ref('hiding_author.id'))})`;
  // One lookup by id for each person the post is about (never a scan of everyone who hides).
  const hidesMentions = (id: RawBuilder<unknown>) => sql`exists (
    select 1 from people as hiding_tagged
    where hiding_tagged.id = ${id} and hiding_tagged.hide_mentioned_posts = 1
      and ${notViewer(sql.ref('hiding_tagged.id'))})`;
  const taggedHides = sql`(${hidesMentions(sql.ref('posts.student_id'))}
    or ${hidesMentions(sql.ref('posts.tagged_instructor_id'))}
    or exists (
      select 1 from mentions
      inner join people as hiding_mentioned on hiding_mentioned.id = mentions.person_id
      where mentions.post_id = posts.id and mentions.comment_id is null
        and hiding_mentioned.hide_mentioned_posts = 1
        and ${notViewer(sql.ref('hiding_mentioned.id'))}))`;
  const viewerIsAuthor = viewerId === null ? sql`1 = 0` : sql`posts.author_id = ${viewerId}`;
  return sql<boolean>`(not ${authorHides} and (${viewerIsAuthor} or not ${taggedHides}))`;
}
