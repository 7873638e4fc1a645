import { PostgresAdapter } from 'kysely';

export type DatabaseKind = 'sqlite' | 'postgres';

/** Which engine a Kysely instance talks to, for the few statements that differ. */
export function databaseKindOf(db: { getExecutor(): { adapter: unknown } }): DatabaseKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
