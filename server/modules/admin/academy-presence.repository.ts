import { sql } from 'kysely';
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

/**
 * Empties a PostgreSQL schema of what the app's migrations made (tables, views, sequences, types
 * and functions, but not an extension's own), in one transaction: the step before a rollback's
 * `pg_restore` puts the release before's database back, so nothing a newer release added stays
 * to trip a later upgrade.
 */
export async function emptyPostgresSchema(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const notOfExtension = (oid: string) =>
      sql.raw(`not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`);
    const relations = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm', 'S')
        and ${notOfExtension('c.oid')}`.execute(trx);
    const dropOf: Record<string, string> = {
      r: 'table',
      p: 'table',
      v: 'view',
      m: 'materialized view',
      S: 'sequence',
    };
    for (const { name, kind } of relations.rows) {
      await sql`drop ${sql.raw(dropOf[kind] ?? 'table')} if exists ${sql.id(name)} cascade`.execute(
        trx,
      );
    }
    const functions = await sql<{ signature: string }>`
      select p.oid::regprocedure::text as signature
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema() and ${notOfExtension('p.oid')}`.execute(trx);
    for (const { signature } of functions.rows) {
      await sql`drop function if exists ${sql.raw(signature)} cascade`.execute(trx);
    }
    const types = await sql<{ name: string }>`
      select t.typname as name
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = current_schema() and t.typtype in ('e', 'd')
        and ${notOfExtension('t.oid')}`.execute(trx);
    for (const { name } of types.rows) {
      await sql`drop type if exists ${sql.id(name)} cascade`.execute(trx);
    }
  });
}
