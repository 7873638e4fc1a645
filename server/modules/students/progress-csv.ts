import { vi } from '#shared/locales/vi';
import type { StudentDetail } from '#shared/schemas/students';

/** A cell quoted for CSV; text a spreadsheet would run as a formula is prefixed with '. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

const dateTime = new Intl.DateTimeFormat('vi', {
  dateStyle: 'short',
  timeStyle: 'short',
  timeZone: 'Asia/Ho_Chi_Minh',
});

/** A student's progress as CSV, one row per lesson of each enrolled course. */
export function progressCsv(student: StudentDetail): string {
  const headings = vi.screens.studentDetail.csv;
  const rows = [
    [
      headings.course,
      headings.lesson,
      headings.completed,
      headings.summary,
      headings.updatedBy,
      headings.updatedAt,
    ],
    ...student.courses.flatMap((course) =>
      course.lessons.map((lesson) => [
        course.name,
        lesson.title,
        lesson.completed ? headings.yes : headings.no,
        lesson.summary ?? '',
        lesson.lastUpdatedBy?.name ?? '',
        lesson.lastUpdatedAt ? dateTime.format(lesson.lastUpdatedAt) : '',
      ]),
    ),
  ];
  return csvText(rows);
}

/**
 * Rows as CSV text, with a byte-order mark so spreadsheet programs read the Vietnamese text as
 * UTF-8.
 */
export function csvText(rows: string[][]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
