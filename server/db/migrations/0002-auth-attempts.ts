import type { Kysely } from 'kysely';

/** Sign-in e-mails sent, counted per address and per client address for rate limits. */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('auth_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('auth_attempts_lookup')
    .on('auth_attempts')
    .columns(['kind', 'key', 'created_at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_attempts').execute();
}
