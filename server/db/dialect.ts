import { PostgresAdapter, type RawBuilder } from 'kysely';
import { jsonArrayFrom as postgresJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';

export type DatabaseKind = 'sqlite' | 'postgres';

/** Which engine a Kysely instance talks to, for the few statements that differ. */
export function databaseKindOf(db: { getExecutor(): { adapter: unknown } }): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** A JSON array column as read: text on SQLite, already parsed on PostgreSQL. */
export type JsonArray<Row> = Row[] | string;

/**
 * A subquery's rows as one JSON array column, with Kysely's helper for the engine `db` talks
 * to; read the value with `readJsonArray`. Rows keep the subquery's order.
 */
export function jsonArrayOf<Row>(
  db: { getExecutor(): { adapter: unknown } },
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
