import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { insertTestPost } from '../../test/factories/courses.ts';
import { type MailCatcher, startMailCatcher } from '../../test/mail-catcher.ts';
import { instructorForm, signUp, studentForm } from '../../test/sessions.ts';

let t: TestApp;
let mail: MailCatcher;
const cookie = { admin: '', teacher: '', pending: '', student: '' };
const ids = { admin: '', teacher: '', pending: '' };
type Who = keyof typeof cookie | null;
const get = (who: Who, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookie[who] } : {} });

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await buildTestApp({ env: { SMTP_URL: mail.url, PUBLIC_URL: 'http://academy.test' } });
  cookie.admin = await signUp(t.app, mail, 'admin@example.vn', instructorForm('Trần Thu Hà'));
  cookie.teacher = await signUp(
    t.app,
    mail,
    'gv@example.vn',
    instructorForm('Lê Minh Anh', { bio: 'Mười năm làm móng.' }),
  );
  cookie.pending = await signUp(t.app, mail, 'cho@example.vn', instructorForm('Vũ Thị Chờ'));
  cookie.student = await signUp(t.app, mail, 'hv@example.vn', studentForm('Ngô Thị Lan'));
  const { db } = t.database;
  await db
    .updateTable('people')
    .set({ status: 'active' })
    .where('name', '!=', 'Vũ Thị Chờ')
    .execute();
  await db.updateTable('public_config').set({ student_access_enabled: 1 }).execute();
  const people = await db.selectFrom('people').select(['id', 'name']).execute();
  const idOf = (name: string) => people.find((person) => person.name === name)!.id;
  ids.admin = idOf('Trần Thu Hà');
  ids.teacher = idOf('Lê Minh Anh');
  ids.pending = idOf('Vũ Thị Chờ');
  await t.app.inject({
    method: 'POST',
    url: '/api/courses',
    headers: { cookie: cookie.admin },
    payload: { name: 'Sơn gel', instructorIds: [ids.teacher] },
  });
});
afterAll(async () => {
  await t.close();
  await mail.close();
});

describe('instructors', () => {
  it('lists instructors in Vietnamese name order with the courses they teach; admins see pending ones', async () => {
    const asTeacher = (await get('teacher', '/api/instructors')).json().instructors;
    expect(asTeacher.map((i: { name: string }) => i.name)).toEqual(['Lê Minh Anh', 'Trần Thu Hà']);
    expect(asTeacher[0]).toMatchObject({
      role: 'instructor',
      status: 'active',
      courses: [{ name: 'Sơn gel' }],
      phone: '0912345678',
    });
    const asAdmin = (await get('admin', '/api/instructors')).json().instructors;
    expect(asAdmin.map((i: { name: string }) => i.name)).toContain('Vũ Thị Chờ');
    expect((await get('teacher', `/api/instructors/${ids.pending}`)).statusCode).toBe(404);
  });

  it('shows a profile with bio; closed to students; guests get no contact data', async () => {
    const profile = await get('admin', `/api/instructors/${ids.teacher}`);
    expect(profile.json()).toMatchObject({
      name: 'Lê Minh Anh',
      bio: 'Mười năm làm móng.',
      email: 'gv@example.vn',
    });
    expect((await get('student', '/api/instructors')).statusCode).toBe(403);
    expect((await get('student', `/api/instructors/${ids.teacher}`)).statusCode).toBe(403);
    await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 1 }).execute();
    try {
      const guest = (await get(null, `/api/instructors/${ids.teacher}`)).json();
      expect(guest).toMatchObject({ phone: null, email: null, bio: 'Mười năm làm móng.' });
    } finally {
      await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 0 }).execute();
    }
  });

  it("lists an instructor's posts that the viewer may see", async () => {
    const post = await insertTestPost(t.database.db, {
      authorId: ids.teacher,
      text: 'Mẫu mới',
      createdAt: Date.now(),
    });
    await insertTestPost(t.database.db, {
      authorId: ids.admin,
      text: 'Của người khác',
      createdAt: Date.now(),
    });
    const page = (await get('admin', `/api/instructors/${ids.teacher}/posts`)).json();
    expect(page.posts.map((p: { id: string }) => p.id)).toEqual([post]);
    await t.database.db
      .updateTable('people')
      .set({ hide_my_posts: 1 })
      .where('id', '=', ids.teacher)
      .execute();
    expect((await get('admin', `/api/instructors/${ids.teacher}/posts`)).json().posts).toEqual([]);
    expect(
      (await get('teacher', `/api/instructors/${ids.teacher}/posts`)).json().posts,
    ).toHaveLength(1);
    await t.database.db
      .updateTable('people')
      .set({ hide_my_posts: 0 })
      .where('id', '=', ids.teacher)
      .execute();
    const bad = await get('admin', `/api/instructors/${ids.teacher}/posts?cursor=x`);
    expect(bad.statusCode).toBe(400);
    expect((await get('admin', '/api/instructors/nope')).statusCode).toBe(400);
  });
});
