import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonRow } from '../../db/schema.ts';
import { nameSearchColumns } from '../../db/search-columns.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { search } from './search.service.ts';

/*
 * More rows than the recent window (decision 0005): a rank with many rows is read among the
 * newest, a rank with few (here the two oldest rows) through the trigram index. The ranking
 * must come out the same either way.
 */
let database: TestDatabase;

/** Students with these names, created at these times, their search forms written. */
async function insertStudents(
  into: TestDatabase,
  rows: Array<{ name: string; created_at: number }>,
) {
  const values = rows.map((row, i) => ({
    id: `p-${String(i).padStart(4, '0')}`,
    role: 'student' as const,
    status: 'active' as const,
    ...row,
    ...nameSearchColumns(row.name),
    registration_date: row.created_at,
    updated_at: row.created_at,
  }));
  for (let start = 0; start < values.length; start += 400) {
    await into.db
      .insertInto('people')
      .values(values.slice(start, start + 400))
      .execute();
  }
}

const admin = { id: 'admin', role: 'admin' } as PersonRow;

beforeAll(async () => {
  database = await createTestDatabase();
  const rows = [
    // The oldest, and the only one with the diacritics "hoà" typed exactly.
    { name: 'Lê Hoà', created_at: 1 },
    // Inside a word only, with the typed diacritics: second rank.
    { name: 'Đặng Khoà', created_at: 2 },
    ...Array.from({ length: 2400 }, (_, i) => ({ name: `Trần Văn Hoa ${i}`, created_at: 10 + i })),
  ];
  await insertStudents(database, rows);
});
afterAll(() => database.dispose());

describe('search with many matches', () => {
  it('still puts the typed diacritics first, then the newest word starts', async () => {
    const { students } = await search(database, admin, 'hoà');
    expect(students.map((s) => s.name)).toEqual([
      'Lê Hoà',
      'Đặng Khoà',
      'Trần Văn Hoa 2399',
      'Trần Văn Hoa 2398',
      'Trần Văn Hoa 2397',
      'Trần Văn Hoa 2396',
      'Trần Văn Hoa 2395',
      'Trần Văn Hoa 2394',
    ]);
  });

  it('without diacritics, word starts newest first and nothing else', async () => {
    const { students } = await search(database, admin, 'hoa');
    expect(students.map((s) => s.name)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Trần Văn Hoa ${2399 - i}`),
    );
  });

  it('narrows down to the few matches of a longer query, ranked the same way', async () => {
    // "hoa 7" starts a word in "Hoa 7", "Hoa 70" … "Hoa 79", "Hoa 700" … "Hoa 799".
    const { students } = await search(database, admin, 'hoa 7');
    expect(students.map((s) => s.name)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Trần Văn Hoa ${799 - i}`),
    );
    const exact = await search(database, admin, 'Khoà');
    expect(exact.students.map((s) => s.name)).toEqual(['Đặng Khoà']);
  });

  it('ranks the few matches of a whole query the same way when they are read once', async () => {
    // "hoà 239" finds eleven rows ("Hoa 239", "Hoa 2390" … "Hoa 2399"), none with the typed
    // diacritics: the word starts, newest first.
    const { students } = await search(database, admin, 'Hoà 239');
    expect(students.map((s) => s.name)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Trần Văn Hoa ${2399 - i}`),
    );
  });
});

describe('search where the newest rows hold only some of a rank', () => {
  let few: TestDatabase;

  beforeAll(async () => {
    few = await createTestDatabase();
    // Oldest first: twenty "Nguyễn Văn", six hundred others, then three "Nguyễn Thị".
    const names = [
      ...Array.from({ length: 20 }, (_, i) => `Nguyễn Văn An ${i}`),
      ...Array.from({ length: 600 }, (_, i) => `Trần Văn Bình ${i}`),
      ...Array.from({ length: 3 }, (_, i) => `Nguyễn Thị Chi ${i}`),
    ];
    await insertStudents(
      few,
      names.map((name, i) => ({ name, created_at: 10 + i })),
    );
  });
  afterAll(() => few.dispose());

  it('fills the page from older rows too, newest first', async () => {
    const { students } = await search(few, admin, 'nguyen');
    expect(students.map((s) => s.name)).toEqual([
      'Nguyễn Thị Chi 2',
      'Nguyễn Thị Chi 1',
      'Nguyễn Thị Chi 0',
      ...Array.from({ length: 5 }, (_, i) => `Nguyễn Văn An ${19 - i}`),
    ]);
  });
});

describe('search among students made at the same moment (an import)', () => {
  let imported: TestDatabase;

  beforeAll(async () => {
    imported = await createTestDatabase();
    // More than the recent window, all at one time: the newest are told apart by their id.
    await insertStudents(
      imported,
      Array.from({ length: 700 }, (_, i) => ({
        name: i % 2 === 0 ? `Nguyễn Văn Hải ${i}` : `Trần Thị Hà ${i}`,
        created_at: 1_000,
      })),
    );
  });
  afterAll(() => imported.dispose());

  it('shows the last made first, by id, in every rank', async () => {
    const { students } = await search(imported, admin, 'nguyen');
    expect(students.map((s) => s.id)).toEqual(
      Array.from({ length: 8 }, (_, i) => `p-${String(698 - 2 * i).padStart(4, '0')}`),
    );
    const exact = await search(imported, admin, 'Hà');
    expect(exact.students.map((s) => s.name)).toEqual(
      Array.from({ length: 8 }, (_, i) => `Trần Thị Hà ${699 - 2 * i}`),
    );
  });

  it('answers every shape of the search: short or long, with or without marks, any viewer', async () => {
    const instructor = { id: 'p-0001', role: 'instructor' } as PersonRow;
    const student = { id: 'p-0002', role: 'student' } as PersonRow;
    for (const viewer of [admin, instructor, student, null]) {
      for (const [query, name] of [
        ['ng', 'Nguyễn Văn Hải 698'],
        ['Hả', 'Nguyễn Văn Hải 698'],
        ['hai 69', 'Nguyễn Văn Hải 698'],
        ['Hải 69', 'Nguyễn Văn Hải 698'],
      ] as const) {
        const { students, courses, lessons } = await search(imported, viewer, query);
        expect([courses, lessons]).toEqual([[], []]);
        const staff = viewer === admin || viewer === instructor;
        expect(students[0]?.name).toBe(staff ? name : undefined);
      }
    }
  });
});
