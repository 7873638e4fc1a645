import type { Kysely } from 'kysely';

/*
 * A scheduled job's run claimed by one server: several servers on one database each plan the
 * nightly backup, and the one whose claim for that night is inserted first takes it. How the run
 * ended is kept on its row, so the admin tools of every server say the same.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_runs')
    .addColumn('job', 'text', (c) => c.notNull())
    .addColumn('slot', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addColumn('bytes', 'bigint')
    .addColumn('failure', 'text')
    .addPrimaryKeyConstraint('scheduled_runs_pk', ['job', 'slot'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_runs').ifExists().execute();
}
