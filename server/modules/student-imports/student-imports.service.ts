import { randomUUID } from 'node:crypto';
import { limits } from '#shared/limits';
import { studentImport } from '#shared/locales/vi/student-import';
import {
  type ImportChoicesData,
  type ImportKind,
  type ImportList,
  type ImportMapping,
  type ImportPreview,
  type ImportRowPreview,
  type ImportSummary,
  importKindOf,
} from '#shared/schemas/student-imports';
import { fillPlaceholders, lowerForSearch } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { Db, PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockAccountChanges } from '../accounts/accounts.repository.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { deletePersonRow } from '../admin/people.repository.ts';
import { deleteCourseRow, insertCourseRow } from '../courses/courses.repository.ts';
import { announceCourseChange, announcePersonChange } from '../events/announce.ts';
import {
  insertStudentRow,
  moveStudentStatus,
  replaceEnrolments,
  updateStudentRow,
} from '../students/students.repository.ts';
import { type LessonRow, planCourses, writeCourses } from './course-sheet.ts';
import { type ParsedRow, parseRow, suggestMapping, tableOf } from './import-rows.ts';
import { type Cell, readSpreadsheet } from './spreadsheet-file.ts';
import {
  courseNames,
  coursesInUse,
  deleteLessons,
  deleteStaleDrafts,
  enrolledCourseIds,
  findImport,
  forgetUndoBefore,
  type ImportRow,
  insertImport,
  lessonsInUse,
  listImports,
  markImported,
  markUndone,
  peopleByContacts,
  peopleInUse,
  peopleStamps,
  restoreStatus,
} from './student-imports.repository.ts';

const text = studentImport.screen;
const HOUR = 60 * 60 * 1000;

type SheetRows = { line: number; cells: string[] }[];

interface Details {
  name: string;
  phone: string | null;
  email: string | null;
  address: string | null;
  dob: string | null;
}

/** What an import did, to undo it: whom it added, whom it changed and how they stood before. */
interface ImportUndo {
  /** The `updated_at` the import wrote on every person and course it touched. */
  stamp: number;
  created: string[];
  updated: { id: string; before: Details & { status: string }; courseIds: string[] }[];
  courses: string[];
  /** Lessons a sheet of courses added to courses the academy had, and those courses. */
  lessons?: string[];
  touchedCourses?: string[];
}

interface ImportTally {
  kind?: ImportKind;
  lessonsCreated?: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  coursesCreated: number;
}

interface PlannedRow extends ImportRowPreview {
  /** The fields an update changes. */
  changes: Partial<Details>;
  /** Her courses after the import, by lower-cased name. */
  courseKeys: string[];
}

interface Plan {
  mapping: ImportMapping;
  rows: PlannedRow[];
  unknownCourses: string[];
  createCourses: string[];
  knownCourses: Map<string, string>;
  /** The people the rows were matched against, and the courses of each student among them. */
  people: Map<string, Awaited<ReturnType<typeof peopleByContacts>>[number]>;
  coursesOf: Map<string, Set<string>>;
}

/** A sheet read through the admin's choices: of students, or of courses (a lesson a row). */
type SheetPlan = { kind: 'students'; plan: Plan } | { kind: 'courses'; rows: LessonRow[] };

async function planSheet(
  db: Db,
  headers: string[],
  rows: SheetRows,
  mapping: ImportMapping,
  createCourses: string[] | null,
): Promise<SheetPlan> {
  if (importKindOf(mapping) === 'courses') {
    return { kind: 'courses', rows: await planCourses(db, headers, rows, mapping) };
  }
  return { kind: 'students', plan: await planImport(db, headers, rows, mapping, createCourses) };
}

/**
 * Forgets the sheets uploaded for an import nobody finished within `importDraftHours`: they hold
 * people's details the academy did not take in. Run with the log pruning, and at each upload.
 */
export function forgetUnusedDrafts(database: AppDatabase, now = Date.now()): Promise<number> {
  return deleteStaleDrafts(database.db, now - limits.importDraftHours * HOUR);
}

/**
 * Forgets what the imports older than `importUndoDays` kept to undo with: people's details as
 * they were before, kept no longer than an undo can be asked for.
 */
export function forgetOldUndo(database: AppDatabase, now = Date.now()): Promise<number> {
  return forgetUndoBefore(database.db, undoDeadline(now));
}

const undoDeadline = (now: number) => now - limits.importUndoDays * 24 * HOUR;

/** Reads an uploaded sheet and keeps it as a draft for a day; answers its first preview. */
export async function uploadSheet(
  database: AppDatabase,
  admin: PersonRow,
  file: { bytes: Buffer; fileName: string },
): Promise<ImportPreview> {
  const cells: Cell[][] = await readSpreadsheet(file.bytes, file.fileName);
  const { headers, rows } = tableOf(cells);
  if (rows.length === 0) throw new AppError('import_empty', 422);
  const now = Date.now();
  await forgetUnusedDrafts(database, now);
  const draft: ImportRow = {
    id: randomUUID(),
    created_by: admin.id,
    file_name: file.fileName.slice(0, 200),
    status: 'draft',
    headers: JSON.stringify(headers),
    cells: JSON.stringify(rows),
    summary: null,
    undo: null,
    created_at: now,
    imported_at: null,
    undone_at: null,
  };
  await insertImport(database.db, draft);
  const mapping = suggestMapping(headers);
  return previewOf(draft, mapping, await planSheet(database.db, headers, rows, mapping, null));
}

/** The rows of a draft read through the admin's choices, each with what importing it does. */
export async function previewImport(
  database: AppDatabase,
  id: string,
  { mapping, createCourses }: ImportChoicesData,
): Promise<ImportPreview> {
  const draft = await draftOf(database.db, id);
  const headers = JSON.parse(draft.headers) as string[];
  checkMapping(mapping, headers);
  const rows = JSON.parse(draft.cells) as SheetRows;
  return previewOf(
    draft,
    mapping,
    await planSheet(database.db, headers, rows, mapping, createCourses),
  );
}

async function draftOf(db: Db, id: string): Promise<ImportRow> {
  const draft = await findImport(db, id);
  if (
    !draft ||
    (draft.status === 'draft' && draft.created_at < Date.now() - limits.importDraftHours * HOUR)
  ) {
    throw new AppError('import_not_found', 404);
  }
  if (draft.status !== 'draft') throw new AppError('import_done', 409);
  return draft;
}

function checkMapping(mapping: ImportMapping, headers: string[]): void {
  if (mapping.length !== headers.length) throw new AppError('import_mapping_columns', 400);
}

function previewOf(draft: ImportRow, mapping: ImportMapping, sheet: SheetPlan): ImportPreview {
  const rows =
    sheet.kind === 'courses'
      ? sheet.rows.map(({ courseKey: _key, ...row }) => row)
      : sheet.plan.rows.map(({ changes: _changes, courseKeys: _keys, ...row }) => row);
  const counts = { create: 0, update: 0, unchanged: 0, skip: 0 };
  for (const row of rows) counts[row.action] += 1;
  return {
    importId: draft.id,
    fileName: draft.file_name,
    status: draft.status,
    kind: sheet.kind,
    headers: JSON.parse(draft.headers) as string[],
    mapping,
    rows,
    unknownCourses: sheet.kind === 'students' ? sheet.plan.unknownCourses : [],
    createCourses: sheet.kind === 'students' ? sheet.plan.createCourses : [],
    counts,
  };
}

/** What the admin's list says of an import, from its record. */
function summaryOf(
  row: Pick<ImportRow, 'id' | 'file_name' | 'status' | 'imported_at' | 'undone_at'>,
  tally: Partial<ImportTally>,
  by: ImportSummary['by'],
  undoBlocked: string | null,
): ImportSummary {
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.status,
    kind: tally.kind ?? 'students',
    by,
    importedAt: row.imported_at === null ? null : Number(row.imported_at),
    undoneAt: row.undone_at === null ? null : Number(row.undone_at),
    created: tally.created ?? 0,
    updated: tally.updated ?? 0,
    coursesCreated: tally.coursesCreated ?? 0,
    lessonsCreated: tally.lessonsCreated ?? 0,
    undoBlocked,
  };
}

/**
 * What importing each row does, against the academy as it is: a student is the same person as
 * one the academy has when her phone or her e-mail is; a row that names someone twice, or
 * someone else, is skipped with why. `createCourses` null means every unknown course is added
 * (the first preview: an academy starting out has none).
 */
async function planImport(
  db: Db,
  headers: string[],
  sheetRows: SheetRows,
  mapping: ImportMapping,
  createCourses: string[] | null,
): Promise<Plan> {
  const hasName = mapping.includes('name');
  const parsed: ParsedRow[] = sheetRows.map((row) =>
    hasName
      ? parseRow(row, mapping, headers)
      : {
          line: row.line,
          name: '',
          phone: null,
          email: null,
          dob: null,
          address: null,
          courses: [],
          problems: [studentImport.validation.importNameColumn],
        },
  );

  const knownCourses = new Map<string, string>();
  for (const course of await courseNames(db)) knownCourses.set(course.name_lower, course.id);
  const unknown = new Map<string, string>();
  for (const row of parsed) {
    for (const course of row.courses) {
      const key = lowerForSearch(course);
      if (!knownCourses.has(key) && !unknown.has(key)) unknown.set(key, course);
    }
  }
  const chosen =
    createCourses === null
      ? new Set(unknown.keys())
      : new Set(createCourses.map(lowerForSearch).filter((key) => unknown.has(key)));

  const candidates = parsed.filter((row) => row.problems.length === 0);
  const people = await peopleByContacts(
    db,
    [...new Set(candidates.flatMap((row) => (row.phone ? [row.phone] : [])))],
    [...new Set(candidates.flatMap((row) => (row.email ? [row.email] : [])))],
  );
  const enrolments = await enrolledCourseIds(
    db,
    people.filter((person) => person.role === 'student').map((person) => person.id),
  );
  const coursesOf = new Map<string, Set<string>>();
  for (const enrolment of enrolments) {
    const set = coursesOf.get(enrolment.person_id) ?? new Set<string>();
    set.add(enrolment.course_id);
    coursesOf.set(enrolment.person_id, set);
  }

  const firstLine = new Map<string, number>();
  const rows = parsed.map((row): PlannedRow => {
    const problems = [...row.problems];
    const notes: string[] = [];
    const courseKeys: string[] = [];
    for (const course of row.courses) {
      const key = lowerForSearch(course);
      if (knownCourses.has(key) || chosen.has(key)) courseKeys.push(key);
      else notes.push(fillPlaceholders(text.problems.courseSkipped, { course }));
    }
    let target: (typeof people)[number] | undefined;
    // A second row for the same person is named even when the first has a problem of its own:
    // once the first is fixed, the two would still be one student.
    const keys = [row.phone && `phone:${row.phone}`, row.email && `email:${row.email}`].filter(
      (key): key is string => Boolean(key),
    );
    const earlier = keys.map((key) => firstLine.get(key)).find((line) => line !== undefined);
    if (earlier !== undefined) {
      problems.push(fillPlaceholders(text.problems.sameAs, { line: earlier }));
    } else {
      for (const key of keys) firstLine.set(key, row.line);
    }
    if (problems.length === 0) {
      const byEmail = row.email ? people.find((person) => person.email === row.email) : undefined;
      const byPhone = row.phone
        ? people.filter((person) => person.role === 'student' && person.phone === row.phone)
        : [];
      if (byEmail && byEmail.role !== 'student') {
        problems.push(
          fillPlaceholders(text.problems.emailOfAnother, { value: row.email!, name: byEmail.name }),
        );
      } else if (byEmail && byPhone.length > 0 && !byPhone.some((p) => p.id === byEmail.id)) {
        problems.push(
          fillPlaceholders(text.problems.twoStudents, {
            phoneName: byPhone[0]!.name,
            emailName: byEmail.name,
          }),
        );
      } else if (!byEmail && byPhone.length > 1) {
        problems.push(fillPlaceholders(text.problems.manyMatches, { value: row.phone! }));
      } else {
        target = byEmail ?? byPhone[0];
      }
    }

    const base = {
      line: row.line,
      name: row.name,
      phone: row.phone,
      email: row.email,
      dob: row.dob,
      address: row.address,
      courses: row.courses,
      lesson: null,
      description: null,
      notes,
    };
    if (problems.length > 0) {
      return {
        ...base,
        action: 'skip',
        studentId: null,
        problems,
        notes: [],
        changes: {},
        courseKeys: [],
      };
    }
    if (!target) {
      return { ...base, action: 'create', studentId: null, problems, changes: {}, courseKeys };
    }
    // An update fills what the sheet says and leaves what it leaves blank.
    const changes: Partial<Details> = {};
    for (const field of ['name', 'phone', 'email', 'address', 'dob'] as const) {
      const value = row[field];
      if (value !== null && value !== '' && value !== target[field]) changes[field] = value;
    }
    const has = coursesOf.get(target.id) ?? new Set<string>();
    const adds = courseKeys.some((key) => !has.has(knownCourses.get(key) ?? ''));
    return {
      ...base,
      action: Object.keys(changes).length > 0 || adds ? 'update' : 'unchanged',
      studentId: target.id,
      problems,
      changes,
      courseKeys,
    };
  });

  return {
    mapping,
    rows,
    unknownCourses: [...unknown.values()],
    createCourses: [...unknown.entries()]
      .filter(([key]) => chosen.has(key))
      .map(([, name]) => name),
    knownCourses,
    people: new Map(people.map((person) => [person.id, person])),
    coursesOf,
  };
}

/**
 * Imports a draft in one transaction, all or nothing: the courses it adds, then each row that
 * has something to do. Rows with problems are left out, as the preview showed. A second tap
 * finds the draft already imported and changes nothing.
 */
export async function commitImport(
  database: AppDatabase,
  admin: PersonRow,
  id: string,
  { mapping, createCourses }: ImportChoicesData,
): Promise<ImportSummary> {
  const result = await inTransaction(database, async (trx) => {
    await lockAccountChanges(trx, database.kind);
    const draft = await draftOf(trx, id);
    const headers = JSON.parse(draft.headers) as string[];
    checkMapping(mapping, headers);
    const sheet = await planSheet(
      trx,
      headers,
      JSON.parse(draft.cells) as SheetRows,
      mapping,
      createCourses,
    );
    const now = Date.now();
    const record = async (undo: ImportUndo, tally: ImportTally) => {
      const summary = JSON.stringify(tally);
      if (!(await markImported(trx, id, { summary, undo: JSON.stringify(undo), now }))) {
        throw new AppError('import_done', 409);
      }
      await insertActivityLog(trx, {
        actorId: admin.id,
        action: 'students_import.imported',
        target: id,
        details: { file: draft.file_name, ...tally },
        now,
      });
      return { undo, tally, draft, now };
    };
    if (sheet.kind === 'courses') {
      const wrote = await writeCourses(trx, sheet.rows, now);
      if (wrote.lessonsCreated === 0) throw new AppError('import_nothing', 422);
      return record(
        {
          stamp: now,
          created: [],
          updated: [],
          courses: wrote.created,
          lessons: wrote.lessons,
          touchedCourses: wrote.touched,
        },
        {
          kind: 'courses',
          created: 0,
          updated: 0,
          unchanged: sheet.rows.filter((row) => row.action === 'unchanged').length,
          skipped: sheet.rows.filter((row) => row.action === 'skip').length,
          coursesCreated: wrote.created.length,
          lessonsCreated: wrote.lessonsCreated,
        },
      );
    }
    const { plan } = sheet;
    const work = plan.rows.filter((row) => row.action === 'create' || row.action === 'update');
    if (work.length === 0) throw new AppError('import_nothing', 422);

    const courseIds = new Map(plan.knownCourses);
    const createdCourses: string[] = [];
    const needed = new Set(work.flatMap((row) => row.courseKeys));
    for (const name of plan.createCourses) {
      const key = lowerForSearch(name);
      if (!needed.has(key) || courseIds.has(key)) continue;
      const courseId = randomUUID();
      await insertCourseRow(trx, {
        id: courseId,
        name,
        description: '',
        imageUrl: null,
        status: 'active',
        proposerId: null,
        now,
      });
      courseIds.set(key, courseId);
      createdCourses.push(courseId);
    }
    const idsOf = (keys: string[]) => keys.map((key) => courseIds.get(key)!).filter(Boolean);

    const undo: ImportUndo = { stamp: now, created: [], updated: [], courses: createdCourses };
    // The plan was read in this transaction, under the lock: how each student stands is as read.
    const before = plan.people;

    for (const row of work) {
      if (row.action === 'create') {
        const personId = randomUUID();
        await insertStudentRow(trx, {
          id: personId,
          name: row.name,
          phone: row.phone,
          email: row.email,
          address: row.address,
          dob: row.dob,
          avatarUrl: null,
          now,
        });
        await replaceEnrolments(trx, personId, idsOf(row.courseKeys), now);
        undo.created.push(personId);
        continue;
      }
      const personId = row.studentId!;
      const person = before.get(personId)!;
      const current = [...(plan.coursesOf.get(personId) ?? [])];
      undo.updated.push({
        id: personId,
        before: {
          name: person.name,
          phone: person.phone,
          email: person.email,
          address: person.address,
          dob: person.dob,
          status: person.status,
        },
        courseIds: current,
      });
      await updateStudentRow(trx, personId, { ...row.changes, now });
      const added = await replaceEnrolments(
        trx,
        personId,
        [...new Set([...current, ...idsOf(row.courseKeys)])],
        now,
      );
      // A new course makes a student who had finished hers a learner again (as the form does).
      if (added > 0) await moveStudentStatus(trx, personId, 'completed', 'active', now);
    }

    return record(undo, {
      kind: 'students',
      created: undo.created.length,
      updated: undo.updated.length,
      unchanged: plan.rows.filter((row) => row.action === 'unchanged').length,
      skipped: plan.rows.filter((row) => row.action === 'skip').length,
      coursesCreated: createdCourses.length,
      lessonsCreated: 0,
    });
  });
  await announceImport(database, result.undo);
  return summaryOf(
    {
      id,
      file_name: result.draft.file_name,
      status: 'imported',
      imported_at: result.now,
      undone_at: null,
    },
    result.tally,
    { id: admin.id, name: admin.name },
    null,
  );
}

/**
 * One change of each kind tells every open app to read its lists again (the apps refresh all of
 * them on any person's or course's change), instead of hundreds of events for one import.
 */
async function announceImport(database: AppDatabase, undo: ImportUndo): Promise<void> {
  const person = undo.created[0] ?? undo.updated[0]?.id;
  if (person) await announcePersonChange(database, person);
  const course = undo.courses[0] ?? undo.touchedCourses?.[0];
  if (course) await announceCourseChange(database, course);
}

/**
 * Whether an import can be undone now: its record to undo with, or why not. It must have run,
 * not been undone, be within `importUndoDays`, and what it touched be as it left it
 * (`undoBlocker`).
 */
async function undoableNow(
  db: Db,
  row: Pick<ImportRow, 'status' | 'imported_at' | 'undo'>,
  now: number,
): Promise<{ undo: ImportUndo } | { reason: string }> {
  if (row.status === 'undone') return { reason: text.undoBlocked.undone };
  if (row.status !== 'imported') return { reason: text.undoBlocked.notImported };
  if (row.undo === null || Number(row.imported_at) < undoDeadline(now)) {
    const days = String(limits.importUndoDays);
    return { reason: fillPlaceholders(text.undoBlocked.expired, { days }) };
  }
  const undo = JSON.parse(row.undo) as ImportUndo;
  const blocker = await undoBlocker(db, undo);
  return blocker ? { reason: blocker } : { undo };
}

/**
 * Why an import can no longer be undone, or null while it can: everyone it added or changed,
 * and every course it added, must be as it left them. Someone edited since, a student it added
 * has progress, posts or a sign-in, a course it added has lessons or other students: undoing
 * would throw that work away, so it stays.
 */
async function undoBlocker(db: Db, undo: ImportUndo): Promise<string | null> {
  const touched = [...undo.created, ...undo.updated.map((person) => person.id)];
  const stamps = new Map((await peopleStamps(db, touched)).map((person) => [person.id, person]));
  for (const id of touched) {
    const person = stamps.get(id);
    if (!person || Number(person.updated_at) !== undo.stamp) {
      return fillPlaceholders(text.undoBlocked.edited, { name: person?.name ?? '' }).trim();
    }
  }
  const used = await peopleInUse(db, undo.created);
  const usedId = undo.created.find((id) => used.has(id));
  if (usedId) return fillPlaceholders(text.undoBlocked.used, { name: stamps.get(usedId)!.name });
  for (const course of await coursesInUse(db, undo.courses, touched)) {
    if (course.held || Number(course.updated_at) !== undo.stamp) {
      return fillPlaceholders(text.undoBlocked.courseUsed, { name: course.name });
    }
  }
  // A course the import added lessons to must not have changed since, nor its new lessons.
  for (const course of await coursesInUse(db, undo.touchedCourses ?? [], touched)) {
    if (Number(course.updated_at) !== undo.stamp) {
      return fillPlaceholders(text.undoBlocked.courseUsed, { name: course.name });
    }
  }
  const lesson = (await lessonsInUse(db, undo.lessons ?? [])).find((item) => item.held);
  if (lesson) return fillPlaceholders(text.undoBlocked.lessonUsed, { name: lesson.title });
  return null;
}

/** Takes an import back in one transaction: what it added removed, what it changed restored. */
export async function undoImport(
  database: AppDatabase,
  admin: PersonRow,
  id: string,
): Promise<ImportSummary> {
  const done = await inTransaction(database, async (trx) => {
    await lockAccountChanges(trx, database.kind);
    const row = await findImport(trx, id);
    if (!row) throw new AppError('import_not_found', 404);
    const undoable = await undoableNow(trx, row, Date.now());
    if ('reason' in undoable) {
      throw new AppError('import_not_undoable', 409, { values: { reason: undoable.reason } });
    }
    const { undo } = undoable;

    const now = Date.now();
    for (const personId of undo.created) await deletePersonRow(trx, personId);
    for (const person of undo.updated) {
      const { status, ...details } = person.before;
      await updateStudentRow(trx, person.id, { ...details, now });
      await replaceEnrolments(trx, person.id, person.courseIds, now);
      await restoreStatus(trx, person.id, status, now);
    }
    await deleteLessons(trx, undo.lessons ?? []);
    for (const courseId of undo.courses) await deleteCourseRow(trx, courseId);
    await markUndone(trx, id, now);
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'students_import.undone',
      target: id,
      details: { file: row.file_name },
      now,
    });
    return { row, undo, now };
  });
  await announceImport(database, done.undo);
  return summaryOf(
    { ...done.row, status: 'undone', undone_at: done.now },
    JSON.parse(done.row.summary ?? '{}') as ImportTally,
    null,
    text.undoBlocked.undone,
  );
}

/** The latest imports, each with whether it can still be undone and, if not, why. */
export async function listStudentImports(database: AppDatabase): Promise<ImportList> {
  const rows = await listImports(database.db, 10);
  const now = Date.now();
  const imports = await Promise.all(
    rows.map(async (row): Promise<ImportSummary> => {
      const tally = JSON.parse(row.summary ?? '{}') as Partial<ImportTally>;
      const undoable = await undoableNow(database.db, row, now);
      const undoBlocked = 'reason' in undoable ? undoable.reason : null;
      return summaryOf(
        row,
        tally,
        row.by_name ? { id: row.created_by, name: row.by_name } : null,
        undoBlocked,
      );
    }),
  );
  return { imports };
}
