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

  it.runIf(testDatabaseKind() === 'postgres')(
    'prepares each select once per connection, and prepares it again after the table changes',
    async () => {
      await sql`create table prepared_probe (id integer primary key)`.execute(database.db);
      await sql`insert into prepared_probe (id) values (1)`.execute(database.db);
      // One connection throughout.
      await database.db.connection().execute(async (trx) => {
        const probe = () =>
          trx
            .selectFrom('prepared_probe' as never)
            .selectAll()
            .execute();
        expect(await probe()).toEqual([{ id: 1 }]);
        expect(await probe()).toEqual([{ id: 1 }]);
        const statements = await sql<{ statement: string }>`
          select statement from pg_prepared_statements`.execute(trx);
        expect(
          statements.rows.filter((row) => row.statement.includes('prepared_probe')),
        ).toHaveLength(1);
        // What `select *` returns changes: PostgreSQL refuses the prepared statement, which is
        // then prepared afresh.
        await sql`alter table prepared_probe add column label text default 'mới'`.execute(trx);
        expect(await probe()).toEqual([{ id: 1, label: 'mới' }]);
      });
      await sql`drop table prepared_probe`.execute(database.db);
    },
  );
});
