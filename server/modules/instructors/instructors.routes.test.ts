import { beforeAll, describe, expect, it } from 'vitest';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';
import { insertTestPost } from '../../test/factories/courses.ts';
import { instructorForm } from '../../test/sessions.ts';

const { t, cookie, ids } = setUpAcademy({
  admin: academyTrio.admin,
  teacher: {
    email: 'gv@example.vn',
    form: instructorForm('Lê Minh Anh', { bio: 'Mười năm làm móng.' }),
  },
  pending: { email: 'cho@example.vn', form: instructorForm('Vũ Thị Chờ') },
  student: academyTrio.student,
});
type Who = keyof typeof cookie | null;
const get = (who: Who, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: cookie[who] } : {} });

beforeAll(async () => {
  // One instructor still waits for an admin's approval.
  await t.database.db
    .updateTable('people')
    .set({ status: 'pending' })
    .where('id', '=', ids.pending)
    .execute();
  await t.app.inject({
    method: 'POST',
    url: '/api/courses',
    headers: { cookie: cookie.admin },
    payload: { name: 'Sơn gel', instructorIds: [ids.teacher] },
  });
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
