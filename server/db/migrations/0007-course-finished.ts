import type { Kysely } from 'kysely';

/*
 * A course an instructor marks finished for a student (after its last lesson): when and by whom.
 * A student whose every course is finished is "Đã hoàn thành".
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('enrolments').addColumn('finished_at', 'bigint').execute();
  await db.schema
    .alterTable('enrolments')
    .addColumn('finished_by', 'text', (c) => c.references('people.id').onDelete('set null'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('enrolments').dropColumn('finished_by').execute();
  await db.schema.alterTable('enrolments').dropColumn('finished_at').execute();
}
