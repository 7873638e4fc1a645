import { limits } from '../limits.ts';
import { studentImport } from '../locales/vi/student-import.ts';
import { uuid, z } from '../zod.ts';

/**
 * What a column can fill: a student's details and her courses, or, in a sheet of courses (one
 * row per lesson), a lesson's title and its course's description. `courses` is the course's name
 * in both.
 */
export const IMPORT_FIELDS = [
  'name',
  'phone',
  'email',
  'dob',
  'address',
  'courses',
  'lesson',
  'description',
] as const;
/** The fields only a sheet of courses has. */
export const COURSE_SHEET_FIELDS = ['lesson', 'description'] as const;
export const ImportField = z.enum(IMPORT_FIELDS);
export type ImportField = z.infer<typeof ImportField>;

/** One entry per column of the sheet: the field it fills, or null to leave the column out. */
export const ImportMapping = z
  .array(ImportField.nullable())
  .max(limits.importColumns)
  .refine(
    (mapping) => {
      const used = mapping.filter((field) => field !== null);
      return new Set(used).size === used.length;
    },
    { message: studentImport.validation.importFieldTwice },
  )
  .refine((mapping) => !(mapping.includes('name') && mapping.includes('lesson')), {
    message: studentImport.validation.importOneKind,
  })
  .refine((mapping) => mapping.includes('name') || mapping.includes('lesson'), {
    message: studentImport.validation.importNameColumn,
  })
  .refine((mapping) => !mapping.includes('lesson') || mapping.includes('courses'), {
    message: studentImport.validation.importCourseColumn,
  });
export type ImportMapping = z.infer<typeof ImportMapping>;

/** A sheet of courses names lessons; any other sheet is of students. */
export type ImportKind = 'students' | 'courses';
export const importKindOf = (mapping: readonly (ImportField | null)[]): ImportKind =>
  mapping.includes('lesson') ? 'courses' : 'students';

const CourseName = z.string().trim().min(1).max(200);

/** How the admin wants the sheet read: the columns' fields, and which unknown courses to add. */
export const ImportChoices = z.strictObject({
  mapping: ImportMapping,
  /** Courses the academy lacks that the import adds; rows keep the others out of their courses. */
  createCourses: z.array(CourseName).max(100).default([]),
});
export type ImportChoices = z.input<typeof ImportChoices>;
export type ImportChoicesData = z.output<typeof ImportChoices>;

export const ImportIdParams = z.strictObject({
  importId: uuid({ message: studentImport.validation.importIdInvalid }),
});

/** What importing a row does: add a student, change one found by phone or e-mail, or nothing. */
export const ImportRowAction = z.enum(['create', 'update', 'unchanged', 'skip']);
export type ImportRowAction = z.infer<typeof ImportRowAction>;

export const ImportRowPreview = z.object({
  /** The row's number in the spreadsheet, as the spreadsheet program shows it. */
  line: z.number().int(),
  action: ImportRowAction,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  dob: z.string().nullable(),
  address: z.string().nullable(),
  courses: z.array(z.string()),
  /** In a sheet of courses: the lesson and the course's description. */
  lesson: z.string().nullable(),
  description: z.string().nullable(),
  /** The student an update changes. */
  studentId: z.string().nullable(),
  /** Why the row is skipped, in Vietnamese. */
  problems: z.array(z.string()),
  /** What is left out of a row that is still imported (a course not added), in Vietnamese. */
  notes: z.array(z.string()),
});
export type ImportRowPreview = z.infer<typeof ImportRowPreview>;

export const ImportStatus = z.enum(['draft', 'imported', 'undone']);

const Counts = z.object({
  create: z.number().int(),
  update: z.number().int(),
  unchanged: z.number().int(),
  skip: z.number().int(),
});

export const ImportPreview = z.object({
  importId: z.string(),
  fileName: z.string(),
  status: ImportStatus,
  kind: z.enum(['students', 'courses']),
  headers: z.array(z.string()),
  mapping: z.array(ImportField.nullable()),
  rows: z.array(ImportRowPreview),
  /** Course names in the sheet the academy does not have, as first written. */
  unknownCourses: z.array(z.string()),
  createCourses: z.array(z.string()),
  counts: Counts,
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportSummary = z.object({
  id: z.string(),
  fileName: z.string(),
  status: ImportStatus,
  kind: z.enum(['students', 'courses']),
  by: z.object({ id: z.string(), name: z.string() }).nullable(),
  importedAt: z.number().nullable(),
  undoneAt: z.number().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  coursesCreated: z.number().int(),
  lessonsCreated: z.number().int(),
  /** Why it can no longer be undone, in Vietnamese; null while it can. */
  undoBlocked: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const ImportList = z.object({ imports: z.array(ImportSummary) });
export type ImportList = z.infer<typeof ImportList>;
