import { describe, expect, it } from 'vitest';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';
import { insertTestPost } from '../../test/factories/courses.ts';

const academy = setUpAcademy(academyTrio);
const { t, ids, call } = academy;

describe('my profile', () => {
  it('edits my details; role, status and e-mail cannot be sent', async () => {
    const edited = await call('teacher', 'PUT', '/api/me/profile', {
      name: 'Lê Minh Anh',
      phone: '+84 912 000 111',
      address: '',
      dob: '1990-01-02',
      bio: 'Chuyên vẽ hoa.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      phone: '0912000111',
      address: null,
      dob: '1990-01-02',
      bio: 'Chuyên vẽ hoa.',
    });
    for (const extra of [{ role: 'admin' }, { status: 'active' }, { email: 'x@example.vn' }]) {
      const refused = await call('teacher', 'PUT', '/api/me/profile', {
        name: 'Lê Minh Anh',
        ...extra,
      });
      expect(refused.statusCode).toBe(400);
    }
    const me = (await call('teacher', 'GET', '/api/me')).json();
    expect(me.person).toMatchObject({ role: 'instructor', email: 'gv@example.vn' });
    const badPhone = await call('teacher', 'PUT', '/api/me/profile', {
      name: 'Lê Minh Anh',
      phone: '123',
    });
    expect(badPhone.body).toContain('Số điện thoại không hợp lệ.');
  });

  it('an edit naming only my name keeps my phone, address, birthday and bio', async () => {
    const full = await call('admin', 'PUT', '/api/me/profile', {
      name: 'Trần Thu Hà',
      phone: '0912 000 222',
      address: '5 Hàng Bạc, Hà Nội',
      dob: '1991-02-03',
      bio: 'Chuyên đắp bột.',
    });
    expect(full.statusCode, full.body).toBe(200);
    const renamed = await call('admin', 'PUT', '/api/me/profile', { name: 'Trần Thu Hà My' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Trần Thu Hà My',
      phone: '0912000222',
      address: '5 Hàng Bạc, Hà Nội',
      dob: '1991-02-03',
      bio: 'Chuyên đắp bột.',
    });
    const cleared = await call('admin', 'PUT', '/api/me/profile', { bio: '' });
    expect(cleared.json()).toMatchObject({ name: 'Trần Thu Hà My', bio: null });
    await call('admin', 'PUT', '/api/me/profile', { name: 'Trần Thu Hà' });
  });

  it('a student keeps no bio and has no privacy settings', async () => {
    const edited = await call('student', 'PUT', '/api/me/profile', {
      name: 'Ngô Thị Lan',
      bio: 'x',
    });
    expect(edited.json().bio).toBeNull();
    const privacy = await call('student', 'PUT', '/api/me/privacy', {
      hideMyPosts: true,
      hideMentionedPosts: false,
    });
    expect(privacy.statusCode).toBe(403);
  });

  it('privacy settings hide my posts from others at once', async () => {
    const post = await insertTestPost(t.database.db, {
      authorId: ids.teacher,
      text: 'Của tôi',
      createdAt: Date.now(),
    });
    const visible = async () =>
      (await call('admin', 'GET', `/api/instructors/${ids.teacher}/posts`))
        .json()
        .posts.map((p: { id: string }) => p.id);
    expect(await visible()).toEqual([post]);
    const saved = await call('teacher', 'PUT', '/api/me/privacy', {
      hideMyPosts: true,
      hideMentionedPosts: true,
    });
    expect(saved.json().privacy).toEqual({ hideMyPosts: true, hideMentionedPosts: true });
    expect(await visible()).toEqual([]);
    await call('teacher', 'PUT', '/api/me/privacy', {
      hideMyPosts: false,
      hideMentionedPosts: false,
    });
    expect(await visible()).toEqual([post]);
  });

  it('lists the posts I bookmarked that I may still see', async () => {
    const { db } = t.database;
    const saved = await insertTestPost(db, {
      authorId: ids.admin,
      text: 'Mẫu đẹp',
      createdAt: Date.now(),
    });
    await insertTestPost(db, { authorId: ids.admin, text: 'Không lưu', createdAt: Date.now() });
    await db
      .insertInto('post_bookmarks')
      .values({ post_id: saved, person_id: ids.student, created_at: Date.now() })
      .execute();
    const page = (await call('student', 'GET', '/api/me/bookmarks')).json();
    expect(page.posts.map((p: { id: string }) => p.id)).toEqual([saved]);
    await db.updateTable('people').set({ hide_my_posts: 1 }).where('id', '=', ids.admin).execute();
    expect((await call('student', 'GET', '/api/me/bookmarks')).json().posts).toEqual([]);
    await db.updateTable('people').set({ hide_my_posts: 0 }).where('id', '=', ids.admin).execute();
  });
});
