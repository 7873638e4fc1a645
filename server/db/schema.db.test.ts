import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureConfigDefaults,
  findPublicConfig,
  findSettings,
} from '../modules/config/config.repository.ts';
import { insertTestPerson } from '../test/factories/people.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '../test/test-database.ts';
import { migrateToLatest } from './database.ts';

const tables = [
  'people',
  'login_mappings',
  'courses',
  'lessons',
  'course_instructors',
  'enrolments',
  'lesson_progress',
  'posts',
  'post_media',
  'post_likes',
  'post_bookmarks',
  'comments',
  'comment_likes',
  'mentions',
  'notifications',
  'push_subscriptions',
  'feedback',
  'activity_logs',
  'error_logs',
  'settings',
  'public_config',
  'server_secrets',
  'media',
  'featured_works',
  'certificates',
] as const;

let database: TestDatabase;
const now = 1_700_000_000_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

async function insertPerson(id: string, role: 'admin' | 'instructor' | 'student' = 'instructor') {
  await insertTestPerson(database.db, {
    id,
    role,
    registration_date: now,
    created_at: now,
    updated_at: now,
  });
}

async function insertPost(id: string, authorId: string, rating: number | null = null) {
  await database.db
    .insertInto('posts')
    .values({
      id,
      kind: 'general',
      author_id: authorId,
      student_id: null,
      tagged_instructor_id: null,
      course_id: null,
      lesson_id: null,
      lesson_title: null,
      text: 'Bài đăng',
      rating,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe(`the data model on ${testDatabaseKind()}`, () => {
  it('creates every table of the spec', async () => {
    for (const table of tables) {
      const result = await sql`select count(*) as n from ${sql.table(table)}`.execute(database.db);
      expect(result.rows, table).toHaveLength(1);
    }
  });

  it('creates public config and settings with the spec defaults, once', async () => {
    await ensureConfigDefaults(database.db, now + 1);
    const config = await findPublicConfig(database.db);
    expect(config).toMatchObject({
      student_access_enabled: 0,
      guest_mode_enabled: 0,
      showcase_enabled: 0,
    });
    const settings = await findSettings(database.db);
    expect(settings).toMatchObject({ upload_service: 'builtin' });
    const rows = await database.db.selectFrom('public_config').select('id').execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps changed config when defaults are ensured again', async () => {
    await database.db
      .updateTable('public_config')
      .set({ guest_mode_enabled: 1 })
      .where('id', '=', 'global')
      .execute();
    await ensureConfigDefaults(database.db, now + 2);
    expect((await findPublicConfig(database.db))?.guest_mode_enabled).toBe(1);
  });

  it('runs migrations again without change', async () => {
    await expect(migrateToLatest(database.db)).resolves.toEqual([]);
  });

  it('returns epoch milliseconds as numbers', async () => {
    await insertPerson('p-num');
    const row = await database.db
      .selectFrom('people')
      .select(['registration_date', 'hide_my_posts'])
      .where('id', '=', 'p-num')
      .executeTakeFirstOrThrow();
    expect(row.registration_date).toBe(now);
    expect(row.hide_my_posts).toBe(0);
  });

  it('allows one like per person per post', async () => {
    await insertPerson('p-like');
    await insertPost('post-like', 'p-like');
    const like = { post_id: 'post-like', person_id: 'p-like', created_at: now };
    await database.db.insertInto('post_likes').values(like).execute();
    await expect(database.db.insertInto('post_likes').values(like).execute()).rejects.toThrow();
    await database.db
      .insertInto('post_likes')
      .values(like)
      .onConflict((oc) => oc.columns(['post_id', 'person_id']).doNothing())
      .execute();
    const likes = await database.db
      .selectFrom('post_likes')
      .selectAll()
      .where('post_id', '=', 'post-like')
      .execute();
    expect(likes).toHaveLength(1);
  });

  it('refuses a rating outside 0 to 10', async () => {
    await insertPerson('p-rate');
    await insertPost('post-ok-0', 'p-rate', 0);
    await insertPost('post-ok-10', 'p-rate', 10);
    await expect(insertPost('post-11', 'p-rate', 11)).rejects.toThrow();
    await expect(insertPost('post-neg', 'p-rate', -1)).rejects.toThrow();
  });

  it('refuses an unknown role or status', async () => {
    await expect(
      sql`insert into people (id, role, status, name, name_search, registration_date, created_at, updated_at)
          values ('p-bad', 'owner', 'active', 'x', 'x', 1, 1, 1)`.execute(database.db),
    ).rejects.toThrow();
  });

  it('enforces foreign keys and cascades a person’s deletion to their posts and likes', async () => {
    await insertPerson('p-gone');
    await insertPost('post-gone', 'p-gone');
    await database.db
      .insertInto('post_likes')
      .values({ post_id: 'post-gone', person_id: 'p-gone', created_at: now })
      .execute();
    await expect(insertPost('post-orphan', 'nobody')).rejects.toThrow();
    await database.db.deleteFrom('people').where('id', '=', 'p-gone').execute();
    expect(
      await database.db.selectFrom('posts').selectAll().where('id', '=', 'post-gone').execute(),
    ).toEqual([]);
    expect(
      await database.db
        .selectFrom('post_likes')
        .selectAll()
        .where('post_id', '=', 'post-gone')
        .execute(),
    ).toEqual([]);
  });

  it('keeps one push subscription per endpoint', async () => {
    await insertPerson('p-push');
    const subscription = {
      id: 's1',
      person_id: 'p-push',
      endpoint: 'https://push.example/abc',
      p256dh: 'k',
      auth: 'a',
      user_agent: null,
      created_at: now,
      refreshed_at: now,
    };
    await database.db.insertInto('push_subscriptions').values(subscription).execute();
    await expect(
      database.db
        .insertInto('push_subscriptions')
        .values({ ...subscription, id: 's2' })
        .execute(),
    ).rejects.toThrow();
  });
});
