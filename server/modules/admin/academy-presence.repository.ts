import type { Db } from '../../db/schema.ts';

/** Whether the database holds an academy: its tables are made and someone is in it. */
export async function holdsAcademy(db: Db): Promise<boolean> {
  const tables = await db.introspection.getTables();
  if (!tables.some((table) => table.name === 'people')) return false;
  const row = await db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) > 0;
}
