import { type Expression, type RawBuilder, sql } from 'kysely';
import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';

export type DatabaseKind = 'sqlite' | 'postgres';

/** What Kysely compiles a query with: every `Kysely`, transaction and connection. */
type Compiles = Parameters<RawBuilder<unknown>['compile']>[0];

const kinds = new WeakMap<object, DatabaseKind>();

/**
 * Which engine a Kysely instance talks to, for the few statements that differ, read through
 * Kysely's public compile: PostgreSQL's compiler numbers its parameters (`$1`), SQLite's does
 * not (`?`). `dialect.db.test.ts` checks it for both. Remembered per instance: the pool's instance
 * answers every request.
 */
export function databaseKindOf(db: Compiles): DatabaseKind {
  let kind = kinds.get(db);
  if (kind === undefined) {
    kind = sql`${0}`.compile(db).sql === '$1' ? 'postgres' : 'sqlite';
    kinds.set(db, kind);
  }
  return kind;
}

/** A JSON array column as read: text on SQLite, already parsed on PostgreSQL. */
export type JsonArray<Row> = Row[] | string;

/**
 * A subquery's rows as one JSON array column, with Kysely's helper for the engine `db` talks
 * to; read the value with `readJsonArray`. Rows keep the subquery's order.
 */
export function jsonArrayOf<Row>(
  db: Compiles,
  subquery: Parameters<typeof sqliteJsonArrayFrom<Row>>[0],
): RawBuilder<JsonArray<Row>> {
  // Kysely types both as parsed rows; SQLite's is text until read.
  const column =
    databaseKindOf(db) === 'postgres'
      ? postgresJsonArrayFrom(subquery)
      : sqliteJsonArrayFrom(subquery);
  return column as unknown as RawBuilder<JsonArray<Row>>;
}

export function readJsonArray<Row>(value: JsonArray<Row>): Row[] {
  return typeof value === 'string' ? (JSON.parse(value) as Row[]) : value;
}

/**
 * Whether `column` holds one of the ids a subquery answers, each looked up by its index. On
 * PostgreSQL as `= any(array(…))`: the planner cannot tell how many rows a recursive query
 * answers, guesses thousands, and with `in` would read the whole table into a hash to match a
 * handful; the array is computed once and looked up one id at a time. SQLite looks up an `in`
 * list's ids by the index already.
 */
export function idAmong(
  db: Compiles,
  column: string,
  ids: Expression<{ id: string }>,
): RawBuilder<boolean> {
  return databaseKindOf(db) === 'postgres'
    ? sql<boolean>`${sql.ref(column)} = any(array${ids})`
    : sql<boolean>`${sql.ref(column)} in ${ids}`;
}
