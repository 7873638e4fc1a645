import type { Kysely } from 'kysely';
import { databaseKindOf } from '../dialect.ts';

/*
 * The academy's own name, short name, theme colour and logo (#66). One row, 'global', made when
 * an admin first sets them; without it the product's own show. The logo is kept as the square
 * PNGs it was made into, in the database: every server of an academy serves them, and a backup
 * holds them, with no file of their own to copy.
 */

/** Adds tables older code never reads: the release before runs on this schema. */
export const olderReleasesRun = true;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('academy_identity')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull())
    .addColumn('theme_color', 'text', (c) => c.notNull())
    .addColumn('logo_version', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('academy_logo')
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('png', databaseKindOf(db) === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('academy_logo_pk', ['version', 'variant'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('academy_logo').ifExists().execute();
  await db.schema.dropTable('academy_identity').ifExists().execute();
}
