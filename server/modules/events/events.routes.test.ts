import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits } from '#shared/limits';
import type { LiveEvent } from '#shared/schemas/events';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/database.ts';
import type { PostgresBus } from '../../db/event-bus.ts';
import { setUpAcademy } from '../../test/academy.ts';
import { openTestEventStream, type TestEventStream } from '../../test/event-stream.ts';
import { instructorForm, signInByLink, signUpActive, studentForm } from '../../test/sessions.ts';

let baseUrl: string;
const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
  other: { email: 'gv2@example.vn', form: instructorForm('Phạm Quốc Bảo') },
  student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
});
const { t, mail, cookie, ids, call } = academy;
type Who = keyof typeof cookie;
const streams: TestEventStream[] = [];

async function listen(who: Who | 'guest', start: { lastEventId?: string; since?: string } = {}) {
  const stream = await openTestEventStream(baseUrl, {
    ...(who === 'guest' ? {} : { cookie: cookie[who] }),
    ...start,
  });
  streams.push(stream);
  return stream;
}

const is =
  (type: LiveEvent['type'], fields: Record<string, unknown> = {}) =>
  (event: LiveEvent) =>
    event.type === type && Object.entries(fields).every(([k, v]) => (event as never)[k] === v);

async function newPost(who: Who, extra: object = {}) {
  const response = await call(who, 'POST', '/api/posts', {
    kind: 'evaluation',
    studentId: ids.student,
    text: 'Màu đều, viền gọn.',
    rating: 8,
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

async function setHideMyPosts(hide: 0 | 1, who: Who) {
  await t.database.db
    .updateTable('people')
    .set({ hide_my_posts: hide })
    .where('id', '=', ids[who])
    .execute();
}

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const stream of streams) stream.close();
});

describe('GET /api/events', () => {
  it('refuses visitors while guest mode is off, and a forged Last-Event-ID', async () => {
    expect((await listen('guest')).status).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/events',
      headers: { cookie: cookie.teacher, 'last-event-id': '../../etc\r\npasswd' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('bad_event_id');
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/events?lastEventId=${'x'.repeat(500)}`,
      headers: { cookie: cookie.teacher },
    });
    expect(long.statusCode).toBe(400);
  });

  it('caps one person’s open streams, with a Vietnamese reason, and frees a place when one closes', async () => {
    const open: TestEventStream[] = [];
    for (let i = 0; i < limits.liveStreamsPerPerson; i += 1) open.push(await listen('other'));
    expect(open.map((stream) => stream.status)).toEqual(
      Array(limits.liveStreamsPerPerson).fill(200),
    );
    const refused = await fetch(`${baseUrl}/api/events`, { headers: { cookie: cookie.other } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toBe(
      'Đang mở quá nhiều kết nối cập nhật trực tiếp. Hãy đóng bớt các thẻ Học viện rồi tải lại trang.',
    );
    // Someone else is not held back by her streams.
    expect((await listen('teacher')).status).toBe(200);
    open[0]?.close();
    await expect.poll(async () => (await listen('other')).status, { timeout: 5_000 }).toBe(200);
    for (const stream of open) stream.close();
  });

  it('delivers a like to everyone who may see the post, and its notification to the author alone', async () => {
    const postId = await newPost('teacher');
    const teacher = await listen('teacher');
    const other = await listen('other');
    const student = await listen('student');
    await call('other', 'PUT', `/api/posts/${postId}/like`, { liked: true });

    for (const stream of [teacher, other, student]) {
      const { event } = await stream.next(is('post.liked', { postId }));
      expect(event).toEqual({ type: 'post.liked', postId, actorId: ids.other, likeCount: 1 });
    }
    await teacher.next(is('notification.created'));
    expect(await other.receivedWithin(is('notification.created'))).toBe(false);
    expect(await student.receivedWithin(is('notification.created'))).toBe(false);

    // A bookmark is private: only the person's own apps hear of it.
    await call('student', 'PUT', `/api/posts/${postId}/bookmark`, { bookmarked: true });
    await student.next(is('post.bookmarked', { postId }));
    expect(await teacher.receivedWithin(is('post.bookmarked'))).toBe(false);

    // Comments reach every viewer; the red dot clears on the author's other devices.
    await call('student', 'POST', `/api/posts/${postId}/comments`, { text: 'Em cảm ơn cô!' });
    await other.next(is('comment.created', { postId }));
    const elsewhere = await listen('teacher');
    await call('teacher', 'POST', '/api/notifications/read');
    await elsewhere.next(is('notifications.read'));
    expect(await student.receivedWithin(is('notifications.read'))).toBe(false);
  });

  it('keeps a hidden post’s events from everyone but those the privacy rule lets see it', async () => {
    const postId = await newPost('teacher');
    await setHideMyPosts(1, 'teacher');
    try {
      const teacher = await listen('teacher');
      const other = await listen('other');
      const admin = await listen('admin');
      await call('teacher', 'POST', `/api/posts/${postId}/comments`, { text: 'Ghi chú riêng.' });
      await teacher.next(is('comment.created', { postId }));
      expect(await other.receivedWithin(is('comment.created', { postId }))).toBe(false);
      expect(await admin.receivedWithin(is('comment.created', { postId }))).toBe(false);
      // Deleting it tells only those who could see it.
      await t.app.inject({
        method: 'DELETE',
        url: `/api/posts/${postId}`,
        headers: { cookie: cookie.teacher },
      });
      await teacher.next(is('post.deleted', { postId }));
      expect(await other.receivedWithin(is('post.deleted', { postId }))).toBe(false);
    } finally {
      await setHideMyPosts(0, 'teacher');
    }
  });

  it('streams to guests while guest mode is on, without personal events', async () => {
    await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 1 }).execute();
    try {
      const guest = await listen('guest');
      expect(guest.status).toBe(200);
      const postId = await newPost('teacher');
      await guest.next(is('post.created', { postId }));
      await call('teacher', 'PUT', `/api/posts/${postId}/bookmark`, { bookmarked: true });
      await call('other', 'PUT', `/api/posts/${postId}/like`, { liked: true });
      await guest.next(is('post.liked', { postId }));
      expect(await guest.receivedWithin(is('post.bookmarked'))).toBe(false);
      expect(await guest.receivedWithin(is('notification.created'))).toBe(false);
      // Guest mode turned off: the guest's stream ends.
      await call('admin', 'PATCH', '/api/admin/public-config', { guestModeEnabled: false });
      // A guest was turned away from nothing of their own: no message.
      expect((await guest.next(is('session.ended'))).event).toEqual({ type: 'session.ended' });
      await guest.ended;
    } finally {
      await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 0 }).execute();
    }
  });

  it('replays what a reconnecting browser missed, and asks it to re-read when that is too old', async () => {
    const first = await listen('other');
    const a = await newPost('teacher');
    const seen = await first.next(is('post.created', { postId: a }));
    first.close();
    const b = await newPost('teacher');
    const c = await newPost('teacher');

    const again = await listen('other', { lastEventId: seen.id });
    const replayed = await again.next(is('post.created', { postId: c }));
    const created = again.received.filter((r) => r.event.type === 'post.created');
    expect(created.map((r) => (r.event as { postId: string }).postId)).toEqual([b, c]);
    expect(replayed.id).not.toBe(seen.id);

    const unknown = await listen('other', { lastEventId: 'gone-123' });
    await unknown.next(is('resync'));
  });

  it('sends a stream opened since a page’s reads what changed after them, and only that', async () => {
    const watcher = await listen('other');
    const before = await newPost('teacher');
    // Once a stream has it, the hub has counted it: the read below is made after it.
    await watcher.next(is('post.created', { postId: before }));
    const read = await call('other', 'GET', '/api/posts');
    expect(read.statusCode).toBe(200);
    const since = read.headers['x-live-position'];
    expect(since).toMatch(/^[A-Za-z0-9_-]{8}\.\d+$/);
    const after = await newPost('teacher');

    const stream = await listen('other', { since: since as string });
    await stream.next(is('post.created', { postId: after }));
    const live = await newPost('teacher');
    await stream.next(is('post.created', { postId: live }));
    const created = stream.received.filter((r) => r.event.type === 'post.created');
    // Nothing the page read before its position comes again.
    expect(created.map((r) => (r.event as { postId: string }).postId)).toEqual([after, live]);
    expect(created.map((r) => (r.event as { postId: string }).postId)).not.toContain(before);

    const now = (await call('other', 'GET', '/api/posts')).headers['x-live-position'] as string;
    const quiet = await listen('other', { since: now });
    expect(await quiet.receivedWithin(() => true)).toBe(false);

    // A position of another process, a restarted one or one that lost messages: read again.
    const elsewhere = await listen('other', { since: 'AAAAAAAA.0' });
    await elsewhere.next(is('resync'));
    const ahead = await listen('other', { since: `${now.split('.')[0]}.999999` });
    await ahead.next(is('resync'));

    for (const forged of ['x', `${now}\r\n`, '../etc.1', `${'A'.repeat(8)}.${'9'.repeat(20)}`]) {
      const refused = await call('other', 'GET', `/api/events?since=${encodeURIComponent(forged)}`);
      expect(refused.statusCode, forged).toBe(400);
    }
    // Only reads carry it: a write's answer is not a point the page read at.
    expect(
      (await call('other', 'POST', '/api/posts', {})).headers['x-live-position'],
    ).toBeUndefined();
  });

  it('ends a student’s stream, saying why, when they are blocked or student access is turned off', async () => {
    const student = await listen('student');
    const teacher = await listen('teacher');
    const blocked = await call('teacher', 'POST', `/api/students/${ids.student}/block`, {
      reason: 'Nghỉ học dài ngày',
    });
    expect(blocked.statusCode).toBe(200);
    // The block signed them out everywhere: only the event can tell their open app why.
    const ended = await student.next(is('session.ended'));
    expect(ended.event).toEqual({
      type: 'session.ended',
      message: 'Tài khoản đang ở trạng thái "Bảo lưu".',
    });
    await student.ended;
    expect(await teacher.receivedWithin(is('session.ended'))).toBe(false);
    await call('teacher', 'POST', `/api/students/${ids.student}/unblock`);

    // Blocking deleted the student's sessions: sign in again.
    cookie.student = await signInByLink(t.app, mail, 'hv@example.vn');
    const back = await listen('student');
    expect(back.status).toBe(200);
    await call('admin', 'PATCH', '/api/admin/public-config', { studentAccessEnabled: false });
    try {
      const ended = await back.next(is('session.ended'));
      expect(ended.event).toEqual({
        type: 'session.ended',
        message: 'Quyền truy cập của học viên hiện đang bị tắt.',
      });
      await back.ended;
      expect(await teacher.receivedWithin(is('session.ended'))).toBe(false);
      expect((await listen('student')).status).toBe(403);
    } finally {
      await call('admin', 'PATCH', '/api/admin/public-config', { studentAccessEnabled: true });
    }
  });

  it('ends the stream of a person deleted by an admin, saying so', async () => {
    const gone = await signUpActive(t.app, mail, {
      leaving: { email: 'gv-nghi@example.vn', form: instructorForm('Đoàn Thị Mơ') },
    });
    const stream = await openTestEventStream(baseUrl, { cookie: gone.cookie.leaving });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/people/${gone.ids.leaving}`,
      headers: { cookie: cookie.admin },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const ended = await stream.next(is('session.ended'));
    expect(ended.event).toEqual({
      type: 'session.ended',
      message: 'Tài khoản của bạn đã bị xóa khỏi học viện.',
    });
    await stream.ended;
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'carries a like made through one server process to a stream on another (LISTEN/NOTIFY)',
    async () => {
      const second = await buildApp({
        config: t.config,
        database: openDatabase({ kind: 'postgres', url: t.database.url! }),
        version: 'second',
        logger: false,
      });
      try {
        await second.listen({ port: 0, host: '127.0.0.1' });
        await (second.database.events as PostgresBus).ready();
        const secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
        const stream = await openTestEventStream(secondUrl, { cookie: cookie.other });
        streams.push(stream);
        const postId = await newPost('teacher');
        await call('admin', 'PUT', `/api/posts/${postId}/like`, { liked: true });
        const { event } = await stream.next(is('post.liked', { postId }));
        expect(event).toMatchObject({ likeCount: 1, actorId: ids.admin });
      } finally {
        await second.close();
        await second.database.close();
      }
    },
  );

  it('tells no one of a notification about a post hidden from them', async () => {
    await t.database.db
      .updateTable('people')
      .set({ hide_mentioned_posts: 1 })
      .where('id', '=', ids.student)
      .execute();
    try {
      const other = await listen('other');
      const student = await listen('student');
      await newPost('teacher', { text: `Cùng xem với @[Phạm Quốc Bảo](${ids.other}) nhé.` });
      // The student may see it (it is about her) and hears of it; the mentioned instructor may not.
      await student.next(is('notification.created'));
      expect(await other.receivedWithin(is('notification.created'))).toBe(false);
    } finally {
      await t.database.db
        .updateTable('people')
        .set({ hide_mentioned_posts: 0 })
        .where('id', '=', ids.student)
        .execute();
    }
  });
});
