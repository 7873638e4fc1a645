import { strFromU8, unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import {
  classList,
  excelCsvUtf8,
  googleCsv,
  HEADERS,
  type SheetCell,
  semicolonCsv,
  unicodeText,
  windows1258Csv,
  xlsxOf,
  zipOf,
} from '../../../support/sheets.ts';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';
import { multipartBody } from '../../test/multipart.ts';
import { forgetOldUndo } from './student-imports.service.ts';

/*
 * Students from a spreadsheet: the columns matched from Vietnamese headers, a preview naming each
 * row's problem, one all-or-nothing import, its undo until someone edits, the template and the
 * export, and every hostile file refused in Vietnamese with nothing changed. Each test uses its
 * own phones and e-mails: the file's academy is shared.
 */

const { t, call, cookie, ids } = setUpAcademy(academyTrio);

const upload = (file: Buffer, filename: string, who: 'admin' | 'teacher' = 'admin') => {
  const body = multipartBody(file, { filename, contentType: 'application/octet-stream' });
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/student-imports',
    headers: { cookie: cookie[who], ...body.headers },
    payload: body.payload,
  });
};

const errorOf = (answer: { json(): { error: { code: string; message: string } } }) =>
  answer.json().error;

async function studentsNamed(q: string) {
  const answer = await call('admin', 'GET', `/api/students?q=${encodeURIComponent(q)}`);
  return answer.json().students as {
    id: string;
    name: string;
    phone: string;
    courses: { name: string }[];
  }[];
}

async function countStudents() {
  return (await call('admin', 'GET', '/api/students')).json().total as number;
}

async function drafts() {
  const rows = await t.database.db.selectFrom('student_imports').select('id').execute();
  return rows.length;
}

describe('reading a sheet of students', () => {
  it('matches the columns from their Vietnamese headers and previews every row', async () => {
    const sheet = await xlsxOf([
      [
        'STT',
        'Họ và tên',
        'SĐT',
        'E-mail',
        'Ngày sinh (dd/mm/yyyy)',
        'Địa chỉ',
        'Khóa học',
        'Ghi chú',
      ],
      [
        1,
        'Trần Thị Bích',
        912000001,
        'bich@example.vn',
        new Date(Date.UTC(2001, 4, 7)),
        'Hà Nội',
        'Sơn gel',
        'x',
      ],
      [2, 'Lê Ngọc Hân', '+84 912 000 002', null, '7/5/2002', null, 'Sơn gel; Vẽ móng', null],
      [3, 'Phạm Thu', '84912000003', null, '2003-01-31', null, null, null],
      // A landline typed as a number, a name a Mac kept decomposed.
      [4, 'Võ Thị Ánh'.normalize('NFD'), 2838123456, null, null, null, null, null],
    ]);
    const answer = await upload(sheet, 'lop-thang-11.xlsx');
    expect(answer.statusCode).toBe(200);
    const preview = answer.json();
    expect(preview.mapping).toEqual([
      null,
      'name',
      'phone',
      'email',
      'dob',
      'address',
      'courses',
      null,
    ]);
    expect(preview.counts).toEqual({ create: 4, update: 0, unchanged: 0, skip: 0 });
    expect(preview.rows.map((row: { phone: string }) => row.phone)).toEqual([
      '0912000001',
      '0912000002',
      '0912000003',
      '02838123456',
    ]);
    expect(preview.rows[3].name).toBe('Võ Thị Ánh'.normalize('NFC'));
    expect(preview.rows.map((row: { dob: string }) => row.dob)).toEqual([
      '2001-05-07',
      '2002-05-07',
      '2003-01-31',
      null,
    ]);
    expect(preview.rows[0].line).toBe(2);
    expect(preview.unknownCourses).toEqual(['Sơn gel', 'Vẽ móng']);
    expect(preview.createCourses).toEqual(['Sơn gel', 'Vẽ móng']);
  });

  it.each([
    ['Excel "CSV UTF-8"', excelCsvUtf8, 'ds.csv'],
    ['Google Sheets CSV', googleCsv, 'ds.csv'],
    ['CSV with semicolons', semicolonCsv, 'ds.csv'],
    ['Excel "Unicode Text"', unicodeText, 'ds.txt'],
    ['Windows code page 1258', windows1258Csv, 'ds.csv'],
  ])('reads Vietnamese text from %s', async (_kind, make, filename) => {
    const answer = await upload(
      make([
        HEADERS,
        ['Trần Thị Bé', '0912 000 010', null, '01/02/2000', 'Đà Nẵng, Việt Nam', 'Vẽ móng'],
      ]),
      filename,
    );
    expect(answer.statusCode).toBe(200);
    const row = answer.json().rows[0];
    expect(row).toMatchObject({
      name: 'Trần Thị Bé',
      phone: '0912000010',
      dob: '2000-02-01',
      action: 'create',
    });
    expect(row.name).toBe('Trần Thị Bé'.normalize('NFC'));
  });

  it('names each faulty row and why, in Vietnamese', async () => {
    const rows: SheetCell[][] = [
      HEADERS,
      ['Đỗ Minh Châu', '0912 000 020', 'chau@example.vn', '31/02/2001', null, null],
      ['Vũ Hạnh', '12345', null, null, null, null],
      ['Lý Mai', '0912000022', 'gv@example.vn', null, null, null],
      ['Hồ Tâm', '0912000020', null, null, null, null],
      ['=HYPERLINK("http://evil.example","Bấm vào")', '0912000024', null, null, null, null],
      [null, '0912000025', null, null, null, null],
      ['Cao Yến', '0912000026', 'not-an-email', null, null, null],
      ['Mạc Linh', '0912000027', null, '01/01/2999', null, null],
    ];
    const answer = await upload(googleCsv(rows), 'loi.csv');
    expect(answer.statusCode).toBe(200);
    const preview = answer.json();
    const problems = Object.fromEntries(
      preview.rows.map((row: { line: number; problems: string[] }) => [
        row.line,
        row.problems.join(' '),
      ]),
    );
    expect(problems[2]).toContain('Ngày sinh "31/02/2001" không phải ngày hợp lệ');
    expect(problems[3]).toBe('Số điện thoại "12345" không đọc được.');
    expect(problems[4]).toBe('Email gv@example.vn đã là của Lê Minh Anh.');
    expect(problems[5]).toBe('Trùng học viên với dòng 2.');
    expect(problems[6]).toContain('chứa công thức (=HYPERLINK');
    expect(problems[7]).toBe('Thiếu họ và tên.');
    expect(problems[8]).toBe('Email "not-an-email" không hợp lệ.');
    expect(problems[9]).toContain('Ngày sinh "01/01/2999"');
    expect(preview.counts).toEqual({ create: 0, update: 0, unchanged: 0, skip: 8 });
  });

  it('lets the admin change the columns, and refuses a mapping that cannot be', async () => {
    const answer = await upload(
      googleCsv([
        ['Tên', 'Liên lạc'],
        ['Đinh Thảo', '0912000030'],
      ]),
      'a.csv',
    );
    const preview = answer.json();
    expect(preview.mapping).toEqual(['name', null]);
    expect(preview.rows[0].phone).toBeNull();
    const url = `/api/admin/student-imports/${preview.importId}/preview`;
    const changed = await call('admin', 'POST', url, { mapping: ['name', 'phone'] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().rows[0].phone).toBe('0912000030');
    const twice = await call('admin', 'POST', url, { mapping: ['name', 'name'] });
    expect(twice.statusCode).toBe(400);
    expect(JSON.stringify(twice.json())).toContain('Mỗi thông tin chỉ lấy từ một cột');
    const nameless = await call('admin', 'POST', url, { mapping: ['phone', null] });
    expect(JSON.stringify(nameless.json())).toContain('Hãy chọn cột chứa họ và tên học viên');
    const wrongLength = await call('admin', 'POST', url, { mapping: ['name'] });
    expect(wrongLength.statusCode).toBe(400);
    expect(errorOf(wrongLength).code).toBe('import_mapping_columns');
  });
});

describe('importing, and undoing it', () => {
  it('imports in one go, finds existing students by phone or e-mail, and undoes it all', async () => {
    const course = await call('admin', 'POST', '/api/courses', {
      name: 'Đắp bột',
      lessons: [{ title: 'Bài 1' }],
    });
    expect(course.statusCode).toBe(201);
    const existing = await call('admin', 'POST', '/api/students', {
      name: 'Hoàng Thị Cũ',
      phone: '0912 000 100',
      address: 'Huế',
      courseIds: [course.json().id],
    });
    const existingId = existing.json().id as string;
    const before = await countStudents();

    const sheet = await xlsxOf([
      HEADERS,
      ...classList(101, 30, ['Đắp bột', 'Móng nối', 'Chăm sóc da']),
      ['Hoàng Thị Cũ', 912000100, 'cu@example.vn', null, null, 'móng nối'],
    ]);
    const preview = (await upload(sheet, 'ca-lop.xlsx')).json();
    expect(preview.counts).toEqual({ create: 30, update: 1, unchanged: 0, skip: 0 });
    expect(preview.unknownCourses.sort()).toEqual(['Chăm sóc da', 'Móng nối']);
    const base = `/api/admin/student-imports/${preview.importId}`;
    // "Chăm sóc da" is left out: its students come in without it.
    const choices = { mapping: preview.mapping, createCourses: ['Móng nối'] };
    const again = (await call('admin', 'POST', `${base}/preview`, choices)).json();
    const skippedCourse = again.rows.find((row: { name: string }) => row.name.endsWith(' 101'));
    expect(skippedCourse.notes).toEqual([
      'Không ghi danh khóa "Chăm sóc da" vì học viện chưa có khóa này.',
    ]);

    const done = await call('admin', 'POST', `${base}/commit`, choices);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      created: 30,
      updated: 1,
      coursesCreated: 1,
      undoBlocked: null,
    });
    expect(await countStudents()).toBe(before + 30);
    const [student103] = await studentsNamed('Học Viên 103');
    expect(student103!.phone).toBe('0910000103');
    expect(student103!.courses.map((c) => c.name)).toEqual(['Móng nối']);
    const [student101] = await studentsNamed('Học Viên 101');
    expect(student101!.courses).toEqual([]);
    const updated = (await call('admin', 'GET', `/api/students/${existingId}`)).json();
    expect(updated.email).toBe('cu@example.vn');
    expect(updated.address).toBe('Huế');
    expect(updated.courses.map((c: { name: string }) => c.name).sort()).toEqual(
      ['Móng nối', 'Đắp bột'].sort(),
    );

    // A second tap imports nothing twice.
    const twice = await call('admin', 'POST', `${base}/commit`, choices);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('import_done');

    const list = (await call('admin', 'GET', '/api/admin/student-imports')).json();
    expect(list.imports[0]).toMatchObject({
      id: preview.importId,
      status: 'imported',
      undoBlocked: null,
    });
    const log = (await call('admin', 'GET', '/api/admin/activity-log')).json();
    expect(JSON.stringify(log)).toContain('students_import.imported');

    const undone = await call('admin', 'POST', `${base}/undo`);
    expect(undone.statusCode).toBe(200);
    expect(await countStudents()).toBe(before);
    const restored = (await call('admin', 'GET', `/api/students/${existingId}`)).json();
    expect(restored.email).toBeNull();
    expect(restored.courses.map((c: { name: string }) => c.name)).toEqual(['Đắp bột']);
    const courses = (await call('admin', 'GET', '/api/courses')).json();
    expect(JSON.stringify(courses)).not.toContain('Móng nối');
    const undoTwice = await call('admin', 'POST', `${base}/undo`);
    expect(undoTwice.statusCode).toBe(409);
    expect(errorOf(undoTwice).message).toBe(
      'Không thể hoàn tác lần nhập này: lần nhập đã được hoàn tác.',
    );
  });

  it('cannot be undone once someone edits what it added', async () => {
    const preview = (
      await upload(await xlsxOf([HEADERS, ...classList(201, 3, ['Vẽ nổi'])]), 'x.xlsx')
    ).json();
    const base = `/api/admin/student-imports/${preview.importId}`;
    await call('admin', 'POST', `${base}/commit`, { mapping: preview.mapping });
    const [one] = await studentsNamed('Học Viên 202');
    const edit = await call('teacher', 'PUT', `/api/students/${one!.id}`, { address: 'Cần Thơ' });
    expect(edit.statusCode).toBe(200);
    const list = (await call('admin', 'GET', '/api/admin/student-imports')).json();
    expect(list.imports[0].undoBlocked).toBe('Nguyễn Thị Học Viên 202 đã được sửa sau lần nhập.');
    const undo = await call('admin', 'POST', `${base}/undo`);
    expect(undo.statusCode).toBe(409);
    expect(errorOf(undo).message).toBe(
      'Không thể hoàn tác lần nhập này: Nguyễn Thị Học Viên 202 đã được sửa sau lần nhập.',
    );
    expect(await studentsNamed('Học Viên 201')).toHaveLength(1);
  });

  it('cannot be undone after 30 days, and then keeps nobody’s old details', async () => {
    const preview = (
      await upload(await xlsxOf([HEADERS, ...classList(221, 2, ['Vẽ nổi'])]), 'old.xlsx')
    ).json();
    const base = `/api/admin/student-imports/${preview.importId}`;
    await call('admin', 'POST', `${base}/commit`, { mapping: preview.mapping });
    const day = 24 * 60 * 60 * 1000;
    await t.database.db
      .updateTable('student_imports')
      .set({ imported_at: Date.now() - 31 * day })
      .where('id', '=', preview.importId)
      .execute();
    const reason = 'đã quá 30 ngày kể từ lần nhập.';
    const listed = async () =>
      (await call('admin', 'GET', '/api/admin/student-imports'))
        .json()
        .imports.find((item: { id: string }) => item.id === preview.importId);
    expect((await listed()).undoBlocked).toBe(reason);
    const undo = await call('admin', 'POST', `${base}/undo`);
    expect(undo.statusCode).toBe(409);
    expect(errorOf(undo).message).toBe(`Không thể hoàn tác lần nhập này: ${reason}`);
    expect(await studentsNamed('Học Viên 221')).toHaveLength(1);

    // The nightly pruning lets go of the old details; the import still lists, still not undoable.
    expect(await forgetOldUndo(t.database)).toBeGreaterThanOrEqual(1);
    const row = await t.database.db
      .selectFrom('student_imports')
      .select(['status', 'undo'])
      .where('id', '=', preview.importId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'imported', undo: null });
    expect(await listed()).toMatchObject({ status: 'imported', undoBlocked: reason });
    expect(errorOf(await call('admin', 'POST', `${base}/undo`)).message).toBe(
      `Không thể hoàn tác lần nhập này: ${reason}`,
    );
  });

  it('refuses to import a sheet whose every row has a problem', async () => {
    const preview = (
      await upload(googleCsv([HEADERS, ['X', '1', null, null, null, null]]), 'x.csv')
    ).json();
    const answer = await call(
      'admin',
      'POST',
      `/api/admin/student-imports/${preview.importId}/commit`,
      {
        mapping: preview.mapping,
      },
    );
    expect(answer.statusCode).toBe(422);
    expect(errorOf(answer).code).toBe('import_nothing');
  });
});

describe('courses with their lessons, from a sheet of courses', () => {
  const COURSE_HEADERS = ['Tên khóa học', 'Mô tả', 'Bài học'];
  const lessonsOf = async (courseId: string) =>
    (
      (await call('admin', 'GET', `/api/courses/${courseId}`)).json().lessons as { title: string }[]
    ).map((lesson) => lesson.title);
  const courseNamed = async (name: string) =>
    (
      (await call('admin', 'GET', '/api/courses')).json().courses as { id: string; name: string }[]
    ).find((course) => course.name === name);

  it('gives a template of courses that previews as courses and lessons', async () => {
    const answer = await call('admin', 'GET', '/api/admin/student-imports/course-template.xlsx');
    expect(answer.statusCode).toBe(200);
    const preview = (await upload(answer.rawPayload, 'mau-khoa-hoc.xlsx')).json();
    expect(preview.kind).toBe('courses');
    expect(preview.mapping).toEqual(['courses', 'description', 'lesson']);
    expect(preview.counts).toEqual({ create: 5, update: 0, unchanged: 0, skip: 0 });
    expect(preview.rows[1]).toMatchObject({ name: 'Sơn gel căn bản', lesson: 'Sơn gel một màu' });
  });

  it('adds new courses with their lessons and the missing lessons of a course it has, then undoes it', async () => {
    const made = await call('admin', 'POST', '/api/courses', {
      name: 'Đắp bột nâng cao',
      lessons: [{ title: 'Bài 1: Dũa form' }],
    });
    const existingId = made.json().id as string;
    const sheet = await xlsxOf([
      COURSE_HEADERS,
      ['Đắp bột nâng cao', null, 'bài 1: dũa FORM'],
      [null, null, 'Bài 2: Đắp bột 3D'],
      ['Nail Hàn Quốc', 'Phong cách Hàn Quốc, 6 buổi.', 'Sơn thạch'],
      [null, null, 'Vẽ nơ'],
      [null, null, 'Sơn thạch'],
      ['Khóa thiếu bài', null, null],
      ['=HYPERLINK("http://evil.example","x")', null, 'Bài x'],
    ]);
    const preview = (await upload(sheet, 'khoa-hoc.xlsx')).json();
    expect(preview.kind).toBe('courses');
    expect(preview.rows.map((row: { action: string }) => row.action)).toEqual([
      'unchanged',
      'create',
      'create',
      'create',
      'skip',
      'skip',
      'skip',
    ]);
    expect(preview.rows[4].problems).toEqual(['Trùng bài học với dòng 4.']);
    expect(preview.rows[5].problems).toEqual(['Thiếu tên bài học.']);
    expect(preview.rows[2].notes).toEqual(['Tạo khóa học mới "Nail Hàn Quốc".']);

    const base = `/api/admin/student-imports/${preview.importId}`;
    const done = await call('admin', 'POST', `${base}/commit`, { mapping: preview.mapping });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ kind: 'courses', coursesCreated: 1, lessonsCreated: 3 });
    expect(await lessonsOf(existingId)).toEqual(['Bài 1: Dũa form', 'Bài 2: Đắp bột 3D']);
    const added = await courseNamed('Nail Hàn Quốc');
    expect(await lessonsOf(added!.id)).toEqual(['Sơn thạch', 'Vẽ nơ']);
    const detail = (await call('admin', 'GET', `/api/courses/${added!.id}`)).json();
    expect(detail.description).toBe('Phong cách Hàn Quốc, 6 buổi.');

    const undone = await call('admin', 'POST', `${base}/undo`);
    expect(undone.statusCode).toBe(200);
    expect(await lessonsOf(existingId)).toEqual(['Bài 1: Dũa form']);
    expect(await courseNamed('Nail Hàn Quốc')).toBeUndefined();
  });

  it('cannot be undone once a course it added lessons to is edited', async () => {
    const preview = (
      await upload(
        googleCsv([COURSE_HEADERS, ['Móng úp', null, 'Chọn móng'], [null, null, 'Gắn móng']]),
        'k.csv',
      )
    ).json();
    const base = `/api/admin/student-imports/${preview.importId}`;
    await call('admin', 'POST', `${base}/commit`, { mapping: preview.mapping });
    const course = await courseNamed('Móng úp');
    const edit = await call('admin', 'PUT', `/api/courses/${course!.id}`, {
      description: 'Đổi mô tả',
    });
    expect(edit.statusCode).toBe(200);
    const undo = await call('admin', 'POST', `${base}/undo`);
    expect(undo.statusCode).toBe(409);
    expect(errorOf(undo).message).toContain('khóa học "Móng úp" đã được sửa');
    expect(await lessonsOf(course!.id)).toEqual(['Chọn móng', 'Gắn móng']);
  });

  it('refuses a mapping that reads both students and lessons', async () => {
    const preview = (
      await upload(googleCsv([COURSE_HEADERS, ['Móng gel', null, 'Bài 1']]), 'k.csv')
    ).json();
    const answer = await call(
      'admin',
      'POST',
      `/api/admin/student-imports/${preview.importId}/preview`,
      {
        mapping: ['courses', 'name', 'lesson'],
      },
    );
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toContain('Một tệp chỉ nhập học viên hoặc khóa học');
  });
});

describe('the template and the export', () => {
  it("gives a template in the import's columns, which imports as it is", async () => {
    const answer = await call('admin', 'GET', '/api/admin/student-imports/template.xlsx');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(answer.rawPayload);
    expect(rows[0]!.slice(0, 6)).toEqual(HEADERS);
    const preview = (await upload(answer.rawPayload, 'mau.xlsx')).json();
    expect(preview.counts.create).toBe(1);
    expect(preview.rows[0]).toMatchObject({ phone: '0912345678', dob: '2001-05-07', problems: [] });
  });

  it('exports every student with her courses and progress, every cell as text', async () => {
    await call('admin', 'POST', '/api/students', {
      name: '=HYPERLINK("http://evil.example","Bấm")',
      phone: '0912 000 300',
      dob: '2000-03-04',
    });
    const answer = await call('admin', 'GET', '/api/admin/students.xlsx');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toMatch(
      /attachment; filename="hoc-vien-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const parts = unzipSync(new Uint8Array(answer.rawPayload));
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
    expect(sheet).not.toContain('<f>');
    const rows = await readSheet(answer.rawPayload);
    expect(rows[0]).toEqual([...HEADERS, 'Tiến độ', 'Trạng thái', 'Ngày đăng ký']);
    const evil = rows.find((row) => String(row[0]).startsWith('=HYPERLINK'));
    expect(evil!.slice(1, 4)).toEqual(['0912000300', null, '04/03/2000']);
    const lan = rows.find((row) => row[0] === 'Ngô Thị Lan');
    expect(lan?.[7]).toBe('Đang học');
    // The export, as it is, imports back: everyone found, nothing new.
    const preview = (await upload(answer.rawPayload, 'xuat.xlsx')).json();
    expect(preview.counts.create).toBe(0);
  });
});

describe('hostile files change nothing', () => {
  const refusals: [string, () => Promise<Buffer> | Buffer, string, number, string][] = [
    [
      'a zip bomb posing as .xlsx',
      () =>
        zipOf({
          '[Content_Types].xml': '<Types/>',
          'xl/workbook.xml': '<workbook/>',
          'xl/worksheets/sheet1.xml': new Uint8Array(64 * 1024 * 1024),
        }),
      'bom.xlsx',
      413,
      'import_unpacks_too_large',
    ],
    [
      'a sheet of a million rows (CSV)',
      () => Buffer.from(`Họ và tên\n${'a\n'.repeat(1_000_000)}`),
      'trieu.csv',
      413,
      'import_too_many_rows',
    ],
    [
      'an .xlsx with more rows than an import takes',
      () => xlsxOf([HEADERS, ...classList(1, 5001, ['A'])]),
      'nhieu.xlsx',
      413,
      'import_too_many_rows',
    ],
    [
      'a workbook with macros',
      async () => {
        const parts = unzipSync(new Uint8Array(await xlsxOf([HEADERS])));
        return zipOf({ ...parts, 'xl/vbaProject.bin': new Uint8Array([1, 2, 3]) });
      },
      'macro.xlsm',
      415,
      'import_macros',
    ],
    [
      'an image named .xlsx',
      () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      'anh.xlsx',
      415,
      'import_wrong_type',
    ],
    [
      'an image named .csv',
      () => Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      'anh.csv',
      415,
      'import_wrong_type',
    ],
    [
      'a Word document named .xlsx',
      () => zipOf({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }),
      'thu.xlsx',
      415,
      'import_wrong_type',
    ],
    [
      'an old .xls',
      () => Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
      'cu.xls',
      415,
      'import_old_excel',
    ],
    [
      'a broken .xlsx',
      async () => {
        const whole = await xlsxOf([HEADERS, ...classList(1, 50, ['A'])]);
        return whole.subarray(0, whole.length / 2);
      },
      'hong.xlsx',
      422,
      'import_unreadable',
    ],
    [
      'a file over 5 MB',
      () => Buffer.alloc(5 * 1024 * 1024 + 1, 0x61),
      'to.csv',
      413,
      'import_too_large',
    ],
    ['a sheet with only its header', () => googleCsv([HEADERS]), 'trong.csv', 422, 'import_empty'],
  ];

  it.each(refusals)('refuses %s', async (_what, make, filename, status, code) => {
    const before = await drafts();
    const answer = await upload(await make(), filename);
    expect(answer.statusCode).toBe(status);
    expect(errorOf(answer).code).toBe(code);
    expect(errorOf(answer).message).toMatch(/[ăâđêôơư]/);
    expect(await drafts()).toBe(before);
  });

  it('never runs a formula from an .xlsx: the value the sheet shows is what is read', async () => {
    const parts = unzipSync(
      new Uint8Array(await xlsxOf([HEADERS, ['Tạ Thị Mơ', '0912000400', null, null, null, null]])),
    );
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!).replace(
      /<c r="A2"[^>]*>.*?<\/c>/,
      '<c r="A2" t="str"><f>HYPERLINK("http://evil.example","Tạ Thị Mơ")</f><v>Tạ Thị Mơ</v></c>',
    );
    const answer = await upload(zipOf({ ...parts, 'xl/worksheets/sheet1.xml': sheet }), 'f.xlsx');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().rows[0]).toMatchObject({ name: 'Tạ Thị Mơ', problems: [] });
  });

  it('is for admins alone', async () => {
    const sheet = googleCsv([HEADERS, ['Tạ Mơ', '0912000401', null, null, null, null]]);
    expect((await upload(sheet, 'a.csv', 'teacher')).statusCode).toBe(403);
    expect((await call('teacher', 'GET', '/api/admin/students.xlsx')).statusCode).toBe(403);
    expect((await call('student', 'GET', '/api/admin/student-imports')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/admin/student-imports/template.xlsx')).statusCode).toBe(
      401,
    );
    expect(ids.admin).toBeTruthy();
  });
});
