import {
  classList,
  excelCsvUtf8,
  googleCsv,
  HEADERS,
  type SheetCell,
  xlsxOf,
} from '../support/sheets.ts';
import { expect, test } from './fixtures.ts';
import { unique } from './support/evaluation.ts';
import { PHONE, shotsAtThreeSizes } from './support/shots.ts';

/*
 * An academy's students from its spreadsheet (#66): an admin uploads the class list it keeps in
 * Excel or Google Sheets, sees the columns matched and each faulty row named, fixes the file,
 * imports 300 students across 3 courses in one go, finds them in the students list, and undoes
 * it. It adds and removes hundreds of students, so it runs with the other @config journeys.
 */

/** Ten rows spoiled the ways a hand-kept list is: each faulty row's line and what is said. */
function spoil(rows: SheetCell[][]): { rows: SheetCell[][]; said: Map<number, string> } {
  const spoiled = rows.map((row) => [...row]);
  const said = new Map<number, string>();
  const at = (index: number, column: number, value: SheetCell, message: string) => {
    spoiled[index]![column] = value;
    // The header is line 1: row `index` is line index + 2.
    said.set(index + 2, message);
  };
  at(4, 1, '12345', 'Số điện thoại "12345" không đọc được.');
  at(34, 3, '31/02/2001', 'Ngày sinh "31/02/2001" không phải ngày hợp lệ');
  at(64, 2, 'lan@', 'Email "lan@" không hợp lệ.');
  at(94, 0, '=HYPERLINK("http://evil.example","Bấm")', 'chứa công thức');
  at(124, 0, null, 'Thiếu họ và tên.');
  at(154, 1, spoiled[153]![1]!, 'Trùng học viên với dòng 155.');
  at(184, 3, '01/01/2999', 'Ngày sinh "01/01/2999"');
  at(214, 1, '0912 34', 'Số điện thoại "0912 34" không đọc được.');
  at(244, 2, spoiled[243]![2]!, 'Trùng học viên với dòng 245.');
  at(274, 0, 'A', 'Vui lòng nhập họ và tên.');
  return { rows: spoiled, said };
}

test.describe('students from a spreadsheet @config', () => {
  test.use(PHONE);

  test('an admin imports courses with lessons, then 300 students across 3 courses, fixing 10 faulty rows, then undoes both', async ({
    page,
  }) => {
    test.slow();
    const tag = unique();
    const courses = [`Sơn gel ${tag}`, `Vẽ móng ${tag}`, `Đắp bột ${tag}`];
    // One course the academy has; the sheet brings the other two.
    const made = await page.request.post('/api/courses', {
      data: { name: courses[0], lessons: [{ title: 'Dũa form' }] },
    });
    expect(made.status()).toBe(201);
    const from = 100_000 + Math.floor(Math.random() * 800_000);
    const good = classList(from, 300, courses);
    const faulty = spoil(good);

    await page.goto('/#/admin-tools');
    await page.getByRole('link', { name: 'Nhập học viên từ Excel' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Nhập học viên từ bảng tính' }),
    ).toBeVisible();

    // First the courses, one lesson a row: a lesson more for the course the academy has, and a
    // new course with its lessons.
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'khoa-hoc.xlsx',
      mimeType: 'application/octet-stream',
      buffer: await xlsxOf([
        ['Khóa học', 'Mô tả', 'Bài học'],
        [courses[0]!, null, 'Dũa form'],
        [null, null, 'Sơn gel một màu'],
        [courses[1]!, 'Vẽ hoa, vân đá', 'Vẽ hoa cơ bản'],
        [null, null, 'Vân đá'],
        [null, null, 'Ombre'],
      ]),
    });
    await expect(page.getByTestId('import-counts')).toHaveText(
      '4 bài học mới · 1 đã có · 0 bỏ qua',
    );
    await expect(page.getByText(`Tạo khóa học mới "${courses[1]}".`)).toBeVisible();
    await page.getByRole('button', { name: 'Nhập 4 bài học' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Đã nhập: 4 bài học, 1 khóa học mới.' }),
    ).toBeVisible();
    await expect(page.getByTestId('import-history-item').first()).toContainText(
      'khoa-hoc.xlsx: 1 khóa học mới, 4 bài học mới',
    );

    // The list as Excel saves it, then as "CSV UTF-8": both previews name the same ten rows.
    for (const file of [
      { name: 'lop-hoc.xlsx', buffer: await xlsxOf([HEADERS, ...faulty.rows]) },
      { name: 'lop-hoc.csv', buffer: excelCsvUtf8([HEADERS, ...faulty.rows]) },
    ]) {
      await page.getByTestId('import-file-input').setInputFiles({
        name: file.name,
        mimeType: 'application/octet-stream',
        buffer: file.buffer,
      });
      await expect(page.getByTestId('import-file')).toHaveText(file.name);
      await expect(page.getByTestId('import-counts')).toHaveText(
        '290 thêm mới · 0 cập nhật · 0 không đổi · 10 bỏ qua',
      );
      const problems = page.getByTestId('import-problems');
      await expect(problems).toContainText('10 dòng có lỗi sẽ bị bỏ qua');
      await problems.getByRole('button', { name: 'Chỉ xem dòng lỗi' }).click();
      const rows = page.getByTestId('import-row');
      await expect(rows).toHaveCount(10);
      for (const [line, message] of faulty.said) {
        const row = rows.filter({ has: page.getByText(`Dòng ${line}`, { exact: true }) });
        await expect(row).toContainText(message);
      }
      await problems.getByRole('button', { name: 'Xem tất cả dòng' }).click();
    }
    // Leaving out the e-mail column reads the rows again: its two faulty rows come in.
    const emailColumn = page.getByLabel('Email', { exact: true });
    await emailColumn.selectOption({ label: 'Bỏ qua cột này' });
    await expect(page.getByTestId('import-counts')).toHaveText(
      '292 thêm mới · 0 cập nhật · 0 không đổi · 8 bỏ qua',
    );
    await emailColumn.selectOption({ label: 'Email' });
    await expect(page.getByTestId('import-counts')).toHaveText(
      '290 thêm mới · 0 cập nhật · 0 không đổi · 10 bỏ qua',
    );
    // The columns were matched from their headers, and the course still missing will be added.
    await expect(page.getByLabel('Số điện thoại', { exact: true })).toHaveValue('phone');
    await expect(page.getByRole('checkbox', { name: courses[2] })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: courses[1] })).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shotsAtThreeSizes(page, 'student-import-preview');

    // The fixed list, as Google Sheets saves it.
    await page.getByTestId('import-file-input').setInputFiles({
      name: 'lop-hoc-da-sua.csv',
      mimeType: 'text/csv',
      buffer: googleCsv([HEADERS, ...good]),
    });
    await expect(page.getByTestId('import-counts')).toHaveText(
      '300 thêm mới · 0 cập nhật · 0 không đổi · 0 bỏ qua',
    );
    await expect(page.getByTestId('import-problems')).toHaveCount(0);
    await page.getByRole('button', { name: 'Nhập 300 học viên' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Đã nhập: 300 học viên mới, 0 cập nhật.' }),
    ).toBeVisible();
    const latest = page.getByTestId('import-history-item').first();
    await expect(latest).toContainText('lop-hoc-da-sua.csv: 300 mới, 0 cập nhật, 1 khóa học mới');

    // All 300 are students, each in her course: a hundred to a course.
    const courseList = await (await page.request.get('/api/courses')).json();
    const ids = courses.map(
      (name) => courseList.courses.find((course: { name: string }) => course.name === name)?.id,
    );
    expect(ids.every(Boolean)).toBe(true);
    for (const id of ids) {
      const students = await (await page.request.get(`/api/students?courseIds=${id}`)).json();
      expect(students.total).toBe(100);
    }
    await page.goto('/#/students');
    const someone = `Nguyễn Thị Học Viên ${from + 7}`;
    await page.getByRole('searchbox', { name: 'Tìm học viên…' }).fill(`Học Viên ${from + 7}`);
    const card = page.getByRole('article').filter({ hasText: someone });
    await expect(card.first()).toBeVisible();
    await expect(card.first()).toContainText(courses[(from + 7) % 3]!);
    await shotsAtThreeSizes(page, 'student-import-students');

    // Undone: the 300 and the course the students' import added are gone; then the courses'
    // import is undone too, its new course gone and the lessons it added to the other.
    await page.goto('/#/student-import');
    await latest.getByRole('button', { name: 'Hoàn tác lần nhập' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hoàn tác lần nhập' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Đã hoàn tác lần nhập.' }),
    ).toBeVisible();
    await expect(latest).toContainText('Đã hoàn tác');
    const left = await (
      await page.request.get(
        `/api/students?q=${encodeURIComponent('Học Viên')}&courseIds=${ids[0]}`,
      )
    ).json();
    expect(left.total).toBe(0);
    let names = (await (await page.request.get('/api/courses')).json()).courses.map(
      (course: { name: string }) => course.name,
    );
    expect(names).toContain(courses[1]);
    expect(names).not.toContain(courses[2]);

    const coursesImport = page.getByTestId('import-history-item').nth(1);
    await expect(coursesImport).toContainText('khoa-hoc.xlsx');
    await coursesImport.getByRole('button', { name: 'Hoàn tác lần nhập' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Hoàn tác lần nhập' }).click();
    await expect(coursesImport).toContainText('Đã hoàn tác');
    names = (await (await page.request.get('/api/courses')).json()).courses.map(
      (course: { name: string }) => course.name,
    );
    expect(names).toContain(courses[0]);
    expect(names).not.toContain(courses[1]);
    const kept = await (await page.request.get(`/api/courses/${ids[0]}`)).json();
    expect(kept.lessons.map((lesson: { title: string }) => lesson.title)).toEqual(['Dũa form']);
  });
});
