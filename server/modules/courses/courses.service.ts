import { randomUUID } from 'node:crypto';
import type { Course, CourseChanges, CourseData, CourseSummary } from '#shared/schemas/courses';
import { compareVietnameseNames } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { Db, PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { courseCan, courseVisibility, maySeeCourse, newCourseOf } from '../../policies/course.ts';
import type { Who } from '../../policies/who.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { announceCourseChange } from '../events/announce.ts';
import { avatarUrl } from '../media/avatar.ts';
import { isUsableImageUrl } from '../media/image-urls.ts';
import { insertNotifications } from '../notifications/notifications.repository.ts';
import { announceNotifications } from '../notifications/notifications.service.ts';
import {
  activateCourse,
  activeStaffIds,
  type CourseRow,
  countsByCourse,
  deleteCourseRow,
  findCourseRow,
  insertCourseRow,
  instructorsByCourse,
  lessonIdsOf,
  listActiveStaff,
  listCourseRows,
  listLessons,
  replaceInstructors,
  replaceLessons,
  updateCourseRow,
} from './courses.repository.ts';

async function summarise(
  database: AppDatabase,
  rows: CourseRow[],
  viewer: Who,
): Promise<CourseSummary[]> {
  const ids = rows.map((row) => row.id);
  const [counts, instructors] = await Promise.all([
    countsByCourse(database.db, ids),
    instructorsByCourse(database.db, ids),
  ]);
  return rows.map((row) => {
    const ofCourse = instructors.filter((instructor) => instructor.course_id === row.id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      imageUrl: row.image_url,
      status: row.status,
      proposerId: row.proposer_id,
      lessonCount: counts.lessons.get(row.id) ?? 0,
      studentCount: counts.students.get(row.id) ?? 0,
      instructors: ofCourse.map((instructor) => ({
        id: instructor.id,
        name: instructor.name,
        avatarUrl: instructor.avatar_url ?? avatarUrl(instructor.name),
      })),
      can: courseCan(viewer, {
        status: row.status,
        instructorIds: ofCourse.map((instructor) => instructor.id),
      }),
    };
  });
}

export async function listCourses(
  database: AppDatabase,
  viewer: PersonRow | null,
): Promise<CourseSummary[]> {
  const rows = await listCourseRows(database.db, courseVisibility(viewer));
  return summarise(database, rows, viewer);
}

/** A course the viewer may see, or 404 (a hidden course is as absent as a missing one). */
export async function findVisibleCourse(
  database: AppDatabase,
  viewer: PersonRow | null,
  id: string,
): Promise<CourseRow> {
  const row = await findCourseRow(database.db, id);
  if (!row || !maySeeCourse(viewer, { status: row.status, proposerId: row.proposer_id }))
    throw new AppError('course_not_found', 404);
  return row;
}

export async function getCourse(
  database: AppDatabase,
  viewer: PersonRow | null,
  id: string,
): Promise<Course> {
  const row = await findVisibleCourse(database, viewer, id);
  const [summary] = await summarise(database, [row], viewer);
  const { lessonCount: _, ...rest } = summary!;
  return { ...rest, lessons: await listLessons(database.db, id) };
}

/** Who a course form offers as default instructors: active staff, in Vietnamese name order. */
export async function listInstructorChoices(database: AppDatabase) {
  const staff = await listActiveStaff(database.db);
  return staff
    .map((person) => ({
      id: person.id,
      name: person.name,
      avatarUrl: person.avatar_url ?? avatarUrl(person.name),
    }))
    .sort((a, b) => compareVietnameseNames(a.name, b.name));
}

/** Checks what a course form sent beyond its shape: lessons, instructors, cover image. */
async function checkCourseData(
  database: AppDatabase,
  data: CourseChanges,
  courseId: string | null,
) {
  const lessonIds = (data.lessons ?? []).flatMap((lesson) => (lesson.id ? [lesson.id] : []));
  if (new Set(lessonIds).size !== lessonIds.length) throw new AppError('duplicate_lesson', 400);
  const existing = courseId ? await lessonIdsOf(database.db, courseId) : new Set<string>();
  if (lessonIds.some((id) => !existing.has(id))) throw new AppError('lesson_not_in_course', 400);
  const instructorIds = data.instructorIds ?? [];
  const staff = await activeStaffIds(database.db, instructorIds);
  if (instructorIds.some((id) => !staff.has(id))) throw new AppError('instructor_not_found', 400);
  if (data.imageUrl && !(await isUsableImageUrl(database, data.imageUrl)))
    throw new AppError('media_not_found', 400);
}

/** The course, when the course policy lets the person do this with it; 404 or 403 otherwise. */
async function requireCourseAction(
  database: AppDatabase,
  person: PersonRow,
  id: string,
  action: 'edit' | 'delete' | 'approve',
): Promise<CourseRow> {
  const row = await findVisibleCourse(database, person, id);
  const instructors = await instructorsByCourse(database.db, [id]);
  const can = courseCan(person, {
    status: row.status,
    instructorIds: instructors.map((instructor) => instructor.id),
  });
  if (!can[action]) {
    // Only a pending course is approved: an admin approving an active one is told it is.
    if (action === 'approve' && row.status === 'active' && can.edit)
      throw new AppError('course_already_active', 409);
    throw new AppError('forbidden', 403);
  }
  return row;
}

/**
 * An admin creates an active course; an instructor proposes one, pending until an admin
 * approves it (spec 4), with themselves as proposer and instructor. Students cannot.
 */
export async function createCourse(
  database: AppDatabase,
  person: PersonRow,
  data: CourseData,
): Promise<Course> {
  const newCourse = newCourseOf(person);
  if (!newCourse) throw new AppError('forbidden', 403);
  await checkCourseData(database, data, null);
  const id = randomUUID();
  const now = Date.now();
  const proposal = newCourse.status === 'pending';
  // A proposer teaches what she proposes.
  const instructors = proposal
    ? [...new Set([person.id, ...data.instructorIds])]
    : data.instructorIds;
  await inTransaction(database, async (trx) => {
    await insertCourseRow(trx, {
      id,
      name: data.name,
      description: data.description,
      imageUrl: data.imageUrl,
      status: newCourse.status,
      proposerId: proposal ? person.id : null,
      now,
    });
    await replaceLessons(trx, id, data.lessons, now);
    await replaceInstructors(trx, id, instructors, now);
    await insertActivityLog(trx, { actorId: person.id, action: 'course.created', target: id, now });
  });
  await announceCourseChange(database, id);
  return getCourse(database, person, id);
}

/**
 * Opens the course an instructor proposed when signing up, active, with them as its instructor:
 * at once for the academy's first instructor, when an admin approves them for a later one.
 * Runs in the caller's transaction; returns the course's id.
 */
export async function openProposedCourse(
  trx: Db,
  course: {
    name: string;
    description: string | null;
    proposerId: string;
    /** Who opened it: the proposer (first instructor) or the approving admin. */
    actorId: string;
    now: number;
  },
): Promise<string> {
  const { proposerId, actorId, now } = course;
  const id = randomUUID();
  await insertCourseRow(trx, {
    id,
    name: course.name,
    description: course.description ?? '',
    imageUrl: null,
    status: 'active',
    proposerId,
    now,
  });
  await replaceInstructors(trx, id, [proposerId], now);
  await insertActivityLog(trx, {
    actorId,
    action: 'course.created',
    target: id,
    ...(actorId === proposerId ? {} : { details: { proposedBy: proposerId } }),
    now,
  });
  return id;
}

/** Admins and the course's instructors edit its details, lessons (in order) and instructors. */
export async function updateCourse(
  database: AppDatabase,
  person: PersonRow,
  id: string,
  changes: CourseChanges,
): Promise<Course> {
  await requireCourseAction(database, person, id, 'edit');
  await checkCourseData(database, changes, id);
  const now = Date.now();
  const { lessons, instructorIds, ...details } = changes;
  await inTransaction(database, async (trx) => {
    await updateCourseRow(trx, id, { ...details, now });
    // Only what the change names: a change without lessons keeps them, and their progress.
    if (lessons) await replaceLessons(trx, id, lessons, now);
    if (instructorIds) await replaceInstructors(trx, id, instructorIds, now);
    await insertActivityLog(trx, { actorId: person.id, action: 'course.updated', target: id, now });
  });
  await announceCourseChange(database, id);
  return getCourse(database, person, id);
}

/** Deleting a course deletes its lessons, enrolments and progress; its posts stay, unlinked. */
export async function deleteCourse(
  database: AppDatabase,
  person: PersonRow,
  id: string,
): Promise<void> {
  await requireCourseAction(database, person, id, 'delete');
  const now = Date.now();
  await inTransaction(database, async (trx) => {
    if ((await deleteCourseRow(trx, id)) === 0) throw new AppError('course_not_found', 404);
    await insertActivityLog(trx, { actorId: person.id, action: 'course.deleted', target: id, now });
  });
  await announceCourseChange(database, id);
}

/** An admin approves a proposed course: active, and the proposer is told (spec 4). */
export async function approveCourse(
  database: AppDatabase,
  admin: PersonRow,
  id: string,
): Promise<Course> {
  const row = await requireCourseAction(database, admin, id, 'approve');
  const now = Date.now();
  const notified = await inTransaction(database, async (trx) => {
    if ((await activateCourse(trx, id, now)) === 0)
      throw new AppError('course_already_active', 409);
    await insertActivityLog(trx, { actorId: admin.id, action: 'course.approved', target: id, now });
    if (!row.proposer_id) return [];
    return insertNotifications(
      trx,
      [
        {
          recipientId: row.proposer_id,
          type: 'course_approved',
          actorId: admin.id,
          courseId: id,
        },
      ],
      now,
    );
  });
  await announceCourseChange(database, id);
  await announceNotifications(database, notified);
  return getCourse(database, admin, id);
}
