import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The secret named `name`, generated and stored on first use. Safe when several server
 * processes start at once: the first insert wins and everyone reads the stored value.
 */
export async function getOrCreateSecret(
  db: Kysely<Database>,
  name: string,
  generate: () => string,
): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: generate(), created_at: Date.now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The secret named `name` if it was made already (read without making it). */
export async function findSecret(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.value;
}
