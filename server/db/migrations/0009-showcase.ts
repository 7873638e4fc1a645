import type { Kysely } from 'kysely';

/*
 * The public showcase (#54): a student's consent to show her work publicly, the admin's switch
 * for the showcase page, and the photos instructors chose as "Tác phẩm tiêu biểu", each with the
 * token of its share link. A featured photo is named by its post and its address, not by its
 * photo row: editing an evaluation writes its photo rows anew, and a photo it keeps stays
 * featured under the same link. It goes with its post (and so with its student).
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('people')
    .addColumn('showcase_consent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('people').addColumn('showcase_consent_at', 'bigint').execute();
  await db.schema
    .alterTable('public_config')
    .addColumn('showcase_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('featured_works')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('photo_url', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('featured_by', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('featured_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('featured_works_pk', ['post_id', 'photo_url'])
    .execute();
  await db.schema
    .createIndex('featured_works_featured_at_idx')
    .on('featured_works')
    .column('featured_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('featured_works').ifExists().execute();
  await db.schema.alterTable('public_config').dropColumn('showcase_enabled').execute();
  await db.schema.alterTable('people').dropColumn('showcase_consent_at').execute();
  await db.schema.alterTable('people').dropColumn('showcase_consent').execute();
}
