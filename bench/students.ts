/**
 * The student list over a large academy (spec-size 2,000 students, and 20,000 to see the
 * trend), on SQLite and PostgreSQL: one page in Vietnamese name order, the same with a course
 * filter, and a search by name. Times the service, which is what a request spends beyond HTTP.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppDatabase } from '../server/db/database.ts';
import type { PersonRow } from '../server/db/schema.ts';
import { nameSearchColumns } from '../server/db/search-columns.ts';
import { listStudents } from '../server/modules/students/students.service.ts';
import { onEachEngine, percentiles } from './engines.ts';

const given = ['An', 'Bình', 'Chi', 'Dung', 'Đào', 'Hà', 'Hoa', 'Lan', 'Mai', 'Ngọc', 'Thảo', 'Vy'];
const family = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Vũ', 'Đặng', 'Bùi'];
const middle = ['Thị', 'Văn', 'Ngọc', 'Minh', 'Thu'];

async function seed(database: AppDatabase, students: number) {
  const now = Date.now();
  const courses = Array.from({ length: 50 }, (_, index) => ({ id: randomUUID(), index }));
  await database.db
    .insertInto('courses')
    .values(
      courses.map((course) => ({
        id: course.id,
        name: `Khóa ${course.index}`,
        ...nameSearchColumns(`Khóa ${course.index}`),
        description: '',
        image_url: null,
        status: 'active' as const,
        proposer_id: null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  for (let start = 0; start < students; start += 500) {
    const batch = Array.from({ length: Math.min(500, students - start) }, (_, offset) => {
      const index = start + offset;
      const name = `${family[index % family.length]} ${middle[index % middle.length]} ${given[(index * 7) % given.length]} ${index}`;
      return { id: randomUUID(), name, index };
    });
    await database.db
      .insertInto('people')
      .values(
        batch.map((person) => ({
          id: person.id,
          role: 'student' as const,
          status: 'active' as const,
          name: person.name,
          ...nameSearchColumns(person.name),
          phone: '0912345678',
          registration_date: now - person.index,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await database.db
      .insertInto('enrolments')
      .values(
        batch.map((person) => ({
          person_id: person.id,
          course_id: courses[person.index % courses.length]!.id,
          enrolled_at: now,
        })),
      )
      .execute();
  }
  if (database.kind === 'postgres') await sql`vacuum analyze`.execute(database.db);
  return courses[0]!.id;
}

async function time(work: () => Promise<unknown>, rounds = 30) {
  await work();
  const timings: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const start = performance.now();
    await work();
    timings.push(performance.now() - start);
  }
  return percentiles(timings);
}

export async function measureStudentList(students: number) {
  return onEachEngine(`students${students}`, async (database) => {
    const courseId = await seed(database, students);
    const staff = { id: randomUUID(), role: 'instructor' } as PersonRow;
    return {
      byName: await time(() => listStudents(database, staff, { sort: 'name', page: 0 })),
      byNameInCourse: await time(() =>
        listStudents(database, staff, { sort: 'name', page: 0, courseIds: [courseId] }),
      ),
      search: await time(() =>
        listStudents(database, staff, { sort: 'name', page: 0, q: 'nguyen thi' }),
      ),
    };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const size of [2_000, 20_000])
    console.dir({ size, ...(await measureStudentList(size)) }, { depth: 4 });
}
