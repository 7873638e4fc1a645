import { describe, expect, it } from 'vitest';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';

const academy = setUpAcademy(academyTrio);
const { t, ids, call } = academy;

describe('notifications', () => {
  it('lists what concerns me, newest first, with the actor; unread until I open the list', async () => {
    const post = (
      await call('teacher', 'POST', '/api/posts', {
        kind: 'evaluation',
        studentId: ids.student,
        text: `Tốt lắm, cảm ơn @[Hà](${ids.admin})`,
        rating: 8,
      })
    ).json();
    await call('student', 'PUT', `/api/posts/${post.id}/like`, { liked: true });
    await call('student', 'POST', `/api/posts/${post.id}/comments`, { text: 'Em cảm ơn thầy!' });

    const mine = (await call('teacher', 'GET', '/api/notifications')).json().notifications;
    expect(mine.map((n: { type: string }) => n.type)).toEqual(['commented', 'liked']);
    expect(mine[0]).toMatchObject({ actor: { name: 'Ngô Thị Lan' }, postId: post.id, read: false });
    expect((await call('student', 'GET', '/api/notifications')).json().notifications).toMatchObject(
      [{ type: 'evaluated', actor: { name: 'Lê Minh Anh' } }],
    );

    expect((await call('teacher', 'GET', '/api/notifications/unread')).json().unread).toBe(2);
    await call('teacher', 'POST', '/api/notifications/read');
    expect((await call('teacher', 'GET', '/api/notifications/unread')).json().unread).toBe(0);
    const after = (await call('teacher', 'GET', '/api/notifications')).json().notifications;
    expect(after.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('tells the author of a new like, but not of her own, nor of an unlike or a like again', async () => {
    const post = (
      await call('teacher', 'POST', '/api/posts', { kind: 'general', text: 'Mẫu móng mới' })
    ).json();
    const likesOfPost = async () =>
      (await call('teacher', 'GET', '/api/notifications'))
        .json()
        .notifications.filter(
          (n: { type: string; postId: string }) => n.type === 'liked' && n.postId === post.id,
        );
    expect(
      (await call('teacher', 'PUT', `/api/posts/${post.id}/like`, { liked: true })).json(),
    ).toMatchObject({ liked: true, likeCount: 1 });
    expect(await likesOfPost()).toEqual([]);
    await call('admin', 'PUT', `/api/posts/${post.id}/like`, { liked: true });
    await call('admin', 'PUT', `/api/posts/${post.id}/like`, { liked: true });
    await call('admin', 'PUT', `/api/posts/${post.id}/like`, { liked: false });
    expect(await likesOfPost()).toMatchObject([{ actor: { name: 'Trần Thu Hà' } }]);
  });

  it('never reveals a post hidden from me, and keeps approval requests for admins', async () => {
    const { db } = t.database;
    const before = (await call('admin', 'GET', '/api/notifications')).json().notifications;
    expect(before.map((n: { type: string }) => n.type)).toContain('mentioned');
    await db
      .updateTable('people')
      .set({ hide_my_posts: 1 })
      .where('id', '=', ids.teacher)
      .execute();
    try {
      const hidden = (await call('admin', 'GET', '/api/notifications')).json().notifications;
      expect(hidden.map((n: { type: string }) => n.type)).not.toContain('mentioned');
    } finally {
      await db
        .updateTable('people')
        .set({ hide_my_posts: 0 })
        .where('id', '=', ids.teacher)
        .execute();
    }
    // A stray approval request to a non-admin is not shown to them.
    await db
      .insertInto('notifications')
      .values({
        id: crypto.randomUUID(),
        recipient_id: ids.teacher,
        type: 'approval_request',
        actor_id: ids.student,
        post_id: null,
        comment_id: null,
        course_id: null,
        subject_person_id: ids.student,
        feedback_id: null,
        read_at: null,
        created_at: Date.now(),
      })
      .execute();
    const teacher = (await call('teacher', 'GET', '/api/notifications')).json().notifications;
    expect(teacher.map((n: { type: string }) => n.type)).not.toContain('approval_request');
    // To an admin it says the person waits while she does, and that it was answered after.
    const aboutStudent = async () =>
      (await call('admin', 'GET', '/api/notifications'))
        .json()
        .notifications.filter((n: { actor: { id: string } | null }) => n.actor?.id === ids.student)
        .map((n: { type: string }) => n.type);
    await db
      .updateTable('people')
      .set({ status: 'pending' })
      .where('id', '=', ids.student)
      .execute();
    try {
      expect(await aboutStudent()).toEqual(['approval_request']);
    } finally {
      await db
        .updateTable('people')
        .set({ status: 'active' })
        .where('id', '=', ids.student)
        .execute();
    }
    expect(await aboutStudent()).toEqual(['approval_settled']);
  });

  it('pages by 20 and refuses a forged cursor', async () => {
    const { db } = t.database;
    const now = Date.now();
    await db
      .insertInto('notifications')
      .values(
        Array.from({ length: 25 }, (_, index) => ({
          id: crypto.randomUUID(),
          recipient_id: ids.student,
          type: 'liked',
          actor_id: ids.teacher,
          post_id: null,
          comment_id: null,
          course_id: null,
          subject_person_id: null,
          feedback_id: null,
          read_at: null,
          created_at: now - index,
        })),
      )
      .execute();
    const first = (await call('student', 'GET', '/api/notifications')).json();
    expect(first.notifications).toHaveLength(20);
    const second = (
      await call('student', 'GET', `/api/notifications?cursor=${first.nextCursor}`)
    ).json();
    const all = [...first.notifications, ...second.notifications].map((n: { id: string }) => n.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(26); // 25 + the evaluation
    const forged = await call('student', 'GET', '/api/notifications?cursor=1;drop');
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('Vị trí trang không hợp lệ. Vui lòng tải lại.');
  });
});
