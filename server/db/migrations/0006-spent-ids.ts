import { type Kysely, sql } from 'kysely';

/*
 * Ids a device chose are spent once used: `post_ids` keeps every post id ever made, with its
 * author, so a deleted post's id is never made again and the same id sent by someone else is
 * refused whether the post is live, hidden or gone. `media_uploaders` records everyone who
 * uploaded a photo's bytes: photos are named by their content, so two people uploading the same
 * picture share one file, and each may use it as their own.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_ids')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into post_ids (id, author_id, created_at)
    select id, author_id, created_at from posts`.execute(db);

  await db.schema
    .createTable('media_uploaders')
    .addColumn('media_id', 'text', (c) => c.notNull().references('media.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('media_uploaders_pk', ['media_id', 'person_id'])
    .execute();
  await sql`insert into media_uploaders (media_id, person_id, created_at)
    select id, owner_id, created_at from media where owner_id is not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('media_uploaders').ifExists().execute();
  await db.schema.dropTable('post_ids').ifExists().execute();
}
