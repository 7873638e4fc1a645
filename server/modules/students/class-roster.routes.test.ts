import { beforeAll, describe, expect, it } from 'vitest';
import { setUpAcademy } from '../../test/academy.ts';
import { insertTestPost } from '../../test/factories/courses.ts';
import { instructorForm, studentForm } from '../../test/sessions.ts';

const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
  other: { email: 'gv2@example.vn', form: instructorForm('Phạm Văn Đức') },
  student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
});
const { t, call } = academy;
const HOUR = 3_600_000;
const course: Record<'gel' | 'art' | 'idle', { id: string; lessons: string[] }> = {
  gel: { id: '', lessons: [] },
  art: { id: '', lessons: [] },
  idle: { id: '', lessons: [] },
};
const student: Record<'duong' | 'dao' | 'vu' | 'new', string> = {
  duong: '',
  dao: '',
  vu: '',
  new: '',
};

beforeAll(async () => {
  const { ids } = academy;
  const make = async (name: string, titles: string[], instructorIds: string[]) => {
    const made = await call('admin', 'POST', '/api/courses', {
      name,
      lessons: titles.map((title) => ({ title })),
      instructorIds,
    });
    expect(made.statusCode, made.body).toBe(201);
    return { id: made.json().id, lessons: made.json().lessons.map((l: { id: string }) => l.id) };
  };
  course.gel = await make('Sơn gel', ['Chuẩn bị', 'Sơn nền', 'Sơn màu'], [ids.teacher]);
  course.art = await make('Vẽ móng', ['Nét cơ bản', 'Hoa'], [ids.other]);
  course.idle = await make('Đắp bột', ['Bột cơ bản'], []);
  const add = async (name: string, courseIds: string[]) => {
    const made = await call('admin', 'POST', '/api/students', { name, courseIds });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().id as string;
  };
  student.duong = await add('Vũ Thùy Dương', [course.gel.id, course.art.id]);
  student.dao = await add('Đặng Thị Đào', [course.art.id]);
  student.vu = await add('Đỗ Hải Yến', [course.idle.id]);
  student.new = await add('Bùi Ngọc Ánh', []);
  // Dương finished the first gel lesson with the teacher, and was evaluated in art later on.
  const tick = await call(
    'teacher',
    'PUT',
    `/api/students/${student.duong}/progress/${course.gel.lessons[0]}`,
    { completed: true },
  );
  expect(tick.statusCode, tick.body).toBe(200);
});

describe('the class roster the post form keeps', () => {
  it('is for staff only', async () => {
    expect((await call(null, 'GET', '/api/students/roster')).statusCode).toBe(401);
    const refused = await call('student', 'GET', '/api/students/roster');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
  });

  it('lists every student in Vietnamese order with her courses and the lesson she is on', async () => {
    const roster = (await call('teacher', 'GET', '/api/students/roster')).json();
    const names = roster.students.map((s: { name: string }) => s.name);
    // By given name, D before Đ as the Vietnamese alphabet has it.
    expect(names).toEqual([
      'Bùi Ngọc Ánh',
      'Vũ Thùy Dương',
      'Đặng Thị Đào',
      'Ngô Thị Lan',
      'Đỗ Hải Yến',
    ]);
    const duong = roster.students.find((s: { id: string }) => s.id === student.duong);
    // The tick in gel is her latest activity: gel first, on its first unfinished lesson.
    expect(duong.courses).toEqual([
      { id: course.gel.id, lessonId: course.gel.lessons[1] },
      { id: course.art.id, lessonId: course.art.lessons[0] },
    ]);
    expect(roster.students.find((s: { id: string }) => s.id === student.new).courses).toEqual([]);
    expect(roster.courses.map((c: { name: string }) => c.name)).toEqual([
      'Đắp bột',
      'Sơn gel',
      'Vẽ móng',
    ]);
    expect(roster.courses[1].lessons.map((l: { title: string }) => l.title)).toEqual([
      'Chuẩn bị',
      'Sơn nền',
      'Sơn màu',
    ]);
  });

  it('puts the course she was last evaluated in first', async () => {
    await insertTestPost(t.database.db, {
      authorId: academy.ids.other,
      studentId: student.duong,
      courseId: course.art.id,
      createdAt: Date.now() + 1_000,
    });
    const roster = (await call('teacher', 'GET', '/api/students/roster')).json();
    const duong = roster.students.find((s: { id: string }) => s.id === student.duong);
    expect(duong.courses.map((c: { id: string }) => c.id)).toEqual([course.art.id, course.gel.id]);
  });

  it('suggests whom she taught lately and who is in her courses or class today, most recent first', async () => {
    await insertTestPost(t.database.db, {
      authorId: academy.ids.teacher,
      studentId: student.vu,
      courseId: course.idle.id,
      createdAt: Date.now() - 5 * 24 * HOUR,
    });
    const teacher = (await call('teacher', 'GET', '/api/students/roster')).json();
    // Dương: her tick and today's evaluation; Đào: enrolled today in a course she does not
    // teach, so only as "in class today" if active; Yến: her evaluation five days ago.
    expect(teacher.suggestedIds[0]).toBe(student.duong);
    expect(teacher.suggestedIds).toContain(student.vu);
    expect(teacher.suggestedIds).not.toContain(student.new);
    // Another instructor's evaluation of Đào today puts her in class today, after the
    // teacher's own students, however recent.
    await insertTestPost(t.database.db, {
      authorId: academy.ids.other,
      studentId: student.dao,
      courseId: course.art.id,
      createdAt: Date.now() + 2_000,
    });
    const later = (await call('teacher', 'GET', '/api/students/roster')).json();
    expect(later.suggestedIds).toEqual([student.duong, student.vu, student.dao]);
    const other = (await call('other', 'GET', '/api/students/roster')).json();
    // Đào and Dương were enrolled in art, which he teaches, today; Yến is not his.
    expect(other.suggestedIds).toEqual(expect.arrayContaining([student.dao, student.duong]));
    expect(other.suggestedIds).not.toContain(student.vu);
  });

  it('counts no enrolment as teaching: a new cohort in her course leaves whom she evaluated first', async () => {
    // She evaluates Yến now; then six students are enrolled in the course she teaches.
    await insertTestPost(t.database.db, {
      authorId: academy.ids.teacher,
      studentId: student.vu,
      courseId: course.idle.id,
      createdAt: Date.now() + 3_000,
    });
    const cohort: string[] = [];
    for (const name of ['An', 'Bình', 'Chi', 'Dung', 'Giang', 'Hạnh']) {
      const made = await call('admin', 'POST', '/api/students', {
        name: `Trần Thị ${name}`,
        courseIds: [course.gel.id],
      });
      expect(made.statusCode, made.body).toBe(201);
      cohort.push(made.json().id);
    }
    const roster = (await call('teacher', 'GET', '/api/students/roster')).json();
    expect(roster.suggestedIds[0]).toBe(student.vu);
    expect(roster.suggestedIds).toContain(student.duong);
    for (const id of cohort) expect(roster.suggestedIds).not.toContain(id);
    // One of them has her first lesson ticked in that course: now she is in her class.
    const tick = await call(
      'other',
      'PUT',
      `/api/students/${cohort[0]}/progress/${course.gel.lessons[0]}`,
      { completed: true },
    );
    expect(tick.statusCode, tick.body).toBe(200);
    const after = (await call('teacher', 'GET', '/api/students/roster')).json();
    expect(after.suggestedIds.slice(0, 2)).toEqual([student.vu, student.duong]);
    expect(after.suggestedIds).toContain(cohort[0]);
  });

  it('leaves blocked students out of the suggestions but keeps them findable', async () => {
    const blocked = await call('admin', 'POST', `/api/students/${student.duong}/block`, {
      reason: 'Tạm nghỉ',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const roster = (await call('teacher', 'GET', '/api/students/roster')).json();
    expect(roster.suggestedIds).not.toContain(student.duong);
    expect(roster.students.map((s: { id: string }) => s.id)).toContain(student.duong);
    await call('admin', 'POST', `/api/students/${student.duong}/unblock`);
  });
});
