import type { InstructorDetail, InstructorSummary } from '#shared/schemas/instructors';
import { compareVietnameseNames } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { mayListInstructors, seesEveryInstructor } from '../../policies/instructor.ts';
import { avatarUrl } from '../media/avatar.ts';
import {
  type InstructorRow,
  listInstructorRows,
  listTaughtCourses,
  type TaughtCourseRow,
} from './instructors.repository.ts';

/** Instructors are closed to students (spec 6); guests see them without contact data. */
function requireNotStudent(viewer: PersonRow | null) {
  if (!mayListInstructors(viewer)) throw new AppError('forbidden', 403);
}

type Row = InstructorRow;

function toSummary(row: Row, courses: TaughtCourseRow[], showContact: boolean): InstructorSummary {
  return {
    id: row.id,
    name: row.name,
    avatarUrl: row.avatar_url ?? avatarUrl(row.name),
    role: row.role === 'admin' ? 'admin' : 'instructor',
    status: row.status,
    courses: courses
      .filter((course) => course.person_id === row.id)
      .map((course) => ({ id: course.id, name: course.name })),
    phone: showContact ? row.phone : null,
    email: showContact ? row.email : null,
  };
}

/** The academy's instructors in Vietnamese name order, with the courses they teach. */
export async function listInstructors(
  database: AppDatabase,
  viewer: PersonRow | null,
): Promise<InstructorSummary[]> {
  requireNotStudent(viewer);
  const rows = await listInstructorRows(database.db, { allStatuses: seesEveryInstructor(viewer) });
  const courses = await listTaughtCourses(
    database.db,
    rows.map((row) => row.id),
  );
  return rows
    .sort((a, b) => compareVietnameseNames(a.name, b.name))
    .map((row) => toSummary(row, courses, viewer !== null));
}

export async function getInstructor(
  database: AppDatabase,
  viewer: PersonRow | null,
  id: string,
): Promise<InstructorDetail> {
  requireNotStudent(viewer);
  const [row] = await listInstructorRows(database.db, {
    allStatuses: seesEveryInstructor(viewer),
    id,
  });
  if (!row) throw new AppError('instructor_missing', 404);
  const courses = await listTaughtCourses(database.db, [id]);
  return {
    ...toSummary(row, courses, viewer !== null),
    bio: row.bio,
    registrationDate: Number(row.registration_date),
  };
}
