import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldForSearch } from '#shared/text';
import type { PersonRow } from '../server/db/schema.ts';
import { setPostLike } from '../server/modules/posts/post-writes.service.ts';
import { search } from '../server/modules/search/search.service.ts';
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from '../server/test/test-database.ts';
import { countRows, likeCountsOff, seedFeedAcademy } from './feed.ts';
import { seedSearchAcademy } from './search.ts';

/** The benchmarks' seeds and checks, at a size a test can afford (issue #11). */
const feedSize = { students: 60, instructors: 6, courses: 3, lessons: 4, posts: 400 };
const searchSize = { students: 1_234, courses: 150, lessonsPerCourse: 3 };

describe(`the feed benchmark's academy on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;
  let postIds: string[];

  beforeAll(async () => {
    database = await createTestDatabase();
    postIds = await seedFeedAcademy(database, feedSize);
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('has the people, courses, lessons and posts asked for, each post coherent', async () => {
    expect(await countRows(database.db, 'people')).toBe(feedSize.students + feedSize.instructors);
    expect(await countRows(database.db, 'courses')).toBe(feedSize.courses);
    expect(await countRows(database.db, 'lessons')).toBe(feedSize.courses * feedSize.lessons);
    expect(await countRows(database.db, 'posts')).toBe(feedSize.posts);
    expect(new Set(postIds).size).toBe(feedSize.posts);
    const incoherent = await database.db
      .selectFrom('posts')
      .innerJoin('lessons', 'lessons.id', 'posts.lesson_id')
      .select('posts.id')
      .where((eb) =>
        eb.or([
          eb('lessons.course_id', '<>', eb.ref('posts.course_id')),
          eb.and([eb('posts.kind', '=', 'evaluation'), eb('posts.student_id', 'is', null)]),
          eb.and([eb('posts.kind', '=', 'general'), eb('posts.tagged_instructor_id', 'is', null)]),
        ]),
      )
      .execute();
    expect(incoherent).toEqual([]);
  });

  it('enrols every student in one to three courses, with progress only in lessons of those, and evaluates them there', async () => {
    const perStudent = await database.db
      .selectFrom('people')
      .leftJoin('enrolments', 'enrolments.person_id', 'people.id')
      .select(['people.id', (eb) => eb.fn.count<number>('enrolments.course_id').as('n')])
      .where('people.role', '=', 'student')
      .groupBy('people.id')
      .execute();
    expect(perStudent).toHaveLength(feedSize.students);
    expect(perStudent.every((row) => Number(row.n) >= 1 && Number(row.n) <= 3)).toBe(true);
    const progress = await database.db
      .selectFrom('lesson_progress')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(progress.n)).toBeGreaterThan(0);
    const strayProgress = await database.db
      .selectFrom('lesson_progress')
      .innerJoin('lessons', 'lessons.id', 'lesson_progress.lesson_id')
      .leftJoin('enrolments', (join) =>
        join
          .onRef('enrolments.person_id', '=', 'lesson_progress.person_id')
          .onRef('enrolments.course_id', '=', 'lesson_progress.course_id'),
      )
      .select('lesson_progress.lesson_id')
      .where((eb) =>
        eb.or([
          eb('lessons.course_id', '<>', eb.ref('lesson_progress.course_id')),
          eb('enrolments.person_id', 'is', null),
        ]),
      )
      .execute();
    expect(strayProgress).toEqual([]);
    const evaluationsOutsideTheirCourses = await database.db
      .selectFrom('posts')
      .leftJoin('enrolments', (join) =>
        join
          .onRef('enrolments.person_id', '=', 'posts.student_id')
          .onRef('enrolments.course_id', '=', 'posts.course_id'),
      )
      .select('posts.id')
      .where('posts.kind', '=', 'evaluation')
      .where('enrolments.person_id', 'is', null)
      .execute();
    expect(evaluationsOutsideTheirCourses).toEqual([]);
  });

  it('writes every post’s like and comment counts to match their rows', async () => {
    expect(await likeCountsOff(database.db)).toBe(0);
    const likes = await database.db
      .selectFrom('post_likes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(likes.n)).toBeGreaterThan(feedSize.posts / 2);
    const commentsOff = await sql<{ n: number }>`select count(*) as n from posts
      where comment_count <> (select count(*) from comments where comments.post_id = posts.id)`.execute(
      database.db,
    );
    expect(Number(commentsOff.rows[0]!.n)).toBe(0);
  });

  it('counts exactly after a storm of concurrent like toggles, and the check sees a count off', async () => {
    const students = (await database.db
      .selectFrom('people')
      .selectAll()
      .where('role', '=', 'student')
      .limit(20)
      .execute()) as PersonRow[];
    const targets = postIds.slice(0, 5);
    await Promise.all(
      students.flatMap((student, index) =>
        Array.from({ length: 10 }, (_, round) =>
          setPostLike(
            database,
            student,
            targets[(index + round) % targets.length]!,
            round % 3 !== 1,
          ),
        ),
      ),
    );
    expect(await likeCountsOff(database.db)).toBe(0);
    // Now two counts go off: one raised by hand, one whose like rows are removed.
    await setPostLike(database, students[0]!, targets[1]!, true);
    await database.db
      .updateTable('posts')
      .set((eb) => ({ like_count: eb('like_count', '+', 1) }))
      .where('id', '=', targets[0]!)
      .execute();
    await database.db.deleteFrom('post_likes').where('post_id', '=', targets[1]!).execute();
    expect(await likeCountsOff(database.db)).toBe(2);
  });
});

describe(`the search benchmark's academy on ${testDatabaseKind()}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedSearchAcademy(database, searchSize);
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('has the students, courses and lessons asked for, with their search forms written', async () => {
    expect(await countRows(database.db, 'people')).toBe(searchSize.students);
    expect(await countRows(database.db, 'courses')).toBe(searchSize.courses);
    expect(await countRows(database.db, 'lessons')).toBe(
      searchSize.courses * searchSize.lessonsPerCourse,
    );
    const people = await database.db.selectFrom('people').select(['name', 'name_search']).execute();
    expect(people.every((person) => person.name_search === foldForSearch(person.name))).toBe(true);
    // Family names repeat, as in a real academy: the search has crowded first ranks to walk.
    const nguyen = people.filter((person) => person.name.startsWith('Nguyễn')).length;
    expect(nguyen).toBeGreaterThan(searchSize.students / 10);
  });

  it('is found by the app’s search, with and without diacritics', async () => {
    const admin = { id: randomUUID(), role: 'admin' } as PersonRow;
    const withMarks = await search(database, admin, 'Nguyễn Thị');
    const without = await search(database, admin, 'nguyen thi');
    expect(withMarks.students.length).toBeGreaterThan(0);
    expect(without.students.length).toBeGreaterThan(0);
    expect((await search(database, admin, 'son gel')).courses.length).toBeGreaterThan(0);
  });
});
