import { beforeAll, describe, expect, it } from 'vitest';
import { setUpAcademy } from '../../test/academy.ts';
import { instructorForm, studentForm } from '../../test/sessions.ts';

const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
  student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
});
const { call } = academy;
let gel = { id: '', lessons: [] as string[] };
let art = { id: '', lessons: [] as string[] };

beforeAll(async () => {
  const make = async (name: string, titles: string[]) => {
    const made = await call('admin', 'POST', '/api/courses', {
      name,
      lessons: titles.map((title) => ({ title })),
    });
    return { id: made.json().id, lessons: made.json().lessons.map((l: { id: string }) => l.id) };
  };
  gel = await make('Sơn gel', ['Chuẩn bị', 'Sơn nền']);
  art = await make('Vẽ móng', ['Nét cơ bản']);
  // Lan (a signed-in student) learns gel.
  const enrolled = await call('admin', 'PUT', `/api/students/${academy.ids.student}`, {
    courseIds: [gel.id],
  });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
});

const finish = (who: 'admin' | 'teacher' | 'student', courseId: string, finished = true) =>
  call(who, 'PUT', `/api/students/${academy.ids.student}/courses/${courseId}/finished`, {
    finished,
  });
const tick = (lessonId: string) =>
  call('teacher', 'PUT', `/api/students/${academy.ids.student}/progress/${lessonId}`, {
    completed: true,
  });

describe('a course finished, and "Đã hoàn thành"', () => {
  it('is refused while lessons are left, saying how many', async () => {
    const early = await finish('teacher', gel.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'Học viên còn 2 bài học chưa hoàn thành trong khóa này. Hãy đánh dấu các bài đã học trước khi hoàn thành khóa.',
    );
    expect((await finish('teacher', art.id)).json().error.message).toBe(
      'Học viên chưa ghi danh khóa học này.',
    );
    expect((await finish('student', gel.id)).statusCode).toBe(403);
  });

  it('after the last lesson makes her "Đã hoàn thành" and tells her, once', async () => {
    await tick(gel.lessons[0]!);
    await tick(gel.lessons[1]!);
    const done = await finish('teacher', gel.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'completed',
      courses: [{ id: gel.id, finishedAt: expect.any(Number) }],
    });
    // Pressed twice (a double tap, a retry): one notification.
    expect((await finish('teacher', gel.id)).statusCode).toBe(200);
    const mine = (await call('student', 'GET', '/api/notifications')).json().notifications;
    const told = mine.filter((n: { type: string }) => n.type === 'course_finished');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      courseId: gel.id,
      courseName: 'Sơn gel',
      actor: { name: 'Lê Minh Anh' },
    });
    const listed = (await call('teacher', 'GET', '/api/students?q=lan')).json().students[0];
    expect(listed.status).toBe('completed');
  });

  it('a new course makes her "Đang học" again; finishing it makes her "Đã hoàn thành" again', async () => {
    const again = await call('admin', 'PUT', `/api/students/${academy.ids.student}`, {
      courseIds: [gel.id, art.id],
    });
    expect(again.json().status).toBe('active');
    // Gel stays finished.
    expect(
      again.json().courses.find((c: { id: string }) => c.id === gel.id).finishedAt,
    ).not.toBeNull();
    await tick(art.lessons[0]!);
    expect((await finish('teacher', art.id)).json().status).toBe('completed');
  });

  it('unmarked by mistake, she is "Đang học" again and the course open', async () => {
    const undone = await finish('teacher', art.id, false);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().status).toBe('active');
    expect(
      undone.json().courses.find((c: { id: string }) => c.id === art.id).finishedAt,
    ).toBeNull();
  });

  it('leaves a blocked student blocked', async () => {
    await call('admin', 'POST', `/api/students/${academy.ids.student}/block`, {
      reason: 'Tạm nghỉ',
    });
    const done = await finish('teacher', art.id);
    expect(done.json().status).toBe('blocked');
    await call('admin', 'POST', `/api/students/${academy.ids.student}/unblock`);
  });
});
