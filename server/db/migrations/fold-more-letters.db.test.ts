import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { search } from '../../modules/search/search.service.ts';
import { insertTestPerson } from '../../test/factories/people.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { migrateToLatest } from '../database.ts';
import type { PersonRow } from '../schema.ts';
import { migrations } from './index.ts';

/*
 * An academy upgraded from the release before 0005: its stored search forms were folded
 * without ł, ø, æ or ß, so "luk" did not find "Łukasz" until the migration wrote them again.
 */
let database: TestDatabase;
const admin = { id: 'admin', role: 'admin' } as PersonRow;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
  });
  const { error } = await migrator.migrateTo('0004-privacy-indexes');
  if (error) throw error;
  // As the earlier fold stored them.
  const stored = [
    { id: 'lukasz', name: 'Łukasz Nowak', name_search: 'łukasz nowak' },
    { id: 'soren', name: 'Søren Ærø', name_search: 'søren ærø' },
    { id: 'hoa', name: 'Nguyễn Thị Hoà', name_search: 'nguyen thi hoa' },
  ];
  for (const { id, name, name_search } of stored) {
    await insertTestPerson(database.db, { id, name, role: 'student' });
    await database.db.updateTable('people').set({ name_search }).where('id', '=', id).execute();
  }
  await database.db
    .insertInto('courses')
    .values({
      id: 'strasse',
      name: 'Vẽ móng kiểu Straße',
      name_search: 've mong kieu straße',
      name_lower: 'vẽ móng kiểu straße',
      description: '',
      image_url: null,
      status: 'active',
      proposer_id: null,
      created_at: 1,
      updated_at: 1,
    })
    .execute();
  await migrateToLatest(database.db);
});
afterAll(() => database.dispose());

describe('migration 0005: more letters folded', () => {
  it('writes the search forms again where today’s fold differs, and leaves the rest', async () => {
    const people = await database.db
      .selectFrom('people')
      .select(['id', 'name', 'name_search'])
      .orderBy('id')
      .execute();
    expect(people).toEqual([
      { id: 'hoa', name: 'Nguyễn Thị Hoà', name_search: 'nguyen thi hoa' },
      { id: 'lukasz', name: 'Łukasz Nowak', name_search: 'lukasz nowak' },
      { id: 'soren', name: 'Søren Ærø', name_search: 'soren aero' },
    ]);
  });

  it('lets a search typed without those letters find the names, courses and lessons', async () => {
    const students = (query: string) =>
      search(database, admin, query).then((found) => found.students.map((s) => s.id));
    expect(await students('luk')).toEqual(['lukasz']);
    expect(await students('Łuk')).toEqual(['lukasz']);
    expect(await students('soren ae')).toEqual(['soren']);
    expect(await students('hoà')).toEqual(['hoa']);
    const courses = await search(database, admin, 'strasse');
    expect(courses.courses.map((course) => course.id)).toEqual(['strasse']);
  });
});
