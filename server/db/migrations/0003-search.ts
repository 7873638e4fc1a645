import { type Kysely, sql } from 'kysely';
import { foldForSearch, lowerForSearch } from '#shared/text';
import { databaseKindOf } from '../dialect.ts';

/*
 * Global search (decision 0005). Each searchable text has two stored forms written with it:
 * `*_search` (folded: no case, no diacritics, đ → d) finds, `*_lower` (lower case, diacritics
 * kept) ranks what matches the typed diacritics exactly first. Substring lookups are indexed:
 * a trigram GIN index on PostgreSQL, an FTS5 trigram table kept by triggers on SQLite.
 */

const searchable = [
  { table: 'people', text: 'name', search: 'name_search', lower: 'name_lower' },
  { table: 'courses', text: 'name', search: 'name_search', lower: 'name_lower' },
  { table: 'lessons', text: 'title', search: 'title_search', lower: 'title_lower' },
] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const kind = databaseKindOf(db);
  if (kind === 'postgres') await sql`create extension if not exists pg_trgm`.execute(db);
  for (const { table, text, search, lower } of searchable) {
    await db.schema
      .alterTable(table)
      .addColumn(lower, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    const rows: Array<{ id: string; text: string }> = await db
      .selectFrom(table)
      .select(['id', `${text} as text`])
      .execute();
    for (const row of rows) {
      await db
        .updateTable(table)
        .set({ [search]: foldForSearch(row.text), [lower]: lowerForSearch(row.text) })
        .where('id', '=', row.id)
        .execute();
    }
    // Search results are ordered by the folded text: byte order, the same on both engines.
    if (kind === 'postgres') {
      for (const column of [search, lower]) {
        await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type text collate "C"`.execute(
          db,
        );
      }
    }
    // Walked newest first when many rows match: covers what the search conditions read.
    await db.schema
      .createIndex(`${table}_search_walk`)
      .on(table)
      .columns(['created_at', 'id', search, lower, ...(table === 'people' ? ['role'] : [])])
      .execute();
    if (kind === 'postgres') {
      for (const column of [search, lower]) {
        await sql`create index ${sql.id(`${table}_${column}_trgm`)} on ${sql.table(table)}
          using gin (${sql.ref(column)} gin_trgm_ops)`.execute(db);
      }
    } else {
      await createSqliteTrigramTable(db, table, search, lower);
    }
  }
}

/**
 * `<table>_fts` holds the row's id and both search forms, each after a space so that a phrase
 * starting with a space matches the start of a word. It keeps its own copy rather than
 * pointing at the table's rowid: these tables have text keys, and VACUUM may renumber the rowids
 * of such tables, which would silently detach an external-content index.
 */
async function createSqliteTrigramTable(
  db: Kysely<unknown>,
  table: string,
  search: string,
  lower: string,
) {
  const fts = sql.table(`${table}_fts`);
  const ftsName = `${table}_fts`;
  const source = sql.table(table);
  const [searchRef, lowerRef] = [sql.ref(search), sql.ref(lower)];
  await sql`create virtual table ${fts} using fts5(id unindexed, search, lower, tokenize = 'trigram')`.execute(
    db,
  );
  await sql`insert into ${fts} (id, search, lower)
    select id, ' ' || ${searchRef}, ' ' || ${lowerRef} from ${source}`.execute(db);
  await sql`create trigger ${sql.id(`${ftsName}_insert`)} after insert on ${source} begin
      insert into ${fts} (id, search, lower) values (new.id, ' ' || new.${searchRef}, ' ' || new.${lowerRef});
    end`.execute(db);
  await sql`create trigger ${sql.id(`${ftsName}_update`)} after update of ${searchRef}, ${lowerRef} on ${source}
    when old.${searchRef} is not new.${searchRef} or old.${lowerRef} is not new.${lowerRef} begin
      delete from ${fts} where id = old.id;
      insert into ${fts} (id, search, lower) values (new.id, ' ' || new.${searchRef}, ' ' || new.${lowerRef});
    end`.execute(db);
  await sql`create trigger ${sql.id(`${ftsName}_delete`)} after delete on ${source} begin
      delete from ${fts} where id = old.id;
    end`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const kind = databaseKindOf(db);
  for (const { table, search, lower } of searchable) {
    await db.schema.dropIndex(`${table}_search_walk`).ifExists().execute();
    if (kind === 'postgres') {
      for (const column of [search, lower]) {
        await sql`drop index if exists ${sql.id(`${table}_${column}_trgm`)}`.execute(db);
      }
    } else {
      for (const trigger of ['insert', 'update', 'delete']) {
        await sql`drop trigger if exists ${sql.id(`${table}_fts_${trigger}`)}`.execute(db);
      }
      await sql`drop table if exists ${sql.table(`${table}_fts`)}`.execute(db);
    }
    await db.schema.alterTable(table).dropColumn(lower).execute();
  }
}
