import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPerson } from '../test/factories/people.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../test/test-database.ts';
import { preparedQuery } from './prepared.ts';
import { containsFolded } from './search-columns.ts';

let database: TestDatabase;
const now = 1_700_000_000_000;
const names = ['An', 'Bình', 'Chi', 'Dũng', 'Giang'];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const [index, name] of names.entries()) {
    await insertTestPerson(database.db, {
      id: `00000000-0000-4000-8000-00000000000${index}`,
      name,
      role: index % 2 === 0 ? 'student' : 'instructor',
      registration_date: now + index,
      created_at: now + index,
      updated_at: now + index,
    });
  }
});
afterAll(async () => {
  await database.dispose();
});

interface PeopleFilter {
  role?: 'student' | 'instructor' | undefined;
  after?: { createdAt: number } | undefined;
  limit: number;
}

const peopleQuery = preparedQuery(
  (db, filter: PeopleFilter) => {
    let query = db.selectFrom('people').select('name');
    if (filter.role !== undefined) query = query.where('role', '=', filter.role);
    if (filter.after !== undefined)
      query = query.where(sql<boolean>`created_at > ${filter.after.createdAt}`);
    return query.orderBy('created_at').limit(filter.limit);
  },
  { inSql: ['limit'] },
);

async function directly(filter: PeopleFilter) {
  let query = database.db.selectFrom('people').select('name');
  if (filter.role) query = query.where('role', '=', filter.role);
  if (filter.after) query = query.where('created_at', '>', filter.after.createdAt);
  return query.orderBy('created_at').limit(filter.limit).execute();
}

describe(`a prepared query on ${testDatabaseKind()}`, () => {
  it('answers as the same query built afresh, for every shape and value, in any order', async () => {
    const filters: PeopleFilter[] = [
      { limit: 10 },
      { role: 'student', limit: 10 },
      { role: 'instructor', limit: 10 },
      { role: 'student', after: { createdAt: now }, limit: 10 },
      { role: 'instructor', after: { createdAt: now + 2 }, limit: 10 },
      { after: { createdAt: now + 3 }, limit: 10 },
      { role: 'student', limit: 1 },
      { limit: 2 },
      { role: undefined, after: undefined, limit: 10 },
    ];
    for (const filter of [...filters, ...filters.toReversed()]) {
      expect(await peopleQuery(database.db, filter), JSON.stringify(filter)).toEqual(
        await directly(filter),
      );
    }
    expect((await peopleQuery(database.db, { limit: 2 })).map((row) => row.name)).toEqual([
      'An',
      'Bình',
    ]);
  });

  it('writes the values named as part of the shape into the SQL, and binds the others', async () => {
    const compiled: string[] = [];
    const spy = preparedQuery(
      (db, filter: PeopleFilter) => {
        const query = db
          .selectFrom('people')
          .select('name')
          .where('role', '=', filter.role ?? 'admin')
          .limit(filter.limit);
        compiled.push(query.compile().sql);
        return query;
      },
      { inSql: ['limit'] },
    );
    await spy(database.db, { role: 'student', limit: 3 });
    await spy(database.db, { role: 'instructor', limit: 3 });
    await spy(database.db, { role: 'student', limit: 4 });
    // Built once for limit 3 (both roles) and once for limit 4; the role is always bound.
    expect(compiled).toHaveLength(2);
    expect(compiled.every((text) => !text.includes('student'))).toBe(true);
  });

  it('runs inside a transaction', async () => {
    const rows = await database.db
      .transaction()
      .execute((trx) => peopleQuery(trx, { role: 'instructor', limit: 10 }));
    expect(rows.map((row) => row.name)).toEqual(['Bình', 'Dũng']);
  });

  it('refuses a builder that turns a value into text, which would fix it in the SQL', async () => {
    const byName = preparedQuery((db, filter: { name: string }) =>
      db.selectFrom('people').select('name').where('name_search', 'like', `%${filter.name}%`),
    );
    await expect(byName(database.db, { name: 'an' })).rejects.toThrow(/name was used/);
    // A string method on a stand-in fails too (it has none).
    const folded = preparedQuery((db, filter: { name: string }) =>
      db
        .selectFrom('people')
        .select('name')
        .where(containsFolded(sql.ref('name_search'), filter.name)),
    );
    await expect(folded(database.db, { name: 'an' })).rejects.toThrow(TypeError);
  });

  it('refuses a builder that looks at a value instead of passing it on', async () => {
    const byRole = preparedQuery((db, filter: { role: string }) =>
      db
        .selectFrom('people')
        .select('name')
        .where('role', '=', filter.role === 'student' ? 'student' : 'instructor'),
    );
    await expect(byRole(database.db, { role: 'student' })).rejects.toThrow(
      /role never reached the SQL/,
    );
  });

  it('refuses values it cannot stand in for', async () => {
    const byIds = preparedQuery((db, filter: { ids: string[] }) =>
      db.selectFrom('people').select('name').where('id', 'in', filter.ids),
    );
    await expect(byIds(database.db, { ids: ['a'] })).rejects.toThrow(/ids must be/);
  });
});
