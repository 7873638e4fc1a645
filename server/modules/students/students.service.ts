import { randomUUID } from 'node:crypto';
import {
  type ProgressInput,
  STUDENT_PAGE_SIZE,
  type StudentChanges,
  type StudentData,
  type StudentDetail,
  type StudentList,
  type StudentSummary,
} from '#shared/schemas/students';
import {
  compareVietnameseKeys,
  compareVietnameseNames,
  foldForSearch,
  vietnameseNameKey,
} from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow, PersonStatus } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  mayExportProgress,
  mayListStudents,
  mayManageStudents,
  mayOpenStudent,
  maySeeContact,
  maySeeStudent,
  studentCan,
} from '../../policies/student.ts';
import type { Who } from '../../policies/who.ts';
import { findPersonById, lockAccountChanges } from '../accounts/accounts.repository.ts';
import { refuseEmailOfAnother } from '../accounts/accounts.service.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { lockPerson } from '../admin/people.repository.ts';
import { blockPerson, deletePerson, unblockPerson } from '../admin/people.service.ts';
import { issueCertificate, revokeCourseCertificate } from '../certificates/certificate-issue.ts';
import { findLesson } from '../courses/courses.repository.ts';
import { announcePersonChange, announceProgressChange } from '../events/announce.ts';
import { avatarUrl } from '../media/avatar.ts';
import { isUsableImageUrl } from '../media/image-urls.ts';
import { insertNotifications } from '../notifications/notifications.repository.ts';
import { announceNotifications } from '../notifications/notifications.service.ts';
import { progressCsv } from './progress-csv.ts';
import {
  completedCounts,
  enrolmentsOf,
  existingCourseIds,
  findEnrolment,
  findProgressRow,
  findStudentRow,
  finishedCourses,
  insertStudentRow,
  isEnrolled,
  lessonsLeft,
  lessonsOfCourses,
  listStudentKeys,
  listStudentRows,
  moveStudentStatus,
  progressRowsOf,
  replaceEnrolments,
  type StudentRow,
  setCourseFinished,
  unfinishedCourseCount,
  updateStudentRow,
  writeProgress,
} from './students.repository.ts';

const STATUS_ORDER: Record<PersonStatus, number> = {
  pending: 0,
  active: 1,
  blocked: 2,
  completed: 3,
};

type Key = Awaited<ReturnType<typeof listStudentKeys>>[number];
const orderings: Record<'name' | 'enrolledAt' | 'status', (a: Key, b: Key) => number> = {
  name: (a, b) => compareVietnameseNames(a.name, b.name),
  // Newest first: whom the academy just added is whom staff look for.
  enrolledAt: (a, b) => Number(b.registration_date) - Number(a.registration_date),
  status: (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status],
};

async function summarise(
  database: AppDatabase,
  rows: StudentRow[],
  viewer: Who,
): Promise<StudentSummary[]> {
  const ids = rows.map((row) => row.id);
  const [enrolments, completed] = await Promise.all([
    enrolmentsOf(database.db, ids),
    completedCounts(database.db, ids),
  ]);
  return rows.map((row) => {
    const courses = enrolments.filter((enrolment) => enrolment.person_id === row.id);
    return {
      id: row.id,
      name: row.name,
      avatarUrl: row.avatar_url ?? avatarUrl(row.name),
      phone: maySeeContact(viewer, row) ? row.phone : null,
      status: row.status,
      registrationDate: Number(row.registration_date),
      courses: courses.map((course) => ({ id: course.id, name: course.name })),
      progress: {
        completed: completed.get(row.id) ?? 0,
        total: courses.reduce((sum, course) => sum + Number(course.lesson_count ?? 0), 0),
      },
    };
  });
}

/**
 * A page of students for staff (and guests, without contact data), filtered by name and
 * courses, in Vietnamese order: by given name, then the rest (spec 2).
 */
export async function listStudents(
  database: AppDatabase,
  viewer: Who,
  query: {
    q?: string | undefined;
    courseIds?: string[] | undefined;
    sort: keyof typeof orderings;
    page: number;
  },
): Promise<StudentList> {
  if (!mayListStudents(viewer)) throw new AppError('forbidden', 403);
  const keys = (
    await listStudentKeys(database.db, {
      folded: query.q ? foldForSearch(query.q) : undefined,
      courseIds: query.courseIds,
    })
  ).filter((key) => maySeeStudent(viewer, key));
  const order = orderings[query.sort];
  const nameKeys = new Map(keys.map((key) => [key.id, vietnameseNameKey(key.name)]));
  const byName = (a: Key, b: Key) =>
    compareVietnameseKeys(nameKeys.get(a.id)!, nameKeys.get(b.id)!);
  keys.sort(
    (a, b) => (query.sort === 'name' ? 0 : order(a, b)) || byName(a, b) || (a.id < b.id ? -1 : 1),
  );
  const start = query.page * STUDENT_PAGE_SIZE;
  const pageIds = keys.slice(start, start + STUDENT_PAGE_SIZE).map((key) => key.id);
  const rows = await listStudentRows(database.db, pageIds);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = pageIds.flatMap((id) => byId.get(id) ?? []);
  return {
    students: await summarise(database, ordered, viewer),
    total: keys.length,
    nextPage: start + STUDENT_PAGE_SIZE < keys.length ? query.page + 1 : null,
  };
}

/** A student as the student policy lets the viewer see her, with what she may do there. */
export async function getStudent(
  database: AppDatabase,
  viewer: Who,
  id: string,
): Promise<StudentDetail> {
  // A member the policy keeps from her is refused before the row is read: the answer never
  // tells whether such a student exists.
  if (viewer && !mayOpenStudent(viewer, id)) throw new AppError('forbidden', 403);
  const row = await findStudentRow(database.db, id);
  if (!row || !maySeeStudent(viewer, row)) throw new AppError('student_not_found', 404);
  const showContact = maySeeContact(viewer, row);
  const [summary] = await summarise(database, [row], viewer);
  const courseIds = summary!.courses.map((course) => course.id);
  const [lessons, progress, finished, bannedBy] = await Promise.all([
    lessonsOfCourses(database.db, courseIds),
    progressRowsOf(database.db, id),
    finishedCourses(database.db, id),
    row.banned_by ? findStudentEditorName(database, row.banned_by) : Promise.resolve(null),
  ]);
  const progressByLesson = new Map(progress.map((item) => [item.lesson_id, item]));
  return {
    id: row.id,
    name: row.name,
    avatarUrl: summary!.avatarUrl,
    phone: showContact ? row.phone : null,
    email: showContact ? row.email : null,
    address: showContact ? row.address : null,
    dob: showContact ? row.dob : null,
    status: row.status,
    registrationDate: Number(row.registration_date),
    ban:
      showContact && row.status === 'blocked' && row.ban_reason
        ? {
            reason: row.ban_reason,
            by: bannedBy,
            at: Number(row.banned_at ?? 0),
          }
        : null,
    courses: summary!.courses.map((course) => ({
      ...course,
      finishedAt: finished.get(course.id) ?? null,
      lessons: lessons
        .filter((lesson) => lesson.course_id === course.id)
        .map((lesson) => {
          const item = progressByLesson.get(lesson.id);
          return {
            lessonId: lesson.id,
            title: lesson.title,
            completed: item?.completed === 1,
            summary: showContact ? (item?.summary ?? null) : null,
            lastUpdatedBy:
              showContact && item?.last_updated_by && item.editor_name
                ? { id: item.last_updated_by, name: item.editor_name }
                : null,
            lastUpdatedAt: item ? Number(item.last_updated_at) : null,
          };
        }),
    })),
    can: studentCan(viewer, row),
  };
}

/** Her progress as a CSV file, for members who may see her (never guests). */
export async function studentProgressFile(
  database: AppDatabase,
  viewer: Who,
  id: string,
): Promise<{ studentName: string; csv: string }> {
  if (!mayExportProgress(viewer)) throw new AppError('unauthenticated', 401);
  const student = await getStudent(database, viewer, id);
  return { studentName: student.name, csv: progressCsv(student) };
}

async function findStudentEditorName(database: AppDatabase, personId: string) {
  const person = await findPersonById(database.db, personId);
  return person ? { id: person.id, name: person.name } : null;
}

async function checkStudentData(database: AppDatabase, data: StudentChanges) {
  const courseIds = data.courseIds ?? [];
  const found = await existingCourseIds(database.db, courseIds);
  if (courseIds.some((id) => !found.has(id))) throw new AppError('course_not_found', 400);
  if (data.avatarUrl && !(await isUsableImageUrl(database, data.avatarUrl)))
    throw new AppError('media_not_found', 400);
}

function requireStaffViewer(viewer: PersonRow): void {
  if (!mayManageStudents(viewer)) throw new AppError('forbidden', 403);
}

/** Staff add a student, active at once (spec 4), enrolled in the chosen courses. */
export async function createStudent(
  database: AppDatabase,
  staff: PersonRow,
  data: StudentData,
): Promise<StudentDetail> {
  requireStaffViewer(staff);
  await checkStudentData(database, data);
  const id = randomUUID();
  const now = Date.now();
  const courseIds = [...new Set(data.courseIds)];
  await inTransaction(database, async (trx) => {
    await lockAccountChanges(trx, database.kind);
    await refuseEmailOfAnother(trx, data.email, null);
    await insertStudentRow(trx, { ...data, id, now });
    await replaceEnrolments(trx, id, courseIds, now);
    await insertActivityLog(trx, { actorId: staff.id, action: 'student.created', target: id, now });
  });
  await announcePersonChange(database, id);
  return getStudent(database, staff, id);
}

/**
 * Staff change a student: only what the change names (spec: undefined fields are dropped); her
 * courses are replaced only when the change lists them.
 */
export async function updateStudent(
  database: AppDatabase,
  staff: PersonRow,
  id: string,
  changes: StudentChanges,
): Promise<StudentDetail> {
  requireStaffViewer(staff);
  await checkStudentData(database, changes);
  const now = Date.now();
  const { courseIds, ...details } = changes;
  await inTransaction(database, async (trx) => {
    await lockAccountChanges(trx, database.kind);
    await refuseEmailOfAnother(trx, details.email, id);
    if ((await updateStudentRow(trx, id, { ...details, now })) === 0)
      throw new AppError('student_not_found', 404);
    const added = courseIds ? await replaceEnrolments(trx, id, [...new Set(courseIds)], now) : 0;
    // A new course makes a student who had finished hers a learner again.
    if (added > 0) await moveStudentStatus(trx, id, 'completed', 'active', now);
    await insertActivityLog(trx, { actorId: staff.id, action: 'student.updated', target: id, now });
  });
  await announcePersonChange(database, id);
  return getStudent(database, staff, id);
}

/*
 * Deleting, blocking and unblocking a student are the person life cycle's own changes
 * (admin/people.service.ts), with the same rules as for anyone, limited to students: an
 * instructor cannot block someone who waits for approval, and unblocking never approves.
 */
export async function deleteStudent(database: AppDatabase, staff: PersonRow, id: string) {
  requireStaffViewer(staff);
  await deletePerson(database, staff, id, 'students');
}

/** Block ("Bảo lưu") with a reason, or change the reason of a blocked student. */
export async function blockStudent(
  database: AppDatabase,
  staff: PersonRow,
  id: string,
  reason: string,
): Promise<StudentDetail> {
  requireStaffViewer(staff);
  await blockPerson(database, staff, id, reason, 'students');
  return getStudent(database, staff, id);
}

/** Unblock: "Đang học" again, the ban info removed (spec 4). */
export async function unblockStudent(
  database: AppDatabase,
  staff: PersonRow,
  id: string,
): Promise<StudentDetail> {
  requireStaffViewer(staff);
  await unblockPerson(database, staff, id, 'students');
  return getStudent(database, staff, id);
}

/**
 * Ticks a lesson or writes its summary, in one transaction that first locks the student, so
 * two instructors' edits are applied one after the other. A summary edit names the text it
 * started from; if another instructor changed it meanwhile, nothing is written and the answer
 * (409) says who did, and the editor reloads the newer text.
 */
export async function updateProgress(
  database: AppDatabase,
  staff: PersonRow,
  studentId: string,
  lessonId: string,
  change: ProgressInput,
) {
  requireStaffViewer(staff);
  const now = Date.now();
  await inTransaction(database, async (trx) => {
    const student = await lockPerson(trx, database.kind, studentId);
    if (student?.role !== 'student') throw new AppError('student_not_found', 404);
    const lesson = await findLesson(trx, lessonId);
    if (!lesson) throw new AppError('lesson_not_found', 404);
    if (!(await isEnrolled(trx, studentId, lesson.course_id))) {
      throw new AppError('not_enrolled', 409);
    }
    const current = await findProgressRow(trx, studentId, lessonId);
    let completed = current?.completed === 1;
    let summary = current?.summary ?? null;
    if ('completed' in change) {
      completed = change.completed;
    } else {
      if ((current?.summary ?? null) !== change.previousSummary) {
        throw new AppError('progress_conflict', 409, {
          values: { name: current?.editor_name ?? '' },
        });
      }
      // Emptying a summary deletes it (spec 5).
      summary = change.summary === '' ? null : change.summary;
    }
    await writeProgress(trx, {
      personId: studentId,
      lessonId,
      courseId: lesson.course_id,
      completed,
      summary,
      by: staff.id,
      now,
    });
    await insertActivityLog(trx, {
      actorId: staff.id,
      action: 'completed' in change ? 'progress.completed' : 'progress.summary',
      target: studentId,
      details: { lessonId, lesson: lesson.title },
      now,
    });
  });
  await announceProgressChange(database, studentId);
  return getStudent(database, staff, studentId);
}

/**
 * An instructor marks a student's course finished, after its last lesson: the student is told and
 * gets its certificate, and once every course of hers is finished her status is "Đã hoàn thành".
 * Marking it again changes nothing; unmarking (a mistake) makes her "Đang học" again and revokes
 * the certificate. A blocked or pending student keeps her status.
 */
export async function markCourseFinished(
  database: AppDatabase,
  staff: PersonRow,
  studentId: string,
  courseId: string,
  finished: boolean,
): Promise<StudentDetail> {
  requireStaffViewer(staff);
  const now = Date.now();
  const notified = await inTransaction(database, async (trx) => {
    const student = await lockPerson(trx, database.kind, studentId);
    if (student?.role !== 'student') throw new AppError('student_not_found', 404);
    const enrolment = await findEnrolment(trx, studentId, courseId);
    if (!enrolment) throw new AppError('not_enrolled_in_course', 409);
    if (finished === (enrolment.finished_at !== null)) return [];
    if (!finished) {
      await setCourseFinished(trx, studentId, courseId, null);
      await revokeCourseCertificate(trx, { studentId, courseId, staffId: staff.id, now });
      await moveStudentStatus(trx, studentId, 'completed', 'active', now);
      await insertActivityLog(trx, {
        actorId: staff.id,
        action: 'course.unfinished',
        target: studentId,
        details: { courseId },
        now,
      });
      return [];
    }
    const left = await lessonsLeft(trx, studentId, courseId);
    if (left > 0)
      throw new AppError('course_lessons_left', 409, { values: { count: String(left) } });
    await setCourseFinished(trx, studentId, courseId, { by: staff.id, at: now });
    await issueCertificate(trx, {
      studentId,
      studentName: student.name,
      courseId,
      staffId: staff.id,
      now,
    });
    if ((await unfinishedCourseCount(trx, studentId)) === 0)
      await moveStudentStatus(trx, studentId, 'active', 'completed', now);
    await insertActivityLog(trx, {
      actorId: staff.id,
      action: 'course.finished',
      target: studentId,
      details: { courseId },
      now,
    });
    return insertNotifications(
      trx,
      [{ recipientId: studentId, type: 'course_finished', actorId: staff.id, courseId }],
      now,
    );
  });
  await announcePersonChange(database, studentId);
  await announceNotifications(database, notified);
  return getStudent(database, staff, studentId);
}
