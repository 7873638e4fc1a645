import type { InstructorDetail, InstructorSummary } from '#shared/schemas/instructors';
import { compareVietnameseNames } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { avatarUrl } from '../media/avatar.ts';

const columns = [
  'id',
  'name',
  'avatar_url',
  'role',
  'status',
  'phone',
  'email',
  'bio',
  'registration_date',
] as const;

/** Instructors are closed to students (spec 6); guests see them without contact data. */
function requireNotStudent(viewer: PersonRow | null) {
  if (viewer?.role === 'student') throw new AppError('forbidden', 403);
}

/** Admins see every instructor; everyone else the active ones. */
const seesAllStatuses = (viewer: PersonRow | null) => viewer?.role === 'admin';

async function taughtCourses(database: AppDatabase, ids: string[]) {
  if (ids.length === 0) return [];
  return database.db
    .selectFrom('course_instructors')
    .innerJoin('courses', 'courses.id', 'course_instructors.course_id')
    .select(['course_instructors.person_id', 'courses.id', 'courses.name'])
    .where('course_instructors.person_id', 'in', ids)
    .where('courses.status', '=', 'active')
    .orderBy('courses.name_search')
    .execute();
}

type Row = Awaited<ReturnType<typeof listRows>>[number];

function listRows(database: AppDatabase, viewer: PersonRow | null, id?: string) {
  return database.db
    .selectFrom('people')
    .select(columns)
    .where('role', 'in', ['admin', 'instructor'])
    .$if(!seesAllStatuses(viewer), (query) => query.where('status', '=', 'active'))
    .$if(id !== undefined, (query) => query.where('id', '=', id!))
    .execute();
}

function toSummary(
  row: Row,
  courses: Awaited<ReturnType<typeof taughtCourses>>,
  showContact: boolean,
): InstructorSummary {
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
  const rows = await listRows(database, viewer);
  const courses = await taughtCourses(
    database,
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
  const [row] = await listRows(database, viewer, id);
  if (!row) throw new AppError('instructor_missing', 404);
  const courses = await taughtCourses(database, [id]);
  return {
    ...toSummary(row, courses, viewer !== null),
    bio: row.bio,
    registrationDate: Number(row.registration_date),
  };
}
