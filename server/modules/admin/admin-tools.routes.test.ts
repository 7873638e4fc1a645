import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';
import { openTestEventStream } from '../../test/event-stream.ts';
import { insertTestPerson } from '../../test/factories/people.ts';
import { recordError } from '../error-logs/error-logs.service.ts';

let baseUrl: string;
const academy = setUpAcademy(academyTrio, { live: { logWatchMs: 50 } });
const { t, cookie, ids, call } = academy;

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe('activity and error logs', () => {
  it('lists the latest 100 staff actions newest first, with actor and target names', async () => {
    const course = await call('admin', 'POST', '/api/courses', {
      name: 'Sơn gel cơ bản',
      lessons: [{ title: 'Chuẩn bị' }],
    });
    const courseId = course.json().id;
    const onHold = randomUUID();
    await insertTestPerson(t.database.db, { id: onHold, role: 'student', name: 'Vũ Thị Hồng' });
    await call('admin', 'POST', `/api/students/${onHold}/block`, { reason: 'Nghỉ ốm' });
    const log = (await call('admin', 'GET', '/api/admin/activity-log')).json();
    expect(log.entries[0]).toMatchObject({
      action: 'student.blocked',
      actor: { id: ids.admin, name: 'Trần Thu Hà' },
      target: onHold,
      targetName: 'Vũ Thị Hồng',
      details: { reason: 'Nghỉ ốm' },
    });
    expect(
      log.entries.find((e: { action: string }) => e.action === 'course.created'),
    ).toMatchObject({ target: courseId, targetName: 'Sơn gel cơ bản' });
    const times = log.entries.map((e: { createdAt: number }) => e.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    for (let index = 0; index < 110; index += 1) {
      await t.database.db
        .insertInto('activity_logs')
        .values({
          actor_id: ids.admin,
          action: 'test.filler',
          target: null,
          details: null,
          created_at: Date.now(),
        })
        .execute();
    }
    expect((await call('admin', 'GET', '/api/admin/activity-log')).json().entries).toHaveLength(
      100,
    );
  });

  it('lists failures with context, message and user; admins only', async () => {
    await recordError(t.database.db, t.app.log, {
      context: 'posts.create',
      message: 'Đăng bài thất bại.',
      user: { id: ids.teacher, name: 'Lê Minh Anh' },
      extra: { status: 500 },
    });
    const log = (await call('admin', 'GET', '/api/admin/error-log')).json();
    expect(log.entries[0]).toMatchObject({
      context: 'posts.create',
      message: 'Đăng bài thất bại.',
      userId: ids.teacher,
      userName: 'Lê Minh Anh',
      extra: { status: 500 },
    });
    expect((await call('teacher', 'GET', '/api/admin/error-log')).statusCode).toBe(403);
    expect((await call('student', 'GET', '/api/admin/activity-log')).statusCode).toBe(403);
  });

  it('tells connected admins, and only admins, that the logs changed', async () => {
    const adminStream = await openTestEventStream(baseUrl, { cookie: cookie.admin });
    const teacherStream = await openTestEventStream(baseUrl, { cookie: cookie.teacher });
    const logsUpdated = (event: { type: string }) => event.type === 'logs.updated';
    try {
      // The first look after an admin connects tells them; then each new entry does.
      await adminStream.next(logsUpdated);
      const before = adminStream.received.length;
      await call('admin', 'POST', '/api/courses', { name: 'Vẽ móng', lessons: [{ title: 'Nét' }] });
      await expect
        .poll(() => adminStream.received.slice(before).some((r) => logsUpdated(r.event)))
        .toBe(true);
      expect(await teacherStream.receivedWithin(logsUpdated, 200)).toBe(false);
    } finally {
      adminStream.close();
      teacherStream.close();
    }
  });
});

describe('public config switches', () => {
  const patch = (payload: object) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/admin/public-config',
      headers: { cookie: cookie.admin },
      payload,
    });
  const config = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/public-config' })).json();

  it('switches guest mode, and refuses a switch made from a screen another admin made stale', async () => {
    const on = await patch({ guestModeEnabled: true, previous: { guestModeEnabled: false } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().guestModeEnabled).toBe(true);
    const log = (await call('admin', 'GET', '/api/admin/activity-log')).json();
    expect(log.entries[0]).toMatchObject({
      action: 'config.updated',
      details: { guestModeEnabled: true },
    });

    // A second admin's screen still shows guest mode off and asks to turn student access on
    // while "correcting" guest mode: nothing is written.
    const stale = await patch({
      guestModeEnabled: true,
      studentAccessEnabled: false,
      previous: { guestModeEnabled: false },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'Cài đặt vừa được quản trị viên khác thay đổi. Màn hình đã cập nhật, vui lòng xem lại rồi thử lại.',
    );
    expect(await config()).toMatchObject({ guestModeEnabled: true, studentAccessEnabled: true });

    const off = await patch({ guestModeEnabled: false, previous: { guestModeEnabled: true } });
    expect(off.json().guestModeEnabled).toBe(false);
  });

  it('refuses an empty change, unknown switches and non-admins', async () => {
    expect((await patch({})).statusCode).toBe(400);
    expect((await patch({ previous: { guestModeEnabled: false } })).statusCode).toBe(400);
    expect((await patch({ maintenanceMode: true })).statusCode).toBe(400);
    const byTeacher = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/public-config',
      headers: { cookie: cookie.teacher },
      payload: { guestModeEnabled: true },
    });
    expect(byTeacher.statusCode).toBe(403);
  });
});
