import { randomUUID } from 'node:crypto';
import { type Compilable, CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestPost } from '../../test/factories/courses.ts';
import { insertTestPerson } from '../../test/factories/people.ts';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from '../../test/test-database.ts';
import {
  commentMentionsQuery,
  commentRowsQuery,
  listCommentRows,
  type WhichComments,
} from './comments.repository.ts';

/*
 * A discussion's window is found by its threads' ids, each looked up, whatever the size of the
 * comments table: on PostgreSQL a recursive query's row count is a guess of thousands, and a
 * plain `in` then read the whole table into a hash to match the window's few ids.
 */
let database: TestDatabase;
let postId = '';
let viewerId = '';

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  viewerId = randomUUID();
  await insertTestPerson(db, { id: viewerId });
  const now = Date.now();
  postId = await insertTestPost(db, { authorId: viewerId, createdAt: now });
  const busy = await insertTestPost(db, { authorId: viewerId, createdAt: now - 1 });
  const rows = [];
  // A long discussion, and a table of many more comments around it; every fourth a reply.
  for (const [post, count, start] of [
    [postId, 3_000, now - 3_000_000],
    [busy, 20_000, now - 90_000_000],
  ] as const) {
    let root = '';
    for (let index = 0; index < count; index += 1) {
      const id = randomUUID();
      const reply = index % 4 === 3;
      rows.push({
        id,
        post_id: post,
        author_id: viewerId,
        parent_id: reply ? root : null,
        text: `Ý ${index}`,
        created_at: start + index * 1_000,
        updated_at: start + index * 1_000,
      });
      if (!reply) root = id;
    }
  }
  for (let at = 0; at < rows.length; at += 500)
    await db
      .insertInto('comments')
      .values(rows.slice(at, at + 500))
      .execute();
  await sql`analyze`.execute(db);
}, 60_000);

afterAll(async () => {
  await database.dispose();
});

/** How the engine plans a query, as text. */
async function planOf(query: Compilable) {
  const { sql: text, parameters } = query.compile();
  const explain = testDatabaseKind() === 'postgres' ? 'explain ' : 'explain query plan ';
  const { rows } = await database.db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(explain + text, [...parameters]),
  );
  return rows.map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n');
}

describe(`a discussion's window on ${testDatabaseKind()}`, () => {
  const latest = (): WhichComments => ({ postId, threads: { latest: 20 } });

  it('finds the latest 20 threads with their replies', async () => {
    const rows = await listCommentRows(database.db, viewerId, latest());
    expect(rows.filter((row) => row.parent_id === null)).toHaveLength(20);
    expect(rows).toHaveLength(27);
  });

  it('looks its comments and their mentions up by id, never reading the table through', async () => {
    for (const query of [
      commentRowsQuery(database.db, viewerId, latest()),
      commentMentionsQuery(database.db, latest()),
    ]) {
      const plan = await planOf(query);
      expect(plan).toMatch(/comments_pkey|sqlite_autoindex_comments_1/);
      expect(plan).not.toMatch(/Seq Scan on comments|SCAN comments\b/);
    }
  });
});
