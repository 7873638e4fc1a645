import { type Kysely, Migrator, sql } from 'kysely';
import { migrations } from '../db/migrations/index.ts';
import type { Db } from '../db/schema.ts';

/*
 * The catalogue side of a PostgreSQL restore: the schemas a restore works in beside the
 * academy's, what each holds (every object the migrations could make, and every one they could
 * not), and the one-transaction switch that puts a checked copy in the academy's place.
 */

/** Names of the schemas a restore makes beside the academy's: theirs alone, so stale ones go. */
export const RESTORE_SCHEMA_PREFIX = 'hoc_vien_restore_';

/** The academy's schema (the connection's current one) and the extensions kept in it. */
export async function academySchema(db: Db): Promise<{ schema: string; extensions: string[] }> {
  const { rows } = await sql<{ schema: string; extensions: string[] | null }>`
    select current_schema() as schema,
      (select array_agg(e.extname::text order by e.extname) from pg_extension e
        where e.extnamespace = current_schema()::regnamespace) as extensions`.execute(db);
  return { schema: rows[0]!.schema, extensions: rows[0]!.extensions ?? [] };
}

/** The extensions the migrations make, made beforehand in the academy's schema. */
export async function ensureExtensions(db: Db): Promise<void> {
  // Without a schema named, an extension is made in the connection's current one: the academy's.
  await sql`create extension if not exists pg_trgm`.execute(db);
}

/** Drops what earlier restores left beside the academy (a restore stopped by a crash). */
export async function dropRestoreSchemas(db: Db): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select nspname as name from pg_namespace
     where starts_with(nspname, ${RESTORE_SCHEMA_PREFIX})`.execute(db);
  for (const { name } of rows) await sql`drop schema ${sql.id(name)} cascade`.execute(db);
}

export async function dropSchema(db: Db, schema: string): Promise<void> {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
}

/** The migrations a restored copy in `schema` records, in order; empty when it has none. */
export async function migrationsIn(db: Db, schema: string): Promise<string[]> {
  const table = await sql<{ present: boolean }>`
    select to_regclass(${`${quoteIdent(schema)}.kysely_migration`}) is not null as present`.execute(
    db,
  );
  if (!table.rows[0]?.present) return [];
  const { rows } = await sql<{ name: string }>`
    select name from ${sql.id(schema, 'kysely_migration')} order by name`.execute(db);
  return rows.map((row) => row.name);
}

/**
 * Makes in `schema` what this release's migrations make up to and including `last`: the
 * schema a restored copy must match.
 */
export async function migrateSchemaTo(
  db: Db,
  schema: string,
  academy: string,
  last: string,
): Promise<void> {
  await sql`create schema ${sql.id(schema)}`.execute(db);
  await db.connection().execute(async (connection) => {
    // Tables go into the first schema of the path; the extension's types come from the second.
    await sql`select set_config('search_path', ${`${quoteIdent(schema)}, ${quoteIdent(academy)}`}, false)`.execute(
      connection,
    );
    try {
      const migrator = new Migrator({
        db: connection as unknown as Kysely<unknown>,
        provider: { getMigrations: async () => migrations },
        migrationTableSchema: schema,
      });
      const { error } = await migrator.migrateTo(last);
      if (error) throw error;
    } finally {
      await sql`select set_config('search_path', ${`"$user", ${quoteIdent(academy)}`}, false)`.execute(
        connection,
      );
    }
  });
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** One object of a schema: what it is, and its definition as the catalogue prints it. */
export interface SchemaEntry {
  key: string;
  /** The table it belongs to, when it belongs to one. */
  table: string | null;
  definition: string;
}

/**
 * Everything `schema` holds, each object as one entry: relations with their kind, persistence,
 * row security and grants; columns; constraints; indexes; triggers; rules; policies; functions;
 * types; sequences; extensions. Objects an extension owns are left out (the extension is one
 * entry). Definitions are printed with `schema` first on the search path and the academy's
 * second, so two schemas made alike print alike.
 */
export async function describeSchema(
  db: Db,
  schema: string,
  academy: string,
): Promise<SchemaEntry[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('search_path', ${`${quoteIdent(schema)}, ${quoteIdent(academy)}`}, true)`.execute(
      trx,
    );
    const { rows } = await sql<SchemaEntry>`
      with ns as (select oid from pg_namespace where nspname = ${schema}),
      own as (
        select objid from pg_depend where deptype = 'e'
      )
      select 'relation:' || c.relname as key, c.relname as table,
          c.relkind::text || ' ' || c.relpersistence::text || ' rls=' || c.relrowsecurity::text || '/' ||
          c.relforcerowsecurity::text || ' acl=' || coalesce(c.relacl::text, '-') ||
          case when c.relkind in ('v', 'm') then ' ' || pg_get_viewdef(c.oid) else '' end
          as definition
        from pg_class c
       where c.relnamespace = (select oid from ns) and c.relkind not in ('i', 'I', 't')
         and c.oid not in (select objid from own)
      union all
      select 'column:' || c.relname || '.' || a.attname, c.relname,
          format_type(a.atttypid, a.atttypmod) || ' notnull=' || a.attnotnull::text ||
          ' default=' || coalesce(pg_get_expr(d.adbin, d.adrelid), '-') ||
          ' identity=' || a.attidentity::text || ' generated=' || a.attgenerated::text ||
          ' collation=' || coalesce(co.collname, '-') || ' acl=' || coalesce(a.attacl::text, '-')
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        left join pg_collation co on co.oid = a.attcollation and a.attcollation <> 100
       where c.relnamespace = (select oid from ns) and c.relkind in ('r', 'p', 'v', 'm', 'f')
         and a.attnum > 0 and not a.attisdropped
         and c.oid not in (select objid from own)
      union all
      select 'constraint:' || c.relname || '.' || k.conname, c.relname,
          pg_get_constraintdef(k.oid) ||
          ' deferrable=' || k.condeferrable::text || '/' || k.condeferred::text || ' valid=' || k.convalidated::text
        from pg_constraint k join pg_class c on c.oid = k.conrelid
       where k.connamespace = (select oid from ns)
      union all
      select 'constraint:-.' || k.conname, null, pg_get_constraintdef(k.oid)
        from pg_constraint k
       where k.connamespace = (select oid from ns) and k.conrelid = 0
      union all
      select 'index:' || i.relname, c.relname, pg_get_indexdef(x.indexrelid)
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class c on c.oid = x.indrelid
       where i.relnamespace = (select oid from ns)
      union all
      select 'trigger:' || c.relname || '.' || t.tgname, c.relname,
          pg_get_triggerdef(t.oid) || ' enabled=' || t.tgenabled::text
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where c.relnamespace = (select oid from ns) and not t.tgisinternal
      union all
      select 'rule:' || r.tablename || '.' || r.rulename, r.tablename, r.definition
        from pg_rules r where r.schemaname = ${schema}
      union all
      select 'policy:' || p.tablename || '.' || p.policyname, p.tablename,
          p.permissive::text || ' ' || p.cmd::text || ' ' || p.roles::text || ' ' ||
          coalesce(p.qual, '-') || ' ' || coalesce(p.with_check, '-')
        from pg_policies p where p.schemaname = ${schema}
      union all
      select 'function:' || p.oid::regprocedure::text, null,
          case when p.prokind in ('f', 'p') then pg_get_functiondef(p.oid) else p.prokind::text end ||
          ' acl=' || coalesce(p.proacl::text, '-')
        from pg_proc p
       where p.pronamespace = (select oid from ns) and p.oid not in (select objid from own)
      union all
      select 'type:' || t.typname, null, t.typtype::text || ' ' || format_type(t.oid, null)
        from pg_type t
       where t.typnamespace = (select oid from ns) and t.typtype in ('e', 'd', 'r', 'm', 'b', 'p')
         and t.typcategory <> 'A' and t.oid not in (select objid from own)
      union all
      select 'type:' || t.typname, null, 'c'
        from pg_type t join pg_class c on c.oid = t.typrelid
       where t.typnamespace = (select oid from ns) and t.typtype = 'c' and c.relkind = 'c'
      union all
      select 'sequence:' || c.relname, c.relname,
          format_type(s.seqtypid, null) || ' ' || s.seqstart || ' ' || s.seqincrement || ' ' ||
          s.seqmax || ' ' || s.seqmin || ' ' || s.seqcache || ' ' || s.seqcycle::text
        from pg_sequence s join pg_class c on c.oid = s.seqrelid
       where c.relnamespace = (select oid from ns)
      union all
      select 'extension:' || e.extname, null, e.extversion
        from pg_extension e where e.extnamespace = (select oid from ns)
      union all
      select 'operator:' || o.oid::regoperator::text, null, '-'
        from pg_operator o
       where o.oprnamespace = (select oid from ns) and o.oid not in (select objid from own)
      union all
      select 'event-trigger:' || evtname, null, evtevent from pg_event_trigger
       where evtfoid in (select oid from pg_proc where pronamespace = (select oid from ns))
      order by 1`.execute(trx);
    // Some definitions (an index's table) name their schema whatever the path: the schema's own
    // name is dropped, so that a copy and the schema made to compare it with print alike.
    const own = `${schema}.`;
    return rows.map((row) => ({ ...row, definition: row.definition.replaceAll(own, '') }));
  });
}

/**
 * Puts the checked copy in `restored` in the academy's place, in one transaction: what the
 * academy's schema holds (but its extensions) is dropped, every relation of the copy moved
 * in (a table brings its indexes, constraints and owned sequences), the copy's schema dropped.
 * The schema itself stays, with its owner and grants. The server's secrets stay the running
 * academy's when the copy has none (a backup never carries them).
 */
export async function switchToRestored(db: Db, academy: string, restored: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const secrets = async (schema: string) =>
      (
        await sql<{ present: boolean }>`
          select to_regclass(${`${quoteIdent(schema)}.server_secrets`}) is not null as present`.execute(
          trx,
        )
      ).rows[0]?.present === true;
    if ((await secrets(academy)) && (await secrets(restored))) {
      const kept = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.id(restored, 'server_secrets')}`.execute(trx);
      if (kept.rows[0]?.n === 0) {
        await sql`insert into ${sql.id(restored, 'server_secrets')}
          select * from ${sql.id(academy, 'server_secrets')}`.execute(trx);
      }
    }
    await emptySchema(trx, academy);
    const relations = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind
        from pg_class c
       where c.relnamespace = ${restored}::regnamespace and c.relkind in ('r', 'p', 'S', 'v', 'm')
         and not exists (
           select 1 from pg_depend d
            where d.objid = c.oid and d.deptype in ('a', 'i') and d.refobjid <> c.oid
              and d.classid = 'pg_class'::regclass)`.execute(trx);
    for (const { name, kind } of relations.rows) {
      const what = kind === 'S' ? 'sequence' : kind === 'v' ? 'view' : 'table';
      await sql`alter ${sql.raw(what)} ${sql.id(restored, name)} set schema ${sql.id(academy)}`.execute(
        trx,
      );
    }
    await sql`drop schema ${sql.id(restored)} restrict`.execute(trx);
  });
}

/**
 * Empties the academy's schema of what the migrations made (tables, views, sequences, types
 * and functions, but not an extension's own), in the caller's transaction.
 */
async function emptySchema(trx: Db, schema: string): Promise<void> {
  const notOfExtension = (oid: string) =>
    sql.raw(`not exists (select 1 from pg_depend d where d.objid = ${oid} and d.deptype = 'e')`);
  const relations = await sql<{ name: string; kind: string }>`
    select c.relname as name, c.relkind as kind
    from pg_class c
    where c.relnamespace = ${schema}::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'S')
      and ${notOfExtension('c.oid')}`.execute(trx);
  const dropOf: Record<string, string> = {
    r: 'table',
    p: 'table',
    v: 'view',
    m: 'materialized view',
    S: 'sequence',
  };
  for (const { name, kind } of relations.rows) {
    await sql`drop ${sql.raw(dropOf[kind] ?? 'table')} if exists ${sql.id(schema, name)} cascade`.execute(
      trx,
    );
  }
  const functions = await sql<{ signature: string }>`
    select p.oid::regprocedure::text as signature
    from pg_proc p
    where p.pronamespace = ${schema}::regnamespace and ${notOfExtension('p.oid')}`.execute(trx);
  for (const { signature } of functions.rows) {
    await sql`drop routine if exists ${sql.raw(signature)} cascade`.execute(trx);
  }
  const types = await sql<{ name: string }>`
    select t.typname as name
    from pg_type t
    where t.typnamespace = ${schema}::regnamespace and t.typtype in ('e', 'd', 'r', 'c')
      and (t.typtype <> 'c' or exists (
        select 1 from pg_class c where c.oid = t.typrelid and c.relkind = 'c'))
      and ${notOfExtension('t.oid')}`.execute(trx);
  for (const { name } of types.rows) {
    await sql`drop type if exists ${sql.id(schema, name)} cascade`.execute(trx);
  }
}
