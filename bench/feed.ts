/**
 * The feed under load, as issue #7 asks: a large academy (2,000 students, 100 instructors,
 * 50 courses × 20 lessons, 100,000 posts with likes and comments) in a fresh database of each
 * engine, the production server started as `npm start` starts it, a signed-in instructor, and
 * autocannon in its own process over loopback:
 * - the first feed page and a later page: requests/s at 50 connections, and p50/p99 at a fixed
 *   offered load of 500 requests/s;
 * - like toggles at 50 connections, then a check that every post's count equals its like rows;
 * - on the same academy and server, the staff's reads (bench/staff-reads.ts).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { type AppDatabase, migrateToLatest, openDatabase } from '../server/db/database.ts';
import type { Database } from '../server/db/schema.ts';
import { nameSearchColumns, titleSearchColumns } from '../server/db/search-columns.ts';
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { startPostgresCluster } from '../support/provision.ts';
import { percentiles, random } from './engines.ts';
import { openLoop } from './open-loop.ts';
import { load, signInStaff, startServer } from './served.ts';
import { measureStaffReads } from './staff-reads.ts';

export const feedBenchSize: {
  students: number;
  instructors: number;
  courses: number;
  lessons: number;
  posts: number;
  /** Likes and comments per post on average (0–3 likes and a comment on three posts in ten). */
  likesPerPost?: number;
  commentsPerPost?: number;
} = {
  students: 2_000,
  instructors: 100,
  courses: 50,
  lessons: 20,
  posts: 100_000,
};

const pickFrom = <T>(next: () => number, list: readonly T[]): T =>
  list[Math.floor(next() * list.length)]!;

async function insertInBatches<T>(
  rows: T[],
  insert: (batch: T[]) => Promise<unknown>,
  size = 1000,
) {
  for (let start = 0; start < rows.length; start += size)
    await insert(rows.slice(start, start + size));
}

/**
 * Fills a migrated database with the feed's academy (`size`; the benchmark's by default): people,
 * courses and lessons, students enrolled in one to three courses with their progress, posts (70 %
 * evaluations of a student in one of their courses, the rest tagging an instructor) with likes and
 * comments, their counts written to match. Returns up to 2,000 post ids to like.
 */
export async function seedFeedAcademy(
  database: AppDatabase,
  size: typeof feedBenchSize = feedBenchSize,
) {
  const { db } = database;
  const next = random(7);
  const now = Date.now();
  const person = (role: 'student' | 'instructor', index: number) => {
    const name = `${role === 'student' ? 'Học viên' : 'Giảng viên'} ${index}`;
    return {
      id: randomUUID(),
      role,
      status: 'active' as const,
      name,
      ...nameSearchColumns(name),
      registration_date: now,
      created_at: now,
      updated_at: now,
    };
  };
  const students = Array.from({ length: size.students }, (_, i) => person('student', i));
  const instructors = Array.from({ length: size.instructors }, (_, i) => person('instructor', i));
  await insertInBatches(
    [...students, ...instructors],
    (batch) => db.insertInto('people').values(batch).execute(),
    500,
  );
  const courses = Array.from({ length: size.courses }, (_, i) => ({
    id: randomUUID(),
    name: `Khóa ${i}`,
    ...nameSearchColumns(`Khóa ${i}`),
    description: '',
    image_url: null,
    status: 'active' as const,
    proposer_id: null,
    created_at: now,
    updated_at: now,
  }));
  await db.insertInto('courses').values(courses).execute();
  const lessons = courses.flatMap((course) =>
    Array.from({ length: size.lessons }, (_, position) => ({
      id: randomUUID(),
      course_id: course.id,
      title: `Bài ${position + 1}`,
      ...titleSearchColumns(`Bài ${position + 1}`),
      position,
      created_at: now,
      updated_at: now,
    })),
  );
  await insertInBatches(lessons, (batch) => db.insertInto('lessons').values(batch).execute());
  const lessonsOf = new Map<string, typeof lessons>(courses.map((course) => [course.id, []]));
  for (const lesson of lessons) lessonsOf.get(lesson.course_id)!.push(lesson);
  // Each student in one to three courses, having completed the first lessons of each (none to all).
  const coursesOf = new Map<string, string[]>();
  const enrolments: Array<{ person_id: string; course_id: string; enrolled_at: number }> = [];
  const progress: Array<{
    person_id: string;
    lesson_id: string;
    course_id: string;
    completed: 1;
    summary: null;
    last_updated_by: null;
    last_updated_at: number;
  }> = [];
  for (const student of students) {
    const wanted = 1 + Math.floor(next() * 3);
    const chosen = new Set<string>();
    while (chosen.size < Math.min(wanted, courses.length))
      chosen.add(courses[Math.floor(next() * courses.length)]!.id);
    coursesOf.set(student.id, [...chosen]);
    for (const courseId of chosen) {
      enrolments.push({ person_id: student.id, course_id: courseId, enrolled_at: now });
      const done = Math.floor(next() * (size.lessons + 1));
      for (const lesson of lessonsOf.get(courseId)!.slice(0, done))
        progress.push({
          person_id: student.id,
          lesson_id: lesson.id,
          course_id: courseId,
          completed: 1,
          summary: null,
          last_updated_by: null,
          last_updated_at: now,
        });
    }
  }
  await insertInBatches(enrolments, (batch) => db.insertInto('enrolments').values(batch).execute());
  await insertInBatches(progress, (batch) =>
    db.insertInto('lesson_progress').values(batch).execute(),
  );
  // 70 % evaluations of a student in a lesson of one of their courses; the rest tag an instructor.
  const posts = Array.from({ length: size.posts }, (_, index) => {
    const evaluation = next() < 0.7;
    const student = evaluation ? students[Math.floor(next() * students.length)]! : null;
    const choices = student ? lessonsOf.get(pickFrom(next, coursesOf.get(student.id)!))! : lessons;
    const lesson = pickFrom(next, choices);
    return {
      id: randomUUID(),
      kind: evaluation ? ('evaluation' as const) : ('general' as const),
      author_id: instructors[Math.floor(next() * instructors.length)]!.id,
      student_id: student?.id ?? null,
      tagged_instructor_id: evaluation
        ? null
        : instructors[Math.floor(next() * instructors.length)]!.id,
      course_id: lesson.course_id,
      lesson_id: lesson.id,
      lesson_title: lesson.title,
      text: `Nhận xét số ${index}: nét đều, màu đẹp, cần chú ý phần viền.`,
      rating: evaluation ? Math.floor(next() * 11) : null,
      like_count: 0,
      comment_count: 0,
      created_at: now - index * 60_000,
      updated_at: now - index * 60_000,
    };
  });
  const likes: Array<{ post_id: string; person_id: string; created_at: number }> = [];
  const comments: Array<Record<string, unknown>> = [];
  const likesPerPost = size.likesPerPost ?? 1.5;
  const commentsPerPost = size.commentsPerPost ?? 0.3;
  for (const post of posts) {
    const count = Math.floor(next() * (2 * likesPerPost + 1));
    const likers = new Set<string>();
    for (let i = 0; i < count; i += 1)
      likers.add(students[Math.floor(next() * students.length)]!.id);
    for (const personId of likers)
      likes.push({ post_id: post.id, person_id: personId, created_at: now });
    post.like_count = likers.size;
    const commentCount =
      commentsPerPost < 1
        ? Number(next() < commentsPerPost)
        : Math.floor(next() * (2 * commentsPerPost + 1));
    for (let i = 0; i < commentCount; i += 1) {
      comments.push({
        id: randomUUID(),
        post_id: post.id,
        author_id: students[Math.floor(next() * students.length)]!.id,
        parent_id: null,
        text: 'Em cảm ơn ạ!',
        created_at: now,
        updated_at: now,
      });
    }
    post.comment_count = commentCount;
  }
  await insertInBatches(posts, (batch) => db.insertInto('posts').values(batch).execute(), 500);
  await insertInBatches(
    likes,
    (batch) => db.insertInto('post_likes').values(batch).execute(),
    2000,
  );
  await insertInBatches(comments, (batch) =>
    db
      .insertInto('comments')
      .values(batch as never)
      .execute(),
  );
  if (database.kind === 'postgres') await sql`vacuum analyze`.execute(db);
  return posts.slice(0, 2000).map((post) => post.id);
}

/** How many rows a table holds. */
export async function countRows(
  db: Kysely<Database>,
  table: 'people' | 'courses' | 'lessons' | 'posts' | 'post_likes' | 'comments',
): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** How many posts' like counts differ from their like rows: the check after the like storm. */
export async function likeCountsOff(db: Kysely<Database>): Promise<number> {
  const { n } = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(
      sql<boolean>`like_count <> (select count(*) from post_likes where post_likes.post_id = posts.id)`,
    )
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The feed at an offered 500 requests/s for 10 s, open loop (bench/open-loop.ts). */
async function atFixedRate(base: string, cookie: string, path: string) {
  const seconds = 10;
  const { timings, statuses, failures } = await openLoop({
    base,
    cookie,
    seconds,
    perSecond: 500,
    next: () => ({ method: 'GET', path: () => path }),
  });
  const { p50Ms, p99Ms } = percentiles(timings);
  const ok = statuses.get(200) ?? 0;
  return {
    requestsPerSecond: Math.round(timings.length / seconds),
    p50Ms,
    p99Ms,
    non2xx: timings.length - ok,
    errors: failures,
    total: timings.length + failures,
  };
}

export async function measureOne(database: AppDatabase, env: NodeJS.ProcessEnv) {
  const seedStart = performance.now();
  await migrateToLatest(database.db);
  const postIds = await seedFeedAcademy(database);
  const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
  await database.close();
  const mail = await startMailCatcher();
  const server = await startServer({ ...env, SMTP_URL: mail.url });
  const reopened = openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(env.DATA_DIR!, 'academy.sqlite') },
  );
  try {
    const cookie = await signInStaff(server.url, mail, reopened.db, 'instructor');
    const first = `${server.url}/api/posts`;
    const page = (await (await fetch(first, { headers: { cookie } })).json()) as {
      posts: unknown[];
      nextCursor: string;
    };
    if (page.posts.length !== 10)
      throw new Error(`the feed answered ${JSON.stringify(page).slice(0, 200)}`);
    let later = page.nextCursor;
    for (let i = 0; i < 20; i += 1) {
      const next = (await (
        await fetch(`${first}?cursor=${later}`, { headers: { cookie } })
      ).json()) as { nextCursor: string };
      later = next.nextCursor;
    }
    const laterUrl = `${first}?cursor=${later}`;
    const common = { cookie, connections: 50, duration: 10 };
    await load({ ...common, url: first, duration: 3 }); // warm-up
    const result = {
      seedSeconds,
      firstPage: await load({ ...common, url: first }),
      laterPage: await load({ ...common, url: laterUrl }),
      firstPageAt500: await atFixedRate(server.url, cookie, '/api/posts'),
      laterPageAt500: await atFixedRate(server.url, cookie, `/api/posts?cursor=${later}`),
      likes: await load({ ...common, url: `${server.url}/api/posts`, like: { postIds } }),
      likeCountsMismatched: 0,
    };
    result.likeCountsMismatched = await likeCountsOff(reopened.db);
    const courseIds = (await reopened.db.selectFrom('courses').select('id').execute()).map(
      (course) => course.id,
    );
    return { ...result, staffReads: await measureStaffReads(server.url, cookie, courseIds) };
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
    await reopened.close();
    await mail.close();
  }
}

export async function measureFeed() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-feed-'));
  let sqlite: Awaited<ReturnType<typeof measureOne>>;
  try {
    const database = openDatabase({ kind: 'sqlite', file: path.join(dir, 'academy.sqlite') });
    sqlite = await measureOne(database, { DATA_DIR: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const cluster = process.env.TEST_DATABASE_URL ? null : await startPostgresCluster();
  const adminUrl = process.env.TEST_DATABASE_URL ?? cluster!.url;
  const name = `hv_bench_feed_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-feed-pg-'));
  let postgres: Awaited<ReturnType<typeof measureOne>>;
  try {
    postgres = await measureOne(openDatabase({ kind: 'postgres', url: url.toString() }), {
      DATABASE_URL: url.toString(),
      DATA_DIR: pgDir,
    });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await cluster?.stop();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
  return { sqlite, postgres };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.dir(await measureFeed(), { depth: 4 });
}
