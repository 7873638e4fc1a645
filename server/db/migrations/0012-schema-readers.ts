import { type Kysely, sql } from 'kysely';

/*
 * The oldest step a release must know to run on this database (decision 0024): a release that
 * finds steps it does not know runs on anyway when it knows this one, since every step after it
 * only added what older code ignores. One row, kept by the migrator after each upgrade.
 */

/** Adds a table older code never reads: the release before runs on this schema. */
export const olderReleasesRun = true;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('schema_readers')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('oldest', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('schema_readers').execute();
}
