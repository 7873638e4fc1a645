import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldForSearch, lowerForSearch } from '#shared/text';
import type { PersonRow } from '../../db/schema.ts';
import { insertTestPerson } from '../../test/factories/people.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { searchKinds } from './search.repository.ts';
import { search, searchLimits } from './search.service.ts';
import { searchesOnThread, searchThreadIdle, searchThreads } from './search-thread.ts';

let database: TestDatabase;
let admin: PersonRow;
const names = [
  'Nguyễn Văn Hoà',
  'Nguyễn Thị Hoà',
  'Trần Văn Đức',
  'Lê Ngọc Hương',
  'Phạm Minh Hoà',
];

beforeAll(async () => {
  database = await createTestDatabase();
  await insertTestPerson(database.db, {
    id: 'admin',
    name: 'Quản Trị',
    role: 'admin',
    status: 'active',
  });
  admin = await database.db
    .selectFrom('people')
    .selectAll()
    .where('id', '=', 'admin')
    .executeTakeFirstOrThrow();
  for (const [index, name] of names.entries()) {
    await insertTestPerson(database.db, {
      id: `student-${index}`,
      name,
      role: 'student',
      status: 'active',
      created_at: 1_000 + index,
    });
  }
});
afterAll(() => database.dispose());

describe('the search off the event loop', () => {
  it('answers on SQLite from its worker thread what the event loop would answer', async () => {
    const before = searchesOnThread(database) ?? 0;
    for (const query of ['hoà', 'nguyen', 'văn đức', 'huong', 'zzz']) {
      const found = await search(database, admin, query);
      const here = await searchKinds(
        database.db,
        { folded: foldForSearch(query), lower: lowerForSearch(query) },
        { all: true, proposerId: null },
        searchLimits,
      );
      expect(found.students.map((s) => s.id)).toEqual(here.students.map((s) => s.id));
    }
    if (database.kind === 'sqlite') expect(searchesOnThread(database)).toBe(before + 5);
    else expect(searchesOnThread(database)).toBeNull();
  });

  it('finds what was written a moment ago', async () => {
    await insertTestPerson(database.db, {
      id: 'student-new',
      name: 'Đỗ Xuân Phúc',
      role: 'student',
      status: 'active',
      created_at: 9_000,
    });
    const found = await search(database, admin, 'xuân phúc');
    expect(found.students.map((s) => s.id)).toEqual(['student-new']);
  });

  it('answers many searches at once, each its own', async () => {
    const queries = Array.from({ length: 60 }, (_, i) => names[i % names.length]!);
    const found = await Promise.all(queries.map((query) => search(database, admin, query)));
    for (const [index, result] of found.entries()) {
      expect(result.students[0]?.name).toBe(queries[index]);
    }
  });

  it('lets its thread go after a while without a search, and starts one for the next', async () => {
    const other = await createTestDatabase();
    const idle = searchThreadIdle.ms;
    searchThreadIdle.ms = 300;
    try {
      await insertTestPerson(other.db, {
        id: 'student-x',
        name: 'Vũ Thu Hà',
        role: 'student',
        status: 'active',
      });
      expect((await search(other, admin, 'thu hà')).students.map((s) => s.id)).toEqual([
        'student-x',
      ]);
      if (other.kind !== 'sqlite') {
        expect(searchThreads(other)).toBeNull();
        return;
      }
      expect(searchThreads(other)).toBe(1);
      await expect.poll(() => searchThreads(other), { timeout: 5_000 }).toBe(0);
      expect((await search(other, admin, 'thu ha')).students.map((s) => s.id)).toEqual([
        'student-x',
      ]);
      expect(searchesOnThread(other)).toBe(2);
    } finally {
      searchThreadIdle.ms = idle;
      await other.dispose();
    }
  });

  it('stops its thread when the database closes', async () => {
    const other = await createTestDatabase();
    await search(other, admin, 'hoà');
    if (other.kind === 'sqlite') expect(searchesOnThread(other)).toBe(1);
    await other.dispose();
    expect(searchesOnThread(other)).toBeNull();
  });
});
