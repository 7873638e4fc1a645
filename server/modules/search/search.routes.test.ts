import { beforeAll, describe, expect, it } from 'vitest';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';
import { insertTestPerson } from '../../test/factories/people.ts';
import { studentForm } from '../../test/sessions.ts';

const { t, cookie } = setUpAcademy({
  ...academyTrio,
  student: { email: 'hv@example.vn', form: studentForm('Ngô Bảo Châu') },
});

const students = [
  'Nguyễn Thị Hoà',
  'Trần Thị Hòa',
  'Hoàng Mai',
  'Đặng Khoa',
  'An Dương',
  'Vũ Đường',
  'Lê Thị Lan',
  'Łukasz Nowak',
  'Søren Æbeltoft',
];

beforeAll(async () => {
  const { db } = t.database;
  for (const [index, name] of students.entries()) {
    // Later in the list is newer: within a rank, the newest come first.
    await insertTestPerson(db, {
      id: `student-${index}`,
      name,
      role: 'student',
      status: 'active',
      created_at: 1_000 + index,
    });
  }
  await post('admin', '/api/courses', {
    name: 'Đắp bột cơ bản',
    lessons: [{ title: 'Đắp gel nổi' }, { title: 'Vẽ hoa mai' }],
  });
  await post('admin', '/api/courses', { name: 'Sơn gel', lessons: [{ title: 'Sơn nền' }] });
  await post('teacher', '/api/courses', {
    name: 'Vẽ móng đề xuất',
    lessons: [{ title: 'Bài đề xuất' }],
  });
});

function post(who: keyof typeof cookie, url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: { cookie: cookie[who] }, payload });
}

async function find(who: keyof typeof cookie | null, q: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}`,
    headers: who ? { cookie: cookie[who] } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return {
    courses: body.courses.map((c: { name: string }) => c.name),
    lessons: body.lessons.map((l: { title: string }) => l.title),
    students: body.students.map((s: { name: string }) => s.name),
  };
}

describe('global search', () => {
  it('ignores case and diacritics, đ included', async () => {
    expect((await find('admin', 'duong')).students).toEqual(['Vũ Đường', 'An Dương']);
    expect((await find('admin', 'DAP')).courses).toEqual(['Đắp bột cơ bản']);
    expect((await find('admin', 'dap')).lessons).toEqual(['Đắp gel nổi']);
    expect((await find('admin', 'lan')).students).toEqual(['Lê Thị Lan']);
  });

  it('finds both placements of a tone mark ("Hoà" and "Hòa") from plain "hoa"', async () => {
    const { students: found } = await find('admin', 'hoa');
    expect(found).toEqual(['Hoàng Mai', 'Trần Thị Hòa', 'Nguyễn Thị Hoà', 'Đặng Khoa']);
  });

  it('ranks the typed diacritics first, then word starts, then the rest, newest first within', async () => {
    expect((await find('admin', 'Đường')).students).toEqual(['Vũ Đường', 'An Dương']);
    // Either placement typed matches both spellings exactly; "Khoa" only once folded.
    expect((await find('admin', 'hòa')).students).toEqual([
      'Hoàng Mai',
      'Trần Thị Hòa',
      'Nguyễn Thị Hoà',
      'Đặng Khoa',
    ]);
    expect((await find('admin', 'hoà')).students.at(-1)).toBe('Đặng Khoa');
  });

  it('folds the Latin letters whose mark is part of the letter: ł, ø, æ', async () => {
    expect((await find('admin', 'luk')).students).toEqual(['Łukasz Nowak']);
    expect((await find('admin', 'Łuk')).students).toEqual(['Łukasz Nowak']);
    expect((await find('admin', 'soren')).students).toEqual(['Søren Æbeltoft']);
    expect((await find('admin', 'aebel')).students).toEqual(['Søren Æbeltoft']);
  });

  it('matches only word starts for one or two letters', async () => {
    expect((await find('admin', 'an')).students).toEqual(['An Dương']);
  });

  it('groups courses, lessons and students in one answer', async () => {
    const found = await find('admin', 'mai');
    expect(found.lessons).toEqual(['Vẽ hoa mai']);
    expect(found.students).toEqual(['Hoàng Mai']);
  });

  it('shows students to staff only, and pending courses to admins and their proposer', async () => {
    expect((await find('teacher', 'hoa')).students).toHaveLength(4);
    expect(await find('student', 'hoa')).toEqual({
      courses: [],
      lessons: ['Vẽ hoa mai'],
      students: [],
    });
    expect((await find('admin', 'de xuat')).courses).toEqual(['Vẽ móng đề xuất']);
    expect((await find('teacher', 'de xuat')).lessons).toEqual(['Bài đề xuất']);
    expect(await find('student', 'de xuat')).toEqual({ courses: [], lessons: [], students: [] });
  });

  it('lets guests find courses but no people, and refuses anonymous visitors otherwise', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/search?q=son' });
    expect(anonymous.statusCode).toBe(401);
    await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 1 }).execute();
    try {
      expect(await find(null, 'son')).toEqual({
        courses: ['Sơn gel'],
        lessons: ['Sơn nền'],
        students: [],
      });
      expect((await find(null, 'hoa')).students).toEqual([]);
    } finally {
      await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 0 }).execute();
    }
  });

  it('follows writes: a renamed course and a deleted one', async () => {
    const created = await post('admin', '/api/courses', {
      name: 'Nối móng tạm',
      lessons: [{ title: 'Nối móng bột' }],
    });
    const course = created.json();
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/courses/${course.id}`,
      headers: { cookie: cookie.admin },
      payload: { name: 'Úp móng', lessons: [{ id: course.lessons[0].id, title: 'Úp móng keo' }] },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(await find('admin', 'noi mong')).toEqual({ courses: [], lessons: [], students: [] });
    expect(await find('admin', 'up mong')).toMatchObject({
      courses: ['Úp móng'],
      lessons: ['Úp móng keo'],
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course.id}`,
      headers: { cookie: cookie.admin },
    });
    expect(await find('admin', 'up mong')).toEqual({ courses: [], lessons: [], students: [] });
  });

  it('treats quotes, wildcards and backslashes as plain text', async () => {
    for (const q of ['"', '50%', 'a"b"c', '_%_', 'x\\y', "o'neil", 'NEAR(a b)', 'son*']) {
      expect(await find('admin', q)).toEqual({ courses: [], lessons: [], students: [] });
    }
  });

  it('refuses an empty or over-long query with a Vietnamese message', async () => {
    for (const [url, message] of [
      ['/api/search?q=%20%20', 'Vui lòng nhập từ khóa tìm kiếm.'],
      ['/api/search', 'Dữ liệu không hợp lệ.'],
      [`/api/search?q=${'a'.repeat(101)}`, 'Từ khóa tìm kiếm tối đa 100 ký tự.'],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: cookie.admin },
      });
      expect(response.statusCode, url).toBe(400);
      expect(JSON.stringify(response.json()), url).toContain(message);
    }
  });
});
