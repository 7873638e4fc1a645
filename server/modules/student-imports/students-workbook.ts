import writeXlsxFile, { type Row } from 'write-excel-file/node';
import { vietnamClock } from '#shared/format';
import { vi } from '#shared/locales/vi';
import { studentImport } from '#shared/locales/vi/student-import';
import { compareVietnameseNames } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import { allEnrolments, allStudents } from './student-imports.repository.ts';

const text = studentImport.screen;
const HEADERS = [
  text.fields.name,
  text.fields.phone,
  text.fields.email,
  text.fields.dob,
  text.fields.address,
  text.fields.courses,
  text.progress,
  text.statusColumn,
  text.registeredColumn,
];
const WIDTHS = [28, 16, 28, 13, 36, 32, 32, 14, 14];

/** YYYY-MM-DD as Vietnamese write a date: 07/05/2001, what the import reads back. */
function dayMonthYear(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

function dateOf(at: number): string {
  const { year, month, day } = vietnamClock(at);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`;
}

/*
 * Every cell is written as text (a string cell, never a formula), so a name such as
 * "=HYPERLINK(…)" stays text when the sheet is opened, and a phone keeps its leading 0.
 */
const textCell = (value: string) => ({ value, type: String });

function workbook(
  rows: Row[],
  headers: string[] = HEADERS,
  widths: number[] = WIDTHS,
  sheet: string = text.sheetName,
): Promise<Buffer> {
  return writeXlsxFile(
    [
      headers.map((header) => ({ value: header, type: String, fontWeight: 'bold' as const })),
      ...rows,
    ],
    { sheet, columns: widths.map((width) => ({ width })), stickyRowsCount: 1 },
  ).toBuffer();
}

/**
 * Every student with her courses and progress, in the import's own columns: the export, edited,
 * imports back (the progress, status and date columns are left out when it does).
 */
export async function studentsWorkbook(database: AppDatabase): Promise<Buffer> {
  const [students, enrolments] = await Promise.all([
    allStudents(database.db),
    allEnrolments(database.db),
  ]);
  students.sort((a, b) => compareVietnameseNames(a.name, b.name));
  const statusNames = vi.status.student;
  const rows = students.map((student): Row => {
    const courses = enrolments.filter((enrolment) => enrolment.person_id === student.id);
    return [
      textCell(student.name),
      textCell(student.phone ?? ''),
      textCell(student.email ?? ''),
      textCell(student.dob ? dayMonthYear(student.dob) : ''),
      textCell(student.address ?? ''),
      textCell(courses.map((course) => course.name).join('; ')),
      textCell(
        courses
          .map(
            (course) =>
              `${course.name}: ${Number(course.completed ?? 0)}/${Number(course.lesson_count ?? 0)}`,
          )
          .join('; '),
      ),
      textCell(statusNames[student.status]),
      textCell(dateOf(Number(student.registration_date))),
    ];
  });
  return workbook(rows);
}

/** The import's template: the export's columns, with one example row to write over. */
export function templateWorkbook(): Promise<Buffer> {
  const example = text.templateExample;
  return workbook([
    [
      textCell(example.name),
      textCell(example.phone),
      textCell(example.email),
      textCell(example.dob),
      textCell(example.address),
      textCell(example.courses),
      textCell(''),
      textCell(''),
      textCell(''),
    ],
  ]);
}

/**
 * The template of a sheet of courses: a course, its description and one lesson a row, the course
 * named on its first lesson's row only (as people lay such a list out).
 */
export function courseTemplateWorkbook(): Promise<Buffer> {
  return workbook(
    text.courseTemplateExample.map((row) => row.map(textCell)),
    [text.fields.courses, text.fields.description, text.fields.lesson],
    [28, 40, 32],
    text.courseSheetName,
  );
}
