import type { Kysely } from 'kysely';

/*
 * A certificate, issued when an instructor marks a student's course finished: its public code
 * (the address of its verification page and its QR code), what it certifies as it was that day
 * (her name, the course, its instructors), and its revocation. A revoked certificate is kept, so
 * its page can say it was revoked.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('certificates')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('student_name', 'text', (c) => c.notNull())
    .addColumn('course_name', 'text', (c) => c.notNull())
    .addColumn('instructor_names', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'bigint', (c) => c.notNull())
    .addColumn('issued_by', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_by', 'text', (c) => c.references('people.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('certificates_person_course_idx')
    .on('certificates')
    .columns(['person_id', 'course_id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('certificates').ifExists().execute();
}
