import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPerson } from '../test/factories/people.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../test/test-database.ts';
import { decodeKeyset, encodeKeyset, olderThan } from './keyset.ts';

let database: TestDatabase;
const authorId = randomUUID();
const now = 1_700_000_000_000;

beforeAll(async () => {
  database = await createTestDatabase();
  await insertTestPerson(database.db, { id: authorId });
  // 25 posts over 5 moments: five share each time, so pages end in the middle of a tie.
  await database.db
    .insertInto('posts')
    .values(
      Array.from({ length: 25 }, (_, index) => ({
        id: randomUUID(),
        kind: 'general' as const,
        author_id: authorId,
        student_id: null,
        tagged_instructor_id: null,
        course_id: null,
        lesson_id: null,
        lesson_title: null,
        text: `Bài ${index}`,
        rating: null,
        created_at: now + (index % 5) * 1000,
        updated_at: now,
      })),
    )
    .execute();
});
afterAll(async () => {
  await database.dispose();
});

describe(`keyset pages on ${testDatabaseKind()}`, () => {
  it('walks newest first through rows that share a time, each row once, in order', async () => {
    const everything = await database.db
      .selectFrom('posts')
      .select(['id', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const walked: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const before = decodeKeyset(cursor);
      const rows = await database.db
        .selectFrom('posts')
        .select(['id', 'created_at'])
        .$if(before !== undefined, (query) => query.where(olderThan('posts', before!)))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(4)
        .execute();
      walked.push(...rows.map((row) => row.id));
      if (rows.length < 4) break;
      cursor = encodeKeyset({ created_at: Number(rows.at(-1)!.created_at), id: rows.at(-1)!.id });
    }
    expect(walked).toEqual(everything.map((row) => row.id));
  });
});
