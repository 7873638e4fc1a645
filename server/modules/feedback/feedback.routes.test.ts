import { describe, expect, it } from 'vitest';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';

const { call, ids } = setUpAcademy(academyTrio);

describe('feedback', () => {
  it('admins see everyone’s feedback and mark it viewed, then resolved; the author is told each time', async () => {
    const sent = await call('student', 'POST', '/api/feedback', { text: 'Xin thêm lớp buổi tối' });
    expect(sent.statusCode).toBe(201);
    const list = (await call('admin', 'GET', '/api/admin/feedback')).json();
    const item = list.feedback[0];
    expect(item).toMatchObject({
      text: 'Xin thêm lớp buổi tối',
      status: 'new',
      author: { id: ids.student, name: 'Ngô Thị Lan' },
      lastUpdatedBy: null,
    });

    const viewed = await call('admin', 'PUT', `/api/admin/feedback/${item.id}/status`, {
      status: 'viewed',
    });
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(viewed.json().feedback[0]).toMatchObject({
      status: 'viewed',
      lastUpdatedBy: { id: ids.admin },
      statusUpdatedAt: expect.any(Number),
    });
    await call('admin', 'PUT', `/api/admin/feedback/${item.id}/status`, { status: 'resolved' });
    // The same status again is no news.
    await call('admin', 'PUT', `/api/admin/feedback/${item.id}/status`, { status: 'resolved' });

    const mine = (await call('student', 'GET', '/api/me/feedback')).json();
    expect(mine.feedback[0].status).toBe('resolved');
    const notifications = (await call('student', 'GET', '/api/notifications')).json();
    expect(notifications.notifications.map((n: { type: string }) => n.type).slice(0, 2)).toEqual([
      'feedback_resolved',
      'feedback_viewed',
    ]);
    expect(
      notifications.notifications.filter((n: { type: string }) => n.type === 'feedback_resolved'),
    ).toHaveLength(1);
  });

  it('refuses unknown feedback, a status outside viewed and resolved, and non-admins', async () => {
    const unknown = await call(
      'admin',
      'PUT',
      '/api/admin/feedback/00000000-0000-4000-8000-000000000000/status',
      { status: 'viewed' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Không tìm thấy góp ý.');
    const item = (await call('admin', 'GET', '/api/admin/feedback')).json().feedback[0];
    const reopened = await call('admin', 'PUT', `/api/admin/feedback/${item.id}/status`, {
      status: 'new',
    });
    expect(reopened.statusCode).toBe(400);
    const byTeacher = await call('teacher', 'PUT', `/api/admin/feedback/${item.id}/status`, {
      status: 'viewed',
    });
    expect(byTeacher.statusCode).toBe(403);
  });

  it('sends feedback and shows its status', async () => {
    const sent = await call('student', 'POST', '/api/feedback', { text: 'Ứng dụng rất tiện!' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().feedback[0]).toMatchObject({ text: 'Ứng dụng rất tiện!', status: 'new' });
    const empty = await call('student', 'POST', '/api/feedback', { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Vui lòng nhập nội dung góp ý.');
    expect((await call('teacher', 'GET', '/api/me/feedback')).json().feedback).toEqual([]);
    expect((await call(null, 'POST', '/api/feedback', { text: 'x' })).statusCode).toBe(401);
  });
});
