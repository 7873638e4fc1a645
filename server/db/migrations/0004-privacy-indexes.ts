import { type Kysely, sql } from 'kysely';

/*
 * The privacy rule (post-visibility.ts) asks, for each post read, whether its author hides
 * their posts and whether a person it is about hides posts mentioning them. Few people ever
 * do, so these indexes hold only those who do: each question is a look-up in a (nearly)
 * empty index. Without them PostgreSQL scanned every person for each page of the feed.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('people_hiding_posts')
    .on('people')
    .column('id')
    .where(sql.ref('hide_my_posts'), '=', 1)
    .execute();
  await db.schema
    .createIndex('people_hiding_mentions')
    .on('people')
    .column('id')
    .where(sql.ref('hide_mentioned_posts'), '=', 1)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('people_hiding_mentions').ifExists().execute();
  await db.schema.dropIndex('people_hiding_posts').ifExists().execute();
}
