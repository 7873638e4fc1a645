import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../test/test-database.ts';

let database: TestDatabase;

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
      const probe = () =>
        connection
          .selectFrom('statement_probe' as never)
          .selectAll()
          .orderBy('id' as never)
          .execute();
      expect(await probe()).toEqual([
        { id: 1, name: 'Hoa' },
        { id: 2, name: null },
      ]);
      expect(await probe()).toEqual([
        { id: 1, name: 'Hoa' },
        { id: 2, name: null },
      ]);
      if (database.kind === 'postgres') {
        const statements = await sql<{ statement: string }>`
          select statement from pg_prepared_statements`.execute(connection);
        expect(
          statements.rows.filter((row) => row.statement.includes('statement_probe')),
        ).toHaveLength(1);
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
    });
    await sql`drop table statement_probe`.execute(database.db);
  });
});
