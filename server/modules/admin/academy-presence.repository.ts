import { sql } from 'kysely';
import { databaseKindOf } from '../../db/dialect.ts';
import type { Db } from '../../db/schema.ts';

/**
 * Whether the database holds an academy: its `people` table is made (in the schema the app
 * uses, not one a restore works in beside it) and someone is in it.
 */
export async function holdsAcademy(db: Db): Promise<boolean> {
  const made =
    databaseKindOf(db) === 'postgres'
      ? (await sql<{ made: boolean }>`select to_regclass('people') is not null as made`.execute(db))
          .rows[0]?.made === true
      : (await db.introspection.getTables()).some((table) => table.name === 'people');
  if (!made) return false;
  const row = await db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) > 0;
}
