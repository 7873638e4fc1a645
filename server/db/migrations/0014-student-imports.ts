import type { Kysely } from 'kysely';

/*
 * Imports of students from a spreadsheet (#66). A row is made when an admin uploads a sheet
 * (`draft`, holding the sheet's cells until it is imported or a day passes), becomes `imported`
 * with what the import did (`undo`: whom it added, what it changed and how each stood before),
 * and `undone` when an admin takes it back.
 */

/** Adds a table older code never reads: the release before runs on this schema. */
export const olderReleasesRun = true;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('student_imports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('headers', 'text', (c) => c.notNull())
    .addColumn('cells', 'text', (c) => c.notNull())
    .addColumn('summary', 'text')
    .addColumn('undo', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('imported_at', 'bigint')
    .addColumn('undone_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('student_imports_by_time')
    .on('student_imports')
    .columns(['status', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('student_imports').ifExists().execute();
}
