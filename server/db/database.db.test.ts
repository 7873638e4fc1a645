import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../test/test-database.ts';
import { preparedQuery } from './prepared.ts';

let database: TestDatabase;

/** How many statements PostgreSQL holds prepared on this connection whose text holds `table`. */
const preparedOn = async (connection: TestDatabase['db'], table: string) =>
  (
    await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      connection,
    )
  ).rows.filter((row) => row.statement.includes(table)).length;

const probeQuery = preparedQuery((db) =>
  db
    .selectFrom('statement_probe' as never)
    .selectAll()
    .orderBy('id' as never),
);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

describe(`the database connection on ${testDatabaseKind()}`, () => {
  it('writes a page size chosen by the code into the SQL, and binds anything else', () => {
    const page = database.db.selectFrom('people').select('id').limit(11).compile();
    expect(page.sql).toMatch(/limit 11$/);
    expect(page.parameters).toEqual([]);
    const odd = database.db.selectFrom('people').select('id').limit(1.5).compile();
    expect(odd.sql).not.toContain('1.5');
    expect(odd.parameters).toEqual([1.5]);
  });

  it('reads rows as objects, and reads the new columns after a schema change', async () => {
    await sql`create table statement_probe (id integer primary key, name text)`.execute(
      database.db,
    );
    await sql`insert into statement_probe (id, name) values (1, 'Hoa'), (2, null)`.execute(
      database.db,
    );
    // One connection throughout (the pool's prepared statements are per connection).
    await database.db.connection().execute(async (connection) => {
      const probe = () => probeQuery(connection, {});
      expect(await probe()).toEqual([
        { id: 1, name: 'Hoa' },
        { id: 2, name: null },
      ]);
      expect(await probe()).toEqual([
        { id: 1, name: 'Hoa' },
        { id: 2, name: null },
      ]);
      if (database.kind === 'postgres') {
        expect(await preparedOn(connection, 'statement_probe')).toBe(1);
        // Anything else is planned with its values each time.
        await connection.selectFrom('people').select('id').where('name', 'like', '%a%').execute();
        expect(await preparedOn(connection, 'people')).toBe(0);
      }
      // What `select *` returns changes: SQLite's statement is dropped with the cache;
      // PostgreSQL refuses its prepared statement, which is then prepared afresh.
      await sql`alter table statement_probe add column label text default 'mới'`.execute(
        connection,
      );
      expect(await probe()).toEqual([
        { id: 1, name: 'Hoa', label: 'mới' },
        { id: 2, name: null, label: 'mới' },
      ]);
      expect(await probe()).toHaveLength(2);
      if (database.kind === 'postgres') {
        // Prepared again under a new name; the refused one is gone.
        expect(await preparedOn(connection, 'statement_probe')).toBe(1);
      }
    });
    await sql`drop table statement_probe`.execute(database.db);
  });
});
