import { limits } from '#shared/limits';
import { studentImport } from '#shared/locales/vi/student-import';
import { EmailAddress } from '#shared/schemas/accounts';
import { CourseName } from '#shared/schemas/courses';
import { DateOfBirth, PersonName, VietnamesePhone } from '#shared/schemas/people';
import type { ImportField, ImportMapping } from '#shared/schemas/student-imports';
import { fillPlaceholders, foldForSearch } from '#shared/text';
import type { Cell } from './spreadsheet-file.ts';

const problemText = studentImport.screen.problems;
const fieldNames = studentImport.screen.fields;

/**
 * Headers people give these columns, folded (no marks, lower case, punctuation as spaces, a
 * note in brackets left out): "Họ và tên", "SĐT", "E-mail", "Ngày sinh (dd/mm/yyyy)".
 */
const HEADER_NAMES: Record<ImportField, string[]> = {
  name: [
    'ho va ten',
    'ho ten',
    'ten',
    'ten hoc vien',
    'ho va ten hoc vien',
    'ho ten hoc vien',
    'hoc vien',
    'full name',
    'name',
  ],
  phone: [
    'so dien thoai',
    'dien thoai',
    'sdt',
    'so dt',
    'dt',
    'di dong',
    'so di dong',
    'zalo',
    'phone',
    'mobile',
  ],
  email: ['email', 'e mail', 'gmail', 'thu dien tu', 'dia chi email'],
  dob: ['ngay sinh', 'sinh ngay', 'ngay thang nam sinh', 'nam sinh', 'date of birth', 'dob'],
  address: ['dia chi', 'noi o', 'cho o', 'dia chi lien he', 'address'],
  courses: [
    'khoa hoc',
    'ten khoa hoc',
    'khoa',
    'lop',
    'lop hoc',
    'cac khoa hoc',
    'khoa dang hoc',
    'course',
  ],
  lesson: ['bai hoc', 'ten bai hoc', 'ten bai', 'bai', 'buoi hoc', 'noi dung bai hoc', 'lesson'],
  description: ['mo ta', 'mo ta khoa hoc', 'gioi thieu', 'gioi thieu khoa hoc', 'description'],
};

function foldHeader(header: string): string {
  return foldForSearch(header.replace(/\([^)]*\)/g, ' ').replace(/[^\p{L}\p{N}]+/gu, ' '));
}

/** Each column's field from its header, each field to the first column that names it. */
export function suggestMapping(headers: string[]): ImportMapping {
  const taken = new Set<ImportField>();
  return headers.map((header) => {
    const folded = foldHeader(header);
    const field = (Object.keys(HEADER_NAMES) as ImportField[]).find(
      (candidate) => !taken.has(candidate) && HEADER_NAMES[candidate].includes(folded),
    );
    if (!field) return null;
    taken.add(field);
    return field;
  });
}

/** A cell as text: what the sheet shows, a date as YYYY-MM-DD, a number without its grouping. */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date)
    return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
  // A Mac's Excel can keep Vietnamese letters decomposed; the app stores them composed.
  return String(cell).normalize('NFC').trim();
}

/** The header row and the rows below it, as text, each with its number in the sheet. */
export function tableOf(cells: Cell[][]): {
  headers: string[];
  rows: { line: number; cells: string[] }[];
} {
  const headerIndex = cells.findIndex((row) => row.some((cell) => cellText(cell) !== ''));
  if (headerIndex < 0) return { headers: [], rows: [] };
  const headers = cells[headerIndex]!.map(cellText);
  const rows = cells
    .slice(headerIndex + 1)
    .map((row, index) => ({ line: headerIndex + index + 2, cells: row.map(cellText) }))
    .filter((row) => row.cells.some((cell) => cell !== ''));
  return { headers, rows };
}

export interface ParsedRow {
  line: number;
  name: string;
  phone: string | null;
  email: string | null;
  dob: string | null;
  address: string | null;
  courses: string[];
  problems: string[];
}

/**
 * A phone as a spreadsheet keeps it: Excel drops the leading 0 of a number typed into a number
 * cell (912345678, a landline 2838123456), so nine or ten digits not starting with 0 or 84 get
 * it back.
 */
export function normalisePhone(value: string): string | null {
  const digits = /^(?!84)[1-9]\d{8,9}$/.test(value) ? `0${value}` : value;
  const parsed = VietnamesePhone.safeParse(digits);
  return parsed.success ? parsed.data : null;
}

const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY = 24 * 60 * 60 * 1000;

/**
 * A date of birth as Vietnamese write it: day first (07/05/2001, 7-5-2001, 07.05.2001), or as
 * YYYY-MM-DD (a date cell), or an Excel day number from a date cell that lost its format.
 */
export function normaliseDate(value: string): string | null {
  let iso: string | null = null;
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  if (dayFirst) {
    const [, day, month, year] = dayFirst;
    iso = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  } else if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    iso = value;
  } else if (/^\d{5}$/.test(value)) {
    iso = new Date(EXCEL_EPOCH + Number(value) * DAY).toISOString().slice(0, 10);
  }
  if (!iso) return null;
  return DateOfBirth.safeParse(iso).success ? iso : null;
}

/** Course names in one cell, separated by ';' or a line break (as the export writes them). */
export function splitCourses(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[;\n]/)
        .map((name) => name.trim().replace(/\s+/g, ' '))
        .filter(Boolean),
    ),
  ];
}

/**
 * One row read through the mapping, every problem that keeps it out said in Vietnamese. A
 * formula is never run, and text that starts like one (=HYPERLINK(…) from a CSV) is no name.
 */
function cellReader(
  row: { cells: string[] },
  mapping: ImportMapping,
  headers: string[],
  problems: string[],
) {
  return (field: ImportField): string => {
    const index = mapping.indexOf(field);
    if (index < 0) return '';
    const text = row.cells[index] ?? '';
    const column = headers[index] || fieldNames[field];
    if (text.startsWith('=')) {
      problems.push(fillPlaceholders(problemText.formula, { column, value: text.slice(0, 40) }));
      return '';
    }
    if (text.length > limits.importCellChars) {
      problems.push(fillPlaceholders(problemText.tooLong, { column, max: limits.importCellChars }));
      return '';
    }
    return text;
  };
}

export function parseRow(
  row: { line: number; cells: string[] },
  mapping: ImportMapping,
  headers: string[],
): ParsedRow {
  const problems: string[] = [];
  const value = cellReader(row, mapping, headers, problems);

  const rawName = value('name');
  let name = rawName.replace(/\s+/g, ' ');
  if (rawName === '') {
    if (!problems.length) problems.push(problemText.nameMissing);
  } else {
    const parsed = PersonName.safeParse(rawName);
    if (parsed.success) name = parsed.data.replace(/\s+/g, ' ');
    else problems.push(parsed.error.issues[0]!.message);
  }

  const rawPhone = value('phone');
  const phone = rawPhone ? normalisePhone(rawPhone) : null;
  if (rawPhone && !phone) problems.push(fillPlaceholders(problemText.phone, { value: rawPhone }));

  const rawEmail = value('email');
  const parsedEmail = rawEmail ? EmailAddress.safeParse(rawEmail) : null;
  const email = parsedEmail?.success ? parsedEmail.data : null;
  if (parsedEmail && !parsedEmail.success) {
    problems.push(fillPlaceholders(problemText.email, { value: rawEmail }));
  }

  const rawDob = value('dob');
  const dob = rawDob ? normaliseDate(rawDob) : null;
  if (rawDob && !dob) problems.push(fillPlaceholders(problemText.date, { value: rawDob }));

  const rawAddress = value('address').replace(/\s+/g, ' ');
  if (rawAddress.length > 200) {
    problems.push(fillPlaceholders(problemText.tooLong, { column: fieldNames.address, max: 200 }));
  }
  const courses = splitCourses(value('courses'));
  const formulaCourse = courses.find((course) => course.startsWith('='));
  if (formulaCourse) {
    problems.push(
      fillPlaceholders(problemText.formula, {
        column: fieldNames.courses,
        value: formulaCourse.slice(0, 40),
      }),
    );
  }
  for (const course of courses) {
    const parsed = CourseName.safeParse(course);
    if (!parsed.success) problems.push(parsed.error.issues[0]!.message);
  }

  return {
    line: row.line,
    name,
    phone,
    email,
    dob,
    address: rawAddress && rawAddress.length <= 200 ? rawAddress : null,
    courses: formulaCourse ? [] : courses,
    problems,
  };
}

export interface ParsedLesson {
  line: number;
  course: string;
  lesson: string;
  description: string | null;
  problems: string[];
}

/**
 * The rows of a sheet of courses, one lesson each. A row with no course is the course of the row
 * above it, as a sheet with merged course cells is saved (and as people type it).
 */
export function parseLessons(
  rows: { line: number; cells: string[] }[],
  mapping: ImportMapping,
  headers: string[],
): ParsedLesson[] {
  let course = '';
  return rows.map((row) => {
    const problems: string[] = [];
    const value = cellReader(row, mapping, headers, problems);
    const named = value('courses').replace(/\s+/g, ' ');
    if (named) course = named;
    const lesson = value('lesson').replace(/\s+/g, ' ');
    const description = value('description').trim();
    if (!course) {
      if (!problems.length) problems.push(problemText.courseMissing);
    } else {
      const parsed = CourseName.safeParse(course);
      if (!parsed.success) problems.push(parsed.error.issues[0]!.message);
    }
    if (!lesson) {
      if (!problems.length) problems.push(problemText.lessonMissing);
    } else if (lesson.length > 200) {
      problems.push(problemText.lessonTooLong);
    }
    if (description.length > 2000) problems.push(problemText.descriptionTooLong);
    return { line: row.line, course, lesson, description: description || null, problems };
  });
}
