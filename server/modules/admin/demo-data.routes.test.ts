import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';
import { insertTestPerson } from '../../test/factories/people.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-demo-'));
// Registered before the academy, so the folder goes after the app has stopped.
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const { t, ids, call } = setUpAcademy(academyTrio, { env: { DATA_DIR: dataDir } });

/** Every real row that matters, with its counts: what a wipe must leave exactly as it was. */
async function realData() {
  const { db } = t.database;
  return {
    people: await db
      .selectFrom('people')
      .select(['id', 'name', 'status'])
      .where('is_demo', '=', 0)
      .orderBy('id')
      .execute(),
    courses: await db
      .selectFrom('courses')
      .select(['id', 'name'])
      .where('is_demo', '=', 0)
      .orderBy('id')
      .execute(),
    posts: await db
      .selectFrom('posts')
      .select(['id', 'text', 'like_count', 'comment_count'])
      .where('is_demo', '=', 0)
      .orderBy('id')
      .execute(),
    comments: await db
      .selectFrom('comments')
      .select(['id', 'text'])
      .where('is_demo', '=', 0)
      .orderBy('id')
      .execute(),
    enrolments: await db
      .selectFrom('enrolments')
      .innerJoin('people', 'people.id', 'enrolments.person_id')
      .select(['enrolments.person_id', 'enrolments.course_id'])
      .where('people.is_demo', '=', 0)
      .orderBy('enrolments.person_id')
      .orderBy('enrolments.course_id')
      .execute(),
  };
}

beforeAll(async () => {
  const course = await call('admin', 'POST', '/api/courses', {
    name: 'Khóa thật',
    lessons: [{ title: 'Bài thật' }],
  });
  await call('admin', 'PUT', `/api/students/${ids.student}`, {
    name: 'Ngô Thị Lan',
    courseIds: [course.json().id],
  });
  const post = await call('teacher', 'POST', '/api/posts', {
    kind: 'evaluation',
    studentId: ids.student,
    text: 'Bài thật của lớp',
    rating: 9,
  });
  await call('student', 'POST', `/api/posts/${post.json().id}/comments`, { text: 'Cảm ơn cô' });
  await call('admin', 'PUT', `/api/posts/${post.json().id}/like`, { liked: true });
});

describe('demo data', () => {
  it('generates a Vietnamese nail-art academy, flagged, with photos, and refuses a second one', async () => {
    const before = await realData();
    const generated = await call('admin', 'POST', '/api/admin/demo-data');
    expect(generated.statusCode, generated.body).toBe(201);
    expect(generated.json()).toEqual({ people: 15, courses: 3, posts: expect.any(Number) });
    expect(generated.json().posts).toBeGreaterThan(10);

    const { db } = t.database;
    const courses = await db
      .selectFrom('courses')
      .select('name')
      .where('is_demo', '=', 1)
      .execute();
    expect(courses.map((c) => c.name)).toContain('Sơn gel cơ bản');
    const rated = await db
      .selectFrom('posts')
      .select(['rating', 'like_count'])
      .where('is_demo', '=', 1)
      .execute();
    expect(rated.every((p) => p.rating !== null && p.rating >= 0 && p.rating <= 10)).toBe(true);
    const photos = await db
      .selectFrom('post_media')
      .innerJoin('posts', 'posts.id', 'post_media.post_id')
      .select('post_media.url')
      .where('posts.is_demo', '=', 1)
      .execute();
    expect(photos.length).toBeGreaterThan(0);
    const photo = await t.app.inject({ method: 'GET', url: photos[0]!.url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    // Counts equal the rows.
    for (const post of await db
      .selectFrom('posts')
      .select(['id', 'like_count'])
      .where('is_demo', '=', 1)
      .execute()) {
      const likes = await db
        .selectFrom('post_likes')
        .select('person_id')
        .where('post_id', '=', post.id)
        .execute();
      expect(Number(post.like_count)).toBe(likes.length);
    }
    expect(await realData()).toEqual(before);

    const again = await call('admin', 'POST', '/api/admin/demo-data');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'Dữ liệu mẫu đã có. Hãy xóa dữ liệu mẫu cũ trước khi tạo lại.',
    );
    expect((await call('teacher', 'POST', '/api/admin/demo-data')).statusCode).toBe(403);
  });

  it('wipes exactly the demo data: real people, courses, posts and their counts are untouched', async () => {
    const { db } = t.database;
    const before = await realData();
    // Demo people reached into real data: a like and a comment on the real post.
    const demoPerson = await db
      .selectFrom('people')
      .select('id')
      .where('is_demo', '=', 1)
      .executeTakeFirstOrThrow();
    const realPost = before.posts[0]!;
    await db
      .insertInto('post_likes')
      .values({ post_id: realPost.id, person_id: demoPerson.id, created_at: Date.now() })
      .execute();
    await db
      .insertInto('comments')
      .values({
        id: randomUUID(),
        post_id: realPost.id,
        author_id: demoPerson.id,
        parent_id: null,
        text: 'Bình luận mẫu',
        is_demo: 1,
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    await db
      .updateTable('posts')
      .set({
        like_count: Number(realPost.like_count) + 1,
        comment_count: Number(realPost.comment_count) + 1,
      })
      .where('id', '=', realPost.id)
      .execute();

    const demoPost = await db
      .selectFrom('posts')
      .select('id')
      .where('is_demo', '=', 1)
      .executeTakeFirstOrThrow();

    const wiped = await call('admin', 'DELETE', '/api/admin/demo-data');
    expect(wiped.statusCode, wiped.body).toBe(200);
    expect(wiped.json()).toEqual({ people: 0, courses: 0, posts: 0 });
    expect(await realData()).toEqual(before);
    // A demo post's id is spent as any post's: a phone that kept it cannot make it again.
    const reused = await call('teacher', 'POST', '/api/posts', {
      id: demoPost.id,
      kind: 'general',
      text: 'Bài trùng mã',
    });
    expect(reused.statusCode, reused.body).toBe(409);
    expect(reused.json().error.code).toBe('post_id_taken');
    const log = (await call('admin', 'GET', '/api/admin/activity-log')).json();
    expect(log.entries[0].action).toBe('demo.wiped');
  });
});

describe('clean-up', () => {
  it('removes sign-in mappings whose identity is gone, and nothing else', async () => {
    const orphan = randomUUID();
    await insertTestPerson(t.database.db, { id: orphan, role: 'student', name: 'Mồ Côi' });
    await t.database.db
      .insertInto('login_mappings')
      .values({ auth_user_id: 'gone-identity', person_id: orphan, created_at: Date.now() })
      .execute();
    const result = await call('admin', 'POST', '/api/admin/maintenance/cleanup');
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().mappingsRemoved).toBe(1);
    // Everyone signed in still is.
    expect((await call('student', 'GET', '/api/me')).json().state).toBe('member');
    expect((await call('teacher', 'GET', '/api/me')).json().state).toBe('member');
  });
});
