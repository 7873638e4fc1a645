import type { Db } from '../../db/schema.ts';
import { consentedFeaturedWorks } from '../showcase/showcase.repository.ts';

const columns = [
  'certificates.code',
  'certificates.person_id',
  'certificates.course_id',
  'certificates.student_name',
  'certificates.course_name',
  'certificates.instructor_names',
  'certificates.issued_at',
  'certificates.revoked_at',
] as const;

export function findCertificate(db: Db, code: string) {
  return db.selectFrom('certificates').select(columns).where('code', '=', code).executeTakeFirst();
}
export type CertificateRow = NonNullable<Awaited<ReturnType<typeof findCertificate>>>;

/** A student's certificates, newest first, revoked ones too. */
export function listCertificatesOf(db: Db, personId: string) {
  return db
    .selectFrom('certificates')
    .select(columns)
    .where('person_id', '=', personId)
    .orderBy('issued_at', 'desc')
    .orderBy('code', 'asc')
    .execute();
}

/** Her certificate of a course that still stands, if any. */
export function findStandingCertificate(db: Db, personId: string, courseId: string) {
  return db
    .selectFrom('certificates')
    .select('code')
    .where('person_id', '=', personId)
    .where('course_id', '=', courseId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

/** What a certificate of a course says about it: its name and its instructors, in their order. */
export async function courseForCertificate(db: Db, courseId: string) {
  const course = await db
    .selectFrom('courses')
    .select('name')
    .where('id', '=', courseId)
    .executeTakeFirst();
  const instructors = await db
    .selectFrom('course_instructors')
    .innerJoin('people', 'people.id', 'course_instructors.person_id')
    .select('people.name')
    .where('course_instructors.course_id', '=', courseId)
    .orderBy('course_instructors.created_at')
    .orderBy('people.id')
    .execute();
  return course ? { name: course.name, instructors: instructors.map((row) => row.name) } : null;
}

export async function insertCertificate(
  db: Db,
  row: {
    code: string;
    personId: string;
    courseId: string;
    studentName: string;
    courseName: string;
    instructorNames: string[];
    issuedBy: string;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('certificates')
    .values({
      code: row.code,
      person_id: row.personId,
      course_id: row.courseId,
      student_name: row.studentName,
      course_name: row.courseName,
      instructor_names: JSON.stringify(row.instructorNames),
      issued_at: row.now,
      issued_by: row.issuedBy,
      revoked_at: null,
      revoked_by: null,
    })
    .execute();
}

/** Revokes a certificate that stands; false when it was already revoked or does not exist. */
export async function revokeCertificateRow(
  db: Db,
  code: string,
  by: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('certificates')
    .set({ revoked_at: now, revoked_by: by })
    .where('code', '=', code)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Her featured photos of one course, newest first, for her certificate: paper shown to anyone, so
 * only those that may leave the app with her consent (showcase.repository.ts).
 */
export function featuredPhotosOfCourse(db: Db, personId: string, courseId: string, limit: number) {
  return consentedFeaturedWorks(db)
    .select('featured_works.photo_url')
    .where('posts.student_id', '=', personId)
    .where('posts.course_id', '=', courseId)
    .orderBy('featured_works.featured_at', 'desc')
    .limit(limit)
    .execute();
}
