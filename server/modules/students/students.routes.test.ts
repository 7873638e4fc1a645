import { beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '#shared/errors';
import { setUpAcademy } from '../../test/academy.ts';
import { insertTestPost } from '../../test/factories/courses.ts';
import { insertTestPerson } from '../../test/factories/people.ts';
import { instructorForm, signInByLink, signUp, studentForm } from '../../test/sessions.ts';

const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
  other: { email: 'gv2@example.vn', form: instructorForm('Phạm Văn Đức') },
  student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
});
const { t, mail, cookie, call } = academy;
const ids = academy.ids as typeof academy.ids & { gel: string; art: string };
let gelLessons: string[] = [];

type Who = keyof typeof cookie | null;
const _headers = (who: Who) => (who ? { cookie: cookie[who] } : {});

beforeAll(async () => {
  const gel = await call('admin', 'POST', '/api/courses', {
    name: 'Sơn gel',
    lessons: [{ title: 'Chuẩn bị' }, { title: 'Sơn nền' }, { title: 'Sơn màu' }],
  });
  ids.gel = gel.json().id;
  gelLessons = gel.json().lessons.map((lesson: { id: string }) => lesson.id);
  const art = await call('admin', 'POST', '/api/courses', {
    name: 'Vẽ móng',
    lessons: [{ title: 'Nét cơ bản' }],
  });
  ids.art = art.json().id;
});

// One address is one person's: each student made here gets her own (the first, Dao@Example.vn).
let made = 0;
const newStudent = (overrides: object = {}) => ({
  name: 'Đặng Thị Đào',
  phone: '0912 345 678',
  email: `Dao${made++ || ''}@Example.vn`,
  address: '12 Lý Thường Kiệt, Hà Nội',
  dob: '2001-04-30',
  courseIds: [] as string[],
  ...overrides,
});

describe('students: adding, editing, deleting', () => {
  it('staff add an active student enrolled in courses, with the phone and e-mail normalised', async () => {
    const response = await call(
      'teacher',
      'POST',
      '/api/students',
      newStudent({ courseIds: [ids.gel, ids.art] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Đặng Thị Đào',
      phone: '0912345678',
      email: 'dao@example.vn',
      dob: '2001-04-30',
      status: 'active',
      ban: null,
      courses: [
        {
          id: ids.gel,
          name: 'Sơn gel',
          lessons: [{ title: 'Chuẩn bị', completed: false }, {}, {}],
        },
        { id: ids.art, name: 'Vẽ móng' },
      ],
    });
    const logged = await t.database.db
      .selectFrom('activity_logs')
      .select('action')
      .where('target', '=', response.json().id)
      .execute();
    expect(logged.map((row) => row.action)).toEqual(['student.created']);
  });

  it.each([
    [{ phone: '12345' }, 'Số điện thoại không hợp lệ.'],
    [{ email: 'not-an-email' }, 'Email không hợp lệ.'],
    [{ dob: '2001-02-30' }, 'Ngày sinh không hợp lệ.'],
    [{ dob: '2999-01-01' }, 'Ngày sinh không thể ở tương lai.'],
    [{ name: ' ' }, 'Vui lòng nhập họ và tên.'],
    [{ courseIds: ['x'] }, 'Không tìm thấy khóa học.'],
    [{ status: 'active' }, 'Dữ liệu không hợp lệ.'],
  ])('refuses %j with a Vietnamese message and saves nothing', async (overrides, message) => {
    const before = await t.database.db.selectFrom('people').select('id').execute();
    const response = await call(
      'teacher',
      'POST',
      '/api/students',
      newStudent({ name: 'Hồ Sai', ...overrides }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect(await t.database.db.selectFrom('people').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('refuses an unknown course id that is well formed, saving nothing', async () => {
    const response = await call(
      'teacher',
      'POST',
      '/api/students',
      newStudent({ name: 'Hồ Không Lưu', courseIds: [crypto.randomUUID()] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Không tìm thấy khóa học.');
    const saved = await t.database.db
      .selectFrom('people')
      .select('id')
      .where('name', '=', 'Hồ Không Lưu')
      .execute();
    expect(saved).toEqual([]);
  });

  it('edits details and courses; deletes once, then says the student is gone', async () => {
    const created = (
      await call(
        'admin',
        'POST',
        '/api/students',
        newStudent({ name: 'Vũ Văn Sửa', courseIds: [ids.gel] }),
      )
    ).json();
    const edited = await call(
      'teacher',
      'PUT',
      `/api/students/${created.id}`,
      newStudent({
        name: 'Vũ Văn Sửa Lại',
        phone: '+84 987 654 321',
        email: '',
        courseIds: [ids.art],
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      name: 'Vũ Văn Sửa Lại',
      phone: '0987654321',
      email: null,
      courses: [{ id: ids.art }],
    });
    expect((await call('teacher', 'DELETE', `/api/students/${created.id}`)).statusCode).toBe(200);
    const again = await call('teacher', 'DELETE', `/api/students/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Không tìm thấy học viên.');
    expect((await call('teacher', 'GET', `/api/students/${created.id}`)).statusCode).toBe(404);
  });

  it('changes only what an edit names: a name alone keeps her phone, address and courses', async () => {
    const created = (
      await call(
        'admin',
        'POST',
        '/api/students',
        newStudent({ name: 'Hồ Thị Giữ', email: 'giu@example.vn', courseIds: [ids.gel, ids.art] }),
      )
    ).json();
    const renamed = await call('teacher', 'PUT', `/api/students/${created.id}`, {
      name: 'Hồ Thị Giữ Nguyên',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Hồ Thị Giữ Nguyên',
      phone: '0912345678',
      email: 'giu@example.vn',
      address: '12 Lý Thường Kiệt, Hà Nội',
      dob: '2001-04-30',
    });
    expect(
      renamed
        .json()
        .courses.map((course: { id: string }) => course.id)
        .sort(),
    ).toEqual([ids.gel, ids.art].sort());
    // Found by the new name: the search columns follow the name.
    const found = await call('teacher', 'GET', '/api/students?q=giu%20nguyen');
    expect(found.json().students.map((student: { id: string }) => student.id)).toContain(
      created.id,
    );
    // A field sent blank clears it; courses sent replace hers; the rest stays.
    const cleared = await call('teacher', 'PUT', `/api/students/${created.id}`, {
      phone: '',
      courseIds: [ids.art],
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({
      name: 'Hồ Thị Giữ Nguyên',
      phone: null,
      address: '12 Lý Thường Kiệt, Hà Nội',
      courses: [{ id: ids.art }],
    });
    // A name sent blank is refused, not cleared.
    const blank = await call('teacher', 'PUT', `/api/students/${created.id}`, { name: ' ' });
    expect(blank.statusCode).toBe(400);
  });

  it('students and anonymous visitors cannot add, edit or delete', async () => {
    expect((await call('student', 'POST', '/api/students', newStudent())).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/students', newStudent())).statusCode).toBe(401);
    expect((await call('student', 'DELETE', `/api/students/${ids.student}`)).statusCode).toBe(403);
  });
});

describe('students: listing', () => {
  beforeAll(async () => {
    const { db } = t.database;
    const names = [
      'Trần Thị Bình',
      'Nguyễn Văn An',
      'Lê Văn Đạt',
      'Phạm Thị Dung',
      'Hoàng Thị Ánh',
    ];
    for (const [index, name] of names.entries()) {
      await insertTestPerson(db, {
        id: crypto.randomUUID(),
        name,
        role: 'student',
        status: index === 2 ? 'pending' : 'active',
        phone: `09000000${index}0`,
        registration_date: 1_000 + index,
      });
    }
    const dat = await db
      .selectFrom('people')
      .select('id')
      .where('name', '=', 'Lê Văn Đạt')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('enrolments')
      .values({ person_id: dat.id, course_id: ids.art, enrolled_at: 1 })
      .execute();
  });

  const names = async (query: string, who: Who = 'teacher') => {
    const response = await call(who, 'GET', `/api/students${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().students.map((student: { name: string }) => student.name);
  };

  it('sorts by given name in Vietnamese order (An before Ánh before Bình; D before Đ)', async () => {
    const ordered = await names('?sort=name');
    const pick = (list: string[]) =>
      list.filter((name) =>
        ['Nguyễn Văn An', 'Hoàng Thị Ánh', 'Trần Thị Bình', 'Phạm Thị Dung', 'Lê Văn Đạt'].includes(
          name,
        ),
      );
    expect(pick(ordered)).toEqual([
      'Nguyễn Văn An',
      'Hoàng Thị Ánh',
      'Trần Thị Bình',
      'Phạm Thị Dung',
      'Lê Văn Đạt',
    ]);
  });

  it('sorts by status and by enrolment date, newest first', async () => {
    expect((await names('?sort=status'))[0]).toBe('Lê Văn Đạt');
    const byDate = await names('?sort=enrolledAt');
    expect(byDate.indexOf('Hoàng Thị Ánh')).toBeLessThan(byDate.indexOf('Trần Thị Bình'));
  });

  it('finds by name ignoring case and diacritics, đ included, and filters by courses', async () => {
    expect(await names('?q=dat')).toEqual(['Lê Văn Đạt']);
    expect(await names('?q=ĐẠT')).toEqual(['Lê Văn Đạt']);
    expect(await names(`?courseIds=${ids.art}`)).toEqual(expect.arrayContaining(['Lê Văn Đạt']));
    expect(await names(`?courseIds=${ids.art}`)).not.toContain('Trần Thị Bình');
    const bad = await call('teacher', 'GET', '/api/students?courseIds=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Không tìm thấy khóa học.');
  });

  it('pages by 30 with the total', async () => {
    const { db } = t.database;
    for (let index = 0; index < 30; index += 1) {
      await insertTestPerson(db, {
        id: crypto.randomUUID(),
        name: `Học Viên Trang ${index}`,
        role: 'student',
      });
    }
    const first = (await call('teacher', 'GET', '/api/students?q=trang')).json();
    expect(first.students).toHaveLength(30);
    expect(first.total).toBe(30);
    expect(first.nextPage).toBeNull();
    const all = (await call('teacher', 'GET', '/api/students')).json();
    expect(all.nextPage).toBe(1);
    const second = (await call('teacher', 'GET', '/api/students?page=1')).json();
    const seen = new Set([...all.students, ...second.students].map((s: { id: string }) => s.id));
    expect(seen.size).toBe(all.students.length + second.students.length);
  });

  it('is closed to students; guests see no phone numbers', async () => {
    expect((await call('student', 'GET', '/api/students')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/students')).statusCode).toBe(401);
    await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 1 }).execute();
    try {
      const guest = await call(null, 'GET', '/api/students');
      expect(guest.statusCode).toBe(200);
      expect(guest.json().students.every((s: { phone: string | null }) => s.phone === null)).toBe(
        true,
      );
      const detail = await call(null, 'GET', `/api/students/${ids.student}`);
      expect(detail.json()).toMatchObject({ phone: null, email: null, address: null, dob: null });
    } finally {
      await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 0 }).execute();
    }
  });
});

describe('students: detail, blocking, progress', () => {
  let dao = '';
  beforeAll(async () => {
    dao = (
      await call(
        'admin',
        'POST',
        '/api/students',
        newStudent({ name: 'Mai Thị Tiến', courseIds: [ids.gel] }),
      )
    ).json().id;
    await call(
      'admin',
      'PUT',
      `/api/students/${ids.student}`,
      newStudent({ name: 'Ngô Thị Lan', email: 'hv@example.vn', courseIds: [ids.gel] }),
    );
  });

  it('a student sees their own detail, not another student', async () => {
    expect((await call('student', 'GET', `/api/students/${ids.student}`)).statusCode).toBe(200);
    expect((await call('student', 'GET', `/api/students/${dao}`)).statusCode).toBe(403);
  });

  it('blocks with a reason (ban info: reason, by whom, when), signs the student out, and unblocks', async () => {
    const blocked = await call('teacher', 'POST', `/api/students/${ids.student}/block`, {
      reason: 'Tạm nghỉ ốm',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json()).toMatchObject({
      status: 'blocked',
      ban: {
        reason: 'Tạm nghỉ ốm',
        by: { id: ids.teacher, name: 'Lê Minh Anh' },
        at: expect.any(Number),
      },
    });
    // Their session is gone: the next request is anonymous.
    expect((await call('student', 'GET', '/api/me')).json().state).toBe('anonymous');
    const unblocked = await call('teacher', 'POST', `/api/students/${ids.student}/unblock`);
    expect(unblocked.json()).toMatchObject({ status: 'active', ban: null });
    const twice = await call('teacher', 'POST', `/api/students/${ids.student}/unblock`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Học viên này không bị bảo lưu.');
    expect(
      (await call('teacher', 'POST', `/api/students/${dao}/block`, { reason: '' })).statusCode,
    ).toBe(400);
    cookie.student = await signInByLink(t.app, mail, 'hv@example.vn');
  });

  it('never lets an instructor approve a student by blocking and unblocking them', async () => {
    const pendingCookie = await signUp(
      t.app,
      mail,
      'cho-duyet@example.vn',
      studentForm('Vũ Thị Chờ'),
    );
    const pending = await t.database.db
      .selectFrom('people')
      .select('id')
      .where('email', '=', 'cho-duyet@example.vn')
      .executeTakeFirstOrThrow();
    const block = await call('teacher', 'POST', `/api/students/${pending.id}/block`, {
      reason: 'Thử',
    });
    expect(block.statusCode).toBe(409);
    expect(block.json().error.code).toBe('pending_cannot_block');
    const unblock = await call('teacher', 'POST', `/api/students/${pending.id}/unblock`);
    expect(unblock.statusCode).toBe(409);
    const row = await t.database.db
      .selectFrom('people')
      .select('status')
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: pendingCookie },
    });
    expect(me.json().state).not.toBe('member');
  });

  it('keeps when a student was blocked when only the reason changes, as for anyone', async () => {
    const first = await call('teacher', 'POST', `/api/students/${ids.student}/block`, {
      reason: 'Nghỉ ốm',
    });
    const at = first.json().ban.at;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await call('other', 'POST', `/api/students/${ids.student}/block`, {
      reason: 'Nghỉ ốm dài ngày',
    });
    expect(again.json().ban).toMatchObject({ reason: 'Nghỉ ốm dài ngày', at });
    await call('teacher', 'POST', `/api/students/${ids.student}/unblock`);
    cookie.student = await signInByLink(t.app, mail, 'hv@example.vn');
  });

  it('ticks lessons and writes summaries, recording who and when; emptying deletes the summary', async () => {
    const tick = await call('teacher', 'PUT', `/api/students/${dao}/progress/${gelLessons[0]}`, {
      completed: true,
    });
    expect(tick.statusCode, tick.body).toBe(200);
    const lesson = () => tick.json().courses[0].lessons[0];
    expect(lesson()).toMatchObject({
      completed: true,
      summary: null,
      lastUpdatedBy: { name: 'Lê Minh Anh' },
    });

    const summary = await call('other', 'PUT', `/api/students/${dao}/progress/${gelLessons[0]}`, {
      summary: 'Dũa đều, cần nhẹ tay hơn.',
      previousSummary: null,
    });
    expect(summary.json().courses[0].lessons[0]).toMatchObject({
      completed: true,
      summary: 'Dũa đều, cần nhẹ tay hơn.',
      lastUpdatedBy: { name: 'Phạm Văn Đức' },
      lastUpdatedAt: expect.any(Number),
    });
    const list = (
      await call('teacher', 'GET', `/api/students?q=${encodeURIComponent('Mai Thị Tiến')}`)
    ).json();
    expect(list.students[0].progress).toEqual({ completed: 1, total: 3 });

    const emptied = await call('other', 'PUT', `/api/students/${dao}/progress/${gelLessons[0]}`, {
      summary: '  ',
      previousSummary: 'Dũa đều, cần nhẹ tay hơn.',
    });
    expect(emptied.json().courses[0].lessons[0]).toMatchObject({ completed: true, summary: null });
    const untick = await call('other', 'PUT', `/api/students/${dao}/progress/${gelLessons[0]}`, {
      completed: false,
    });
    expect(untick.json().courses[0].lessons[0]).toMatchObject({
      completed: false,
      summary: null,
      lastUpdatedAt: null,
    });
  });

  it('does not let a stale summary edit overwrite a newer one; the later editor learns who wrote it', async () => {
    const url = `/api/students/${dao}/progress/${gelLessons[1]}`;
    const first = await call('teacher', 'PUT', url, {
      summary: 'Bản của cô Anh',
      previousSummary: null,
    });
    expect(first.statusCode).toBe(200);
    // The other instructor started from the empty summary too.
    const stale = await call('other', 'PUT', url, {
      summary: 'Bản của thầy Đức',
      previousSummary: null,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain('Lê Minh Anh');
    const detail = (await call('other', 'GET', `/api/students/${dao}`)).json();
    expect(detail.courses[0].lessons[1].summary).toBe('Bản của cô Anh');
    // Two edits at once from the same starting point: exactly one wins.
    const racing = await Promise.all([
      call('teacher', 'PUT', url, { summary: 'Sửa A', previousSummary: 'Bản của cô Anh' }),
      call('other', 'PUT', url, { summary: 'Sửa B', previousSummary: 'Bản của cô Anh' }),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses progress for a lesson of a course the student is not in, over-long summaries, unknown lessons', async () => {
    const artLesson = (await call('admin', 'GET', `/api/courses/${ids.art}`)).json().lessons[0].id;
    const notEnrolled = await call('teacher', 'PUT', `/api/students/${dao}/progress/${artLesson}`, {
      completed: true,
    });
    expect(notEnrolled.statusCode).toBe(409);
    expect(notEnrolled.json().error.message).toBe('Học viên chưa ghi danh khóa học của bài này.');
    const long = await call('teacher', 'PUT', `/api/students/${dao}/progress/${gelLessons[2]}`, {
      summary: 'x'.repeat(2001),
      previousSummary: null,
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('Tóm tắt tối đa 2000 ký tự.');
    const unknown = await call(
      'teacher',
      'PUT',
      `/api/students/${dao}/progress/${crypto.randomUUID()}`,
      { completed: true },
    );
    expect(unknown.statusCode).toBe(404);
    expect(
      (
        await call('student', 'PUT', `/api/students/${dao}/progress/${gelLessons[2]}`, {
          completed: true,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("lists the student's evaluations newest first, for staff and the student", async () => {
    const older = await insertTestPost(t.database.db, {
      authorId: ids.teacher,
      studentId: ids.student,
      courseId: ids.gel,
      text: 'Lần đầu',
      rating: 6,
      createdAt: Date.now() - 60_000,
    });
    const newer = await insertTestPost(t.database.db, {
      authorId: ids.other,
      studentId: ids.student,
      courseId: ids.gel,
      text: 'Tiến bộ rõ',
      rating: 8,
      createdAt: Date.now(),
    });
    await insertTestPost(t.database.db, {
      authorId: ids.teacher,
      studentId: dao,
      text: 'Khác',
      createdAt: Date.now(),
    });
    const ids_ = async (who: Who) =>
      (await call(who, 'GET', `/api/students/${ids.student}/evaluations`))
        .json()
        .posts.map((p: { id: string }) => p.id);
    expect(await ids_('teacher')).toEqual([newer, older]);
    expect(await ids_('student')).toEqual([newer, older]);
    expect((await call('student', 'GET', `/api/students/${dao}/evaluations`)).statusCode).toBe(403);
  });

  it('exports progress as CSV for staff, with formulas defused', async () => {
    await call('teacher', 'PUT', `/api/students/${dao}/progress/${gelLessons[2]}`, {
      summary: '=HYPERLINK("x")',
      previousSummary: null,
    });
    const csv = await call('teacher', 'GET', `/api/students/${dao}/progress.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('tien-do-mai-thi-tien.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Khóa học","Bài học","Hoàn thành","Tóm tắt","Người cập nhật","Cập nhật lúc"',
    );
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain(`"'=HYPERLINK(""x"")"`);
  });
});

describe('students seen by a guest', () => {
  it('shows active students and lessons done, never summaries, editors or people waiting', async () => {
    await call('admin', 'PUT', `/api/students/${ids.student}/courses`, { courseIds: [ids.gel] });
    await call('teacher', 'PUT', `/api/students/${ids.student}/progress/${gelLessons[1]}`, {
      completed: true,
    });
    const written = await call(
      'teacher',
      'PUT',
      `/api/students/${ids.student}/progress/${gelLessons[1]}`,
      {
        summary: 'Móng tay phải còn bong lớp nền, cần nhắc.',
        previousSummary: null,
      },
    );
    expect(written.statusCode, written.body).toBe(200);
    await signUp(t.app, mail, 'khach-thay@example.vn', studentForm('Tạ Thị Chờ Duyệt'));
    const waiting = await t.database.db
      .selectFrom('people')
      .select('id')
      .where('email', '=', 'khach-thay@example.vn')
      .executeTakeFirstOrThrow();
    await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 1 }).execute();
    try {
      const list = await call(null, 'GET', '/api/students');
      expect(list.statusCode).toBe(200);
      const listed = list.json().students as { id: string; status: string }[];
      expect(listed.map((s) => s.id)).not.toContain(waiting.id);
      expect(listed.every((s) => s.status === 'active')).toBe(true);
      expect((await call(null, 'GET', `/api/students/${waiting.id}`)).statusCode).toBe(404);

      const detail = await call(null, 'GET', `/api/students/${ids.student}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.body).not.toContain('bong lớp nền');
      const lessons = detail.json().courses.flatMap((c: { lessons: unknown[] }) => c.lessons);
      expect(lessons).toContainEqual(
        expect.objectContaining({
          lessonId: gelLessons[1],
          completed: true,
          summary: null,
          lastUpdatedBy: null,
        }),
      );
      // Staff still read the summary.
      expect((await call('teacher', 'GET', `/api/students/${ids.student}`)).body).toContain(
        'bong lớp nền',
      );
    } finally {
      await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 0 }).execute();
    }
  });
});

describe('one address, one person', () => {
  const taken = { statusCode: 409, code: 'email_taken' };
  const tried = async (body: object, method: 'POST' | 'PUT' = 'POST', url = '/api/students') => {
    const response = await call('teacher', method, url, body);
    return { statusCode: response.statusCode, code: response.json().error?.code as string };
  };

  it('refuses a new student with the e-mail of another student, in any case', async () => {
    const first = await call(
      'teacher',
      'POST',
      '/api/students',
      newStudent({ email: 'mot@example.vn' }),
    );
    expect(first.statusCode).toBe(201);
    expect(await tried(newStudent({ email: 'Mot@Example.VN' }))).toEqual(taken);
  });

  it("refuses a new student with an instructor's e-mail, or a signed-in student's", async () => {
    expect(await tried(newStudent({ email: 'gv2@example.vn' }))).toEqual(taken);
    expect(await tried(newStudent({ email: 'hv@example.vn' }))).toEqual(taken);
    const refused = await call(
      'teacher',
      'POST',
      '/api/students',
      newStudent({ email: 'gv@example.vn' }),
    );
    expect(refused.json().error.message).toBe(errorMessage('email_taken'));
  });

  it("refuses changing a student's e-mail to another person's, and keeps her own", async () => {
    const made = await call(
      'teacher',
      'POST',
      '/api/students',
      newStudent({ email: 'hai@example.vn' }),
    );
    const id = made.json().id;
    expect(await tried({ email: 'mot@example.vn' }, 'PUT', `/api/students/${id}`)).toEqual(taken);
    expect(await tried({ email: 'admin@example.vn' }, 'PUT', `/api/students/${id}`)).toEqual(taken);
    // Her own address again, or a change of something else, is no conflict.
    const same = await call('teacher', 'PUT', `/api/students/${id}`, { email: 'HAI@example.vn' });
    expect(same.statusCode, same.body).toBe(200);
    const stored = await call('teacher', 'GET', `/api/students/${id}`);
    expect(stored.json().email).toBe('hai@example.vn');
  });

  it('lets only one of two staff who add one address at once succeed', async () => {
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        call('teacher', 'POST', '/api/students', newStudent({ email: 'cung@example.vn' })),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
  });
});
