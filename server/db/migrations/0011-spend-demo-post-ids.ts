import { type Kysely, sql } from 'kysely';

/*
 * The demo academy's posts were made without spending their ids (`post_ids`, 0006), so once the
 * demo was wiped its ids could be made again. Every post's id is spent now; a wiped demo's are
 * gone with it and cannot be known here.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await sql`insert into post_ids (id, author_id, created_at)
    select posts.id, posts.author_id, posts.created_at from posts
    where not exists (select 1 from post_ids where post_ids.id = posts.id)`.execute(db);
}

// Nothing to take back: the ids it spent are spent like any other.
export async function down(): Promise<void> {}
