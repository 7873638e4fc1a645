import { describe, expect, it } from 'vitest';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';
import { instructorForm } from '../../test/sessions.ts';

const { t, cookie, ids } = setUpAcademy({
  admin: academyTrio.admin,
  teacher: academyTrio.teacher,
  other: { email: 'gv2@example.vn', form: instructorForm('Phạm Văn Đức') },
  student: academyTrio.student,
});

const as = (who: keyof typeof cookie) => ({ cookie: cookie[who] });
const create = (who: keyof typeof cookie, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/courses', headers: as(who), payload });

describe('courses', () => {
  it('offers active staff as default instructors, to staff only', async () => {
    const url = '/api/courses/instructor-choices';
    const response = await t.app.inject({ method: 'GET', url, headers: as('teacher') });
    expect(response.statusCode).toBe(200);
    expect(response.json().instructors.map((p: { name: string }) => p.name)).toEqual([
      'Lê Minh Anh',
      'Phạm Văn Đức',
      'Trần Thu Hà',
    ]);
    const asStudent = await t.app.inject({ method: 'GET', url, headers: as('student') });
    expect(asStudent.statusCode).toBe(403);
  });

  it('an admin creates an active course with lessons in order and default instructors', async () => {
    const response = await create('admin', {
      name: 'Sơn gel cơ bản',
      description: 'Nhập môn.',
      lessons: [{ title: 'Chuẩn bị móng' }, { title: 'Sơn nền' }, { title: 'Sơn màu' }],
      instructorIds: [ids.teacher],
    });
    expect(response.statusCode, response.body).toBe(201);
    const course = response.json();
    expect(course).toMatchObject({
      name: 'Sơn gel cơ bản',
      status: 'active',
      proposerId: null,
      studentCount: 0,
    });
    expect(
      course.lessons.map((l: { title: string; position: number }) => [l.position, l.title]),
    ).toEqual([
      [0, 'Chuẩn bị móng'],
      [1, 'Sơn nền'],
      [2, 'Sơn màu'],
    ]);
    expect(course.instructors.map((i: { name: string }) => i.name)).toEqual(['Lê Minh Anh']);
  });

  it('an instructor proposes: pending, visible to them and admins only, then approved once', async () => {
    const proposed = (await create('other', { name: 'Vẽ hoa nổi' })).json();
    expect(proposed).toMatchObject({ status: 'pending', instructors: [{ name: 'Phạm Văn Đức' }] });
    const names = async (who: keyof typeof cookie) =>
      (await t.app.inject({ method: 'GET', url: '/api/courses', headers: as(who) }))
        .json()
        .courses.map((c: { name: string }) => c.name);
    expect(await names('other')).toContain('Vẽ hoa nổi');
    expect(await names('admin')).toContain('Vẽ hoa nổi');
    expect(await names('teacher')).not.toContain('Vẽ hoa nổi');
    expect(await names('student')).not.toContain('Vẽ hoa nổi');
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${proposed.id}`,
      headers: as('student'),
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe('Không tìm thấy khóa học.');

    const byInstructor = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${proposed.id}/approve`,
      headers: as('other'),
    });
    expect(byInstructor.statusCode).toBe(403);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${proposed.id}/approve`,
      headers: as('admin'),
    });
    expect(approved.json().status).toBe('active');
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${proposed.id}/approve`,
      headers: as('admin'),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('Khóa học này đã được duyệt.');
    const told = await t.database.db
      .selectFrom('notifications')
      .selectAll()
      .where('type', '=', 'course_approved')
      .execute();
    expect(told).toEqual([
      expect.objectContaining({ recipient_id: ids.other, course_id: proposed.id }),
    ]);
  });

  it('editing keeps lesson ids (and so progress), reorders, adds and removes lessons', async () => {
    const course = (
      await create('admin', {
        name: 'Đắp bột',
        lessons: [{ title: 'A' }, { title: 'B' }, { title: 'C' }],
        instructorIds: [ids.teacher],
      })
    ).json();
    const [a, b, c] = course.lessons as Array<{ id: string; title: string }>;
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${course.id}`,
      headers: as('teacher'),
      payload: {
        name: 'Đắp bột nâng cao',
        lessons: [{ id: c!.id, title: 'C' }, { id: a!.id, title: 'A (sửa)' }, { title: 'D' }],
        instructorIds: [ids.teacher],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lessons = response.json().lessons as Array<{
      id: string;
      title: string;
      position: number;
    }>;
    expect(lessons.map((l) => l.title)).toEqual(['C', 'A (sửa)', 'D']);
    expect(lessons[0]!.id).toBe(c!.id);
    expect(lessons[1]!.id).toBe(a!.id);
    expect(lessons.some((l) => l.id === b!.id)).toBe(false);

    const stranger = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${course.id}`,
      headers: as('other'),
      payload: { name: 'X Y' },
    });
    expect(stranger.statusCode).toBe(403);
  });

  it('an edit naming only the name keeps the lessons, their ids and the instructors', async () => {
    const course = (
      await create('admin', {
        name: 'Vẽ hoa',
        description: 'Hoa mai, hoa đào.',
        lessons: [{ title: 'Hoa mai' }, { title: 'Hoa đào' }],
        instructorIds: [ids.teacher],
      })
    ).json();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${course.id}`,
      headers: as('teacher'),
      payload: { name: 'Vẽ hoa Tết' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      name: 'Vẽ hoa Tết',
      description: 'Hoa mai, hoa đào.',
      lessons: course.lessons,
    });
    expect(renamed.json().instructors.map((person: { id: string }) => person.id)).toEqual([
      ids.teacher,
    ]);
    // Lessons sent are the whole list: an empty list empties it, as before.
    const emptied = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${course.id}`,
      headers: as('teacher'),
      payload: { lessons: [] },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect(emptied.json()).toMatchObject({ name: 'Vẽ hoa Tết', lessons: [] });
  });

  it.each([
    ['an empty name', { name: ' ' }],
    ['an over-long name', { name: 'x'.repeat(121) }],
    ['an empty lesson title', { name: 'Khóa A', lessons: [{ title: '' }] }],
    [
      'an unknown instructor',
      { name: 'Khóa A', instructorIds: ['00000000-0000-4000-8000-000000000000'] },
    ],
    [
      'a lesson id on a new course',
      { name: 'Khóa A', lessons: [{ id: '00000000-0000-4000-8000-000000000000', title: 'X' }] },
    ],
    ['a cover from elsewhere', { name: 'Khóa A', imageUrl: 'https://evil.example/x.jpg' }],
    ['a status field', { name: 'Khóa A', status: 'active' }],
  ])('refuses %s with a 400 and saves nothing', async (_, payload) => {
    const before = await t.database.db.selectFrom('courses').select('id').execute();
    const response = await create('admin', payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(await t.database.db.selectFrom('courses').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('refuses duplicate lesson ids and a stale list with lessons of another course', async () => {
    const one = (await create('admin', { name: 'Khóa một', lessons: [{ title: 'A' }] })).json();
    const two = (await create('admin', { name: 'Khóa hai', lessons: [{ title: 'B' }] })).json();
    const lessonA = one.lessons[0].id;
    const duplicate = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${one.id}`,
      headers: as('admin'),
      payload: {
        name: 'Khóa một',
        lessons: [
          { id: lessonA, title: 'A' },
          { id: lessonA, title: 'A' },
        ],
      },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().error.message).toBe('Danh sách bài học có bài bị lặp.');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${two.id}`,
      headers: as('admin'),
      payload: { name: 'Khóa hai', lessons: [{ id: lessonA, title: 'A' }] },
    });
    expect(foreign.statusCode).toBe(400);
    const lessonsOfOne = await t.database.db
      .selectFrom('lessons')
      .select('title')
      .where('course_id', '=', one.id)
      .execute();
    expect(lessonsOfOne).toEqual([{ title: 'A' }]);
  });

  it('students cannot create; deleting twice, or an unknown id, is a 404', async () => {
    expect((await create('student', { name: 'Khóa của tôi' })).statusCode).toBe(403);
    const course = (await create('admin', { name: 'Khóa tạm' })).json();
    const first = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course.id}`,
      headers: as('admin'),
    });
    expect(first.json()).toEqual({ deleted: true });
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course.id}`,
      headers: as('admin'),
    });
    expect(again.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/courses/not-a-uuid',
      headers: as('admin'),
    });
    expect(malformed.statusCode).toBe(400);
  });
});
