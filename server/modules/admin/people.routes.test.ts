import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';
import {
  completeTestLessons,
  enrolTestStudent,
  insertTestPost,
} from '../../test/factories/courses.ts';
import { insertTestPerson } from '../../test/factories/people.ts';
import { instructorForm, signInByLink, signUp, studentForm } from '../../test/sessions.ts';

// People signed up later, and the course, join the trio under keys of their own.
const { t, mail, cookie, ids, call } = setUpAcademy<string>(academyTrio);
let lessons: string[] = [];

const person = (id: string) =>
  t.database.db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();
const me = async (who: string) => (await call(who, 'GET', '/api/me')).json();
const lastLog = () =>
  t.database.db
    .selectFrom('activity_logs')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();

/** Signs up someone new (pending) and returns their id; their cookie is kept under `key`. */
async function signUpPending(key: string, email: string, form: Parameters<typeof signUp>[3]) {
  cookie[key] = await signUp(t.app, mail, email, form);
  const row = await t.database.db
    .selectFrom('people')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  ids[key] = row.id;
  return row.id;
}

beforeAll(async () => {
  const course = await call('admin', 'POST', '/api/courses', {
    name: 'Sơn gel cơ bản',
    lessons: [{ title: 'Chuẩn bị' }, { title: 'Sơn nền' }, { title: 'Sơn màu' }],
  });
  ids.course = course.json().id;
  lessons = course.json().lessons.map((lesson: { id: string }) => lesson.id);
});

describe('user management lists', () => {
  it('shows admins the pending, oldest first, searchable without diacritics, and no one else', async () => {
    await signUpPending(
      'pendingTeacher',
      'moi@example.vn',
      instructorForm('Đặng Quốc Bảo', {
        proposedCourse: { name: 'Vẽ móng nghệ thuật', description: 'Nét vẽ tay' },
      }),
    );
    await signUpPending('pendingStudent', 'hvmoi@example.vn', studentForm('Vũ Thị Hồng'));

    const pending = await call('admin', 'GET', '/api/admin/people?view=pending');
    expect(pending.statusCode, pending.body).toBe(200);
    const body = pending.json();
    expect(body.people.map((p: { name: string }) => p.name)).toEqual([
      'Đặng Quốc Bảo',
      'Vũ Thị Hồng',
    ]);
    expect(body.pendingCount).toBe(2);
    expect(body.people[0]).toMatchObject({
      role: 'instructor',
      status: 'pending',
      email: 'moi@example.vn',
      proposedCourse: { name: 'Vẽ móng nghệ thuật', description: 'Nét vẽ tay' },
      canSignIn: true,
    });

    const found = await call('admin', 'GET', '/api/admin/people?view=all&q=dang%20quoc');
    expect(found.json().people.map((p: { name: string }) => p.name)).toEqual(['Đặng Quốc Bảo']);
    const byMail = await call('admin', 'GET', '/api/admin/people?view=all&q=HVMOI');
    expect(byMail.json().people.map((p: { name: string }) => p.name)).toEqual(['Vũ Thị Hồng']);

    // Wildcards are taken literally: no one's name or e-mail contains "%".
    const wildcard = await call('admin', 'GET', '/api/admin/people?view=all&q=%25');
    expect(wildcard.json().people).toEqual([]);

    expect((await call('teacher', 'GET', '/api/admin/people')).statusCode).toBe(403);
    expect((await call('student', 'GET', '/api/admin/people')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/admin/people')).statusCode).toBe(401);
    const bad = await call('admin', 'GET', '/api/admin/people?view=everyone');
    expect(bad.statusCode).toBe(400);
  });

  it('lists everyone in Vietnamese order, Đ after D and before V, as the student list does', async () => {
    // A middle name of their own finds just them.
    const names = [
      'Vũ Thứtự Xuân',
      'Đặng Thứtự Bảo',
      'Đỗ Thứtự Đào',
      'Dương Thứtự Dung',
      'Lê Thứtự Ân',
    ];
    for (const name of names) {
      await insertTestPerson(t.database.db, { id: randomUUID(), role: 'student', name });
    }
    const listed = (await call('admin', 'GET', '/api/admin/people?view=all&q=thutu')).json();
    // By given name: Ân, Bảo, Dung, Đào, Xuân.
    expect(listed.people.map((p: { name: string }) => p.name)).toEqual([
      'Lê Thứtự Ân',
      'Đặng Thứtự Bảo',
      'Dương Thứtự Dung',
      'Đỗ Thứtự Đào',
      'Vũ Thứtự Xuân',
    ]);
  });
});

describe('approving and rejecting', () => {
  it('approves an instructor: active, and the proposed course is created with them teaching it', async () => {
    const id = ids.pendingTeacher!;
    const approved = await call('admin', 'POST', `/api/admin/people/${id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'active', proposedCourse: null });

    const course = await t.database.db
      .selectFrom('courses')
      .innerJoin('course_instructors', 'course_instructors.course_id', 'courses.id')
      .select([
        'courses.id',
        'courses.status',
        'courses.proposer_id',
        'course_instructors.person_id',
      ])
      .where('courses.name', '=', 'Vẽ móng nghệ thuật')
      .executeTakeFirstOrThrow();
    expect(course).toMatchObject({ status: 'active', proposer_id: id, person_id: id });

    expect((await me('pendingTeacher')).state).toBe('member');
    const notifications = (await call('pendingTeacher', 'GET', '/api/notifications')).json();
    expect(notifications.notifications[0]).toMatchObject({
      type: 'account_approved',
      courseId: course.id,
      actor: { id: ids.admin },
    });
    expect(await lastLog()).toMatchObject({
      actor_id: ids.admin,
      action: 'instructor.approved',
      target: id,
    });
    // The course's own entry names the admin who opened it and who proposed it.
    const opened = await t.database.db
      .selectFrom('activity_logs')
      .select(['actor_id', 'details'])
      .where('action', '=', 'course.created')
      .where('target', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(opened.actor_id).toBe(ids.admin);
    expect(JSON.parse(String(opened.details))).toEqual({ proposedBy: id });

    // Approving twice changes nothing and says why.
    const again = await call('admin', 'POST', `/api/admin/people/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Tài khoản này không còn ở trạng thái chờ duyệt.');
    const courses = await t.database.db
      .selectFrom('courses')
      .select('id')
      .where('name', '=', 'Vẽ móng nghệ thuật')
      .execute();
    expect(courses).toHaveLength(1);
  });

  it('approves a student to "Đang học" and rejects another by deleting the record', async () => {
    const approved = await call('admin', 'POST', `/api/admin/people/${ids.pendingStudent}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('active');
    expect((await me('pendingStudent')).person.status).toBe('active');

    const rejectedId = await signUpPending(
      'rejected',
      'tuchoi@example.vn',
      studentForm('Lý Văn Tú'),
    );
    const rejected = await call('admin', 'POST', `/api/admin/people/${rejectedId}/reject`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await person(rejectedId)).toBeUndefined();
    // Signed out with the record; signing in again starts over at onboarding.
    expect((await me('rejected')).state).toBe('anonymous');
    cookie.rejected = await signInByLink(t.app, mail, 'tuchoi@example.vn');
    expect((await me('rejected')).state).toBe('new');
    expect((await call('admin', 'POST', `/api/admin/people/${rejectedId}/reject`)).statusCode).toBe(
      404,
    );
    expect((await lastLog()).action).toBe('student.rejected');

    // An active person is not rejected: that would be a deletion under another name.
    const active = await call('admin', 'POST', `/api/admin/people/${ids.student}/reject`);
    expect(active.statusCode).toBe(409);
    expect(await person(ids.student!)).toBeDefined();
  });

  it('answers a malformed or unknown id with a Vietnamese 4xx', async () => {
    const malformed = await call('admin', 'POST', '/api/admin/people/not-an-id/approve');
    expect(malformed.statusCode).toBe(400);
    const unknown = await call('admin', 'POST', `/api/admin/people/${randomUUID()}/approve`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Không tìm thấy người dùng.');
  });
});

describe('blocking', () => {
  it('blocks an instructor with a reason at once, updates the reason, and unblocks', async () => {
    const id = ids.pendingTeacher!;
    const noReason = await call('admin', 'POST', `/api/admin/people/${id}/block`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Vui lòng nhập lý do bảo lưu.');

    const blocked = await call('admin', 'POST', `/api/admin/people/${id}/block`, {
      reason: 'Nghỉ dạy tạm thời',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({
      status: 'blocked',
      ban: { reason: 'Nghỉ dạy tạm thời', by: { id: ids.admin } },
    });
    const bannedAt = blocked.json().ban.at;
    // Their session ended with the block.
    expect((await call('pendingTeacher', 'GET', '/api/posts')).statusCode).toBe(401);

    const listed = (await call('admin', 'GET', '/api/admin/people?view=blocked')).json();
    expect(listed.people.map((p: { id: string }) => p.id)).toContain(id);

    const reason = await call('admin', 'POST', `/api/admin/people/${id}/block`, {
      reason: 'Nghỉ dạy đến tháng 3',
    });
    expect(reason.json().ban).toMatchObject({ reason: 'Nghỉ dạy đến tháng 3', at: bannedAt });
    expect((await lastLog()).action).toBe('instructor.ban_reason_updated');

    const unblocked = await call('admin', 'POST', `/api/admin/people/${id}/unblock`);
    expect(unblocked.json()).toMatchObject({ status: 'active', ban: null });
    expect((await call('admin', 'POST', `/api/admin/people/${id}/unblock`)).statusCode).toBe(409);
  });

  it('refuses to block oneself or someone still waiting for approval', async () => {
    const self = await call('admin', 'POST', `/api/admin/people/${ids.admin}/block`, {
      reason: 'Thử',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('Không thể chặn chính mình.');
    const waitingId = await signUpPending('waiting', 'cho@example.vn', studentForm('Mai Thị Cúc'));
    const waiting = await call('admin', 'POST', `/api/admin/people/${waitingId}/block`, {
      reason: 'Thử',
    });
    expect(waiting.statusCode).toBe(409);
    expect((await person(waitingId))?.status).toBe('pending');
  });
});

describe('roles', () => {
  it('makes an instructor an admin and back, but never leaves the academy without an admin', async () => {
    const promoted = await call('admin', 'PUT', `/api/admin/people/${ids.teacher}/role`, {
      role: 'admin',
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json().role).toBe('admin');
    expect((await me('teacher')).can.manageUsers).toBe(true);
    expect(await lastLog()).toMatchObject({ action: 'person.role_changed', target: ids.teacher });

    const demoted = await call('teacher', 'PUT', `/api/admin/people/${ids.teacher}/role`, {
      role: 'instructor',
    });
    expect(demoted.json().role).toBe('instructor');

    // The one admin left cannot step down.
    const last = await call('admin', 'PUT', `/api/admin/people/${ids.admin}/role`, {
      role: 'instructor',
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.message).toBe(
      'Học viện cần ít nhất một quản trị viên đang hoạt động.',
    );
    expect((await person(ids.admin!))?.role).toBe('admin');

    const student = await call('admin', 'PUT', `/api/admin/people/${ids.student}/role`, {
      role: 'admin',
    });
    expect(student.statusCode).toBe(409);
    const forged = await call('admin', 'PUT', `/api/admin/people/${ids.teacher}/role`, {
      role: 'student',
    });
    expect(forged.statusCode).toBe(400);
  });

  it('lets only one of two admins demoting each other at the same moment succeed', async () => {
    await call('admin', 'PUT', `/api/admin/people/${ids.teacher}/role`, { role: 'admin' });
    const [a, b] = await Promise.all([
      call('admin', 'PUT', `/api/admin/people/${ids.teacher}/role`, { role: 'instructor' }),
      call('teacher', 'PUT', `/api/admin/people/${ids.admin}/role`, { role: 'instructor' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual(
      // The second either finds the academy with one admin left, or no longer is an admin.
      expect.arrayContaining([200]),
    );
    const admins = await t.database.db
      .selectFrom('people')
      .select('id')
      .where('role', '=', 'admin')
      .where('status', '=', 'active')
      .execute();
    expect(admins).toHaveLength(1);
    // Put things back: the original admin stays admin, the teacher an instructor.
    const [admin] = admins;
    if (admin!.id !== ids.admin) {
      await t.database.db
        .updateTable('people')
        .set({ role: 'admin' })
        .where('id', '=', ids.admin!)
        .execute();
      await t.database.db
        .updateTable('people')
        .set({ role: 'instructor' })
        .where('id', '=', ids.teacher!)
        .execute();
    }
  });
});

describe('deleting people', () => {
  it('refuses to delete oneself', async () => {
    const self = await call('admin', 'DELETE', `/api/admin/people/${ids.admin}`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('Không thể xóa chính mình.');
  });

  it('deletes a person and takes their likes and comments out of every count', async () => {
    const leaving = randomUUID();
    await insertTestPerson(t.database.db, { id: leaving, name: 'Người sắp rời' });
    const cookieless = await call('teacher', 'POST', '/api/posts', {
      kind: 'general',
      text: 'Buổi học hôm nay',
    });
    const postId = cookieless.json().id as string;
    const comment = await call('student', 'POST', `/api/posts/${postId}/comments`, {
      text: 'Đẹp quá',
    });
    const commentId = comment.json().id as string;
    const { db } = t.database;
    await db
      .insertInto('post_likes')
      .values({ post_id: postId, person_id: leaving, created_at: Date.now() })
      .execute();
    await db
      .insertInto('comment_likes')
      .values({ comment_id: commentId, person_id: leaving, created_at: Date.now() })
      .execute();
    await db
      .insertInto('comments')
      .values({
        id: randomUUID(),
        post_id: postId,
        author_id: leaving,
        parent_id: null,
        text: 'Cảm ơn cô',
        created_at: Date.now(),
        updated_at: Date.now(),
      })
      .execute();
    await db
      .updateTable('posts')
      .set({ like_count: 1, comment_count: 2 })
      .where('id', '=', postId)
      .execute();
    await db.updateTable('comments').set({ like_count: 1 }).where('id', '=', commentId).execute();

    const deleted = await call('admin', 'DELETE', `/api/admin/people/${leaving}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await person(leaving)).toBeUndefined();
    const post = await db
      .selectFrom('posts')
      .select(['like_count', 'comment_count'])
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    expect({ likes: Number(post.like_count), comments: Number(post.comment_count) }).toEqual({
      likes: 0,
      comments: 1,
    });
    const kept = await db
      .selectFrom('comments')
      .select('like_count')
      .where('id', '=', commentId)
      .executeTakeFirstOrThrow();
    expect(Number(kept.like_count)).toBe(0);
    expect(await lastLog()).toMatchObject({ action: 'person.deleted', target: leaving });
    expect((await call('admin', 'DELETE', `/api/admin/people/${leaving}`)).statusCode).toBe(404);
  });
});

describe('merging a pending student into an existing profile', () => {
  it('combines enrolments, progress and evaluations, rewrites the sign-in, and deletes the pending record', async () => {
    const { db } = t.database;
    const now = Date.now();
    // The profile staff keep for her: enrolled, lesson 1 done with a summary.
    const existing = await call('admin', 'POST', '/api/students', {
      name: 'Hoàng Thị Mai',
      courseIds: [ids.course],
    });
    const targetId = existing.json().id as string;
    await completeTestLessons(db, targetId, ids.course!, [lessons[0]!], now - 5_000);
    await db
      .updateTable('lesson_progress')
      .set({ summary: 'Chuẩn bị móng kỹ.' })
      .where('person_id', '=', targetId)
      .execute();
    // She signs up herself: pending, with her own progress and an evaluation already about her.
    const pendingId = await signUpPending('mai', 'mai@example.vn', studentForm('Hoàng Mai'));
    const second = await call('admin', 'POST', '/api/courses', {
      name: 'Đắp bột',
      lessons: [{ title: 'Bột cơ bản' }],
    });
    const secondCourse = second.json().id as string;
    await enrolTestStudent(db, pendingId, ids.course!, now - 1_000);
    await enrolTestStudent(db, pendingId, secondCourse, now - 1_000);
    await completeTestLessons(db, pendingId, ids.course!, [lessons[0]!, lessons[1]!], now);
    await db
      .updateTable('lesson_progress')
      .set({ summary: 'Nền sơn đều.' })
      .where('person_id', '=', pendingId)
      .where('lesson_id', '=', lessons[0]!)
      .execute();
    const evaluation = await insertTestPost(db, {
      authorId: ids.teacher!,
      studentId: pendingId,
      courseId: ids.course!,
      text: `Tiến bộ rõ @[Mai](${pendingId})`,
      rating: 8,
      createdAt: now,
      mentionIds: [pendingId],
    });

    const intoSelf = await call('admin', 'POST', `/api/admin/people/${pendingId}/merge`, {
      targetId: pendingId,
    });
    expect(intoSelf.statusCode).toBe(400);
    const otherPendingId = ids.waiting!;
    const intoPending = await call('admin', 'POST', `/api/admin/people/${pendingId}/merge`, {
      targetId: otherPendingId,
    });
    expect(intoPending.statusCode).toBe(409);
    const gone = await call('admin', 'POST', `/api/admin/people/${pendingId}/merge`, {
      targetId: randomUUID(),
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Hồ sơ học viên hiện tại không còn tồn tại.');
    expect((await person(pendingId))?.status).toBe('pending');

    const merged = await call('admin', 'POST', `/api/admin/people/${pendingId}/merge`, {
      targetId,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({
      id: targetId,
      status: 'active',
      email: 'mai@example.vn',
      canSignIn: true,
    });
    expect(await person(pendingId)).toBeUndefined();

    const enrolled = await db
      .selectFrom('enrolments')
      .select(['course_id', 'enrolled_at'])
      .where('person_id', '=', targetId)
      .execute();
    expect(enrolled.map((row) => row.course_id).sort()).toEqual([ids.course, secondCourse].sort());
    const progress = await db
      .selectFrom('lesson_progress')
      .select(['lesson_id', 'completed', 'summary'])
      .where('person_id', '=', targetId)
      .orderBy('last_updated_at')
      .execute();
    expect(progress).toHaveLength(2);
    const first = progress.find((row) => row.lesson_id === lessons[0]);
    expect(first).toMatchObject({ completed: 1, summary: 'Chuẩn bị móng kỹ.\n\nNền sơn đều.' });
    expect(progress.find((row) => row.lesson_id === lessons[1])?.completed).toBe(1);

    const post = await db
      .selectFrom('posts')
      .select(['student_id', 'text'])
      .where('id', '=', evaluation)
      .executeTakeFirstOrThrow();
    expect(post).toEqual({ student_id: targetId, text: `Tiến bộ rõ @[Mai](${targetId})` });

    // Her sign-in now leads to the profile, active.
    const after = await me('mai');
    expect(after.state).toBe('member');
    expect(after.person.id).toBe(targetId);
    expect(await lastLog()).toMatchObject({ action: 'student.merged', target: targetId });

    // Merging what is no longer pending is refused.
    expect(
      (
        await call('admin', 'POST', `/api/admin/people/${targetId}/merge`, {
          targetId: ids.student,
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('a sign-up with the e-mail of a profile staff made', () => {
  it('is offered that profile at onboarding, and the admin is offered the merge', async () => {
    const email = 'chau.offered@example.vn';
    const made = await call('admin', 'POST', '/api/students', {
      name: 'Phạm Bảo Châu 💅',
      email: 'Chau.Offered@Example.vn',
      courseIds: [ids.course],
    });
    expect(made.statusCode, made.body).toBe(201);
    const profileId = made.json().id as string;
    // A profile with a signed-in person's address is refused now (one address, one person).
    const taken = await call('admin', 'POST', '/api/students', {
      name: 'Ngô Thị Lan (bản sao)',
      email: 'hv@example.vn',
    });
    expect(taken.statusCode, taken.body).toBe(409);
    // One kept from before that rule is never offered either (its sign-in leads elsewhere).
    await insertTestPerson(t.database.db, {
      id: randomUUID(),
      role: 'student',
      name: 'Ngô Thị Lan (bản sao)',
      email: 'hv@example.vn',
    });

    // Signed in, not yet onboarded: the app names the profile waiting for her.
    cookie.chau = await signInByLink(t.app, mail, email);
    expect(await me('chau')).toEqual({
      state: 'new',
      email,
      studentProfile: { name: 'Phạm Bảo Châu 💅' },
    });
    const onboarded = await call('chau', 'POST', '/api/onboarding', studentForm('Châu'));
    expect(onboarded.statusCode, onboarded.body).toBe(200);
    const pending = await t.database.db
      .selectFrom('people')
      .select('id')
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();

    // The admin's list and the person's own answer name the profile to merge into.
    const list = await call('admin', 'GET', '/api/admin/people?view=pending');
    const listed = list.json().people.find((row: { id: string }) => row.id === pending.id);
    expect(listed.matchingProfile).toMatchObject({ id: profileId, name: 'Phạm Bảo Châu 💅' });
    // A pending student whose address matches no unclaimed profile is offered nothing.
    const others = list
      .json()
      .people.filter((row: { id: string }) => row.id !== pending.id)
      .map((row: { matchingProfile: unknown }) => row.matchingProfile);
    expect(others.every((match: unknown) => match === null)).toBe(true);

    // The admin confirms: one profile, her sign-in leads to it.
    const merged = await call('admin', 'POST', `/api/admin/people/${pending.id}/merge`, {
      targetId: profileId,
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json()).toMatchObject({ id: profileId, canSignIn: true, matchingProfile: null });
    const after = await call('admin', 'GET', '/api/admin/people?view=pending');
    expect(after.json().people.some((row: { id: string }) => row.id === pending.id)).toBe(false);
  });

  it('offers no profile to an instructor who signs up with its e-mail', async () => {
    const made = await call('admin', 'POST', '/api/students', {
      name: 'Lê Hồng Nhung',
      email: 'nhung.gv@example.vn',
    });
    expect(made.statusCode).toBe(201);
    cookie.nhung = await signUp(
      t.app,
      mail,
      'nhung.gv@example.vn',
      instructorForm('Lê Hồng Nhung'),
    );
    const teacher = await t.database.db
      .selectFrom('people')
      .select('id')
      .where('email', '=', 'nhung.gv@example.vn')
      .where('role', '=', 'instructor')
      .executeTakeFirstOrThrow();
    const list = await call('admin', 'GET', '/api/admin/people?view=pending');
    const listed = list.json().people.find((row: { id: string }) => row.id === teacher.id);
    expect(listed).toMatchObject({ status: 'pending', matchingProfile: null });
  });
});
