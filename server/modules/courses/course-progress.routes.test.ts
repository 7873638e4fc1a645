import { beforeAll, describe, expect, it } from 'vitest';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';
import {
  completeTestLessons,
  enrolTestStudent,
  insertTestPost,
  seedTestClass,
} from '../../test/factories/courses.ts';
import { CHARTED_WEEKS, vietnamWeekStart } from './course-progress.service.ts';

const academy = setUpAcademy(academyTrio);
const { t, cookie } = academy;
const ids = academy.ids as typeof academy.ids & { course: string; pending: string };
let lessons: Array<{ id: string; title: string }> = [];
let classIds: string[] = [];
const DAY = 86_400_000;

const as = (who: keyof typeof cookie) => ({ cookie: cookie[who] });
const get = (who: keyof typeof cookie | null, url: string) =>
  t.app.inject({ method: 'GET', url, headers: who ? as(who) : {} });

beforeAll(async () => {
  const { db } = t.database;

  const course = await t.app.inject({
    method: 'POST',
    url: '/api/courses',
    headers: as('admin'),
    payload: {
      name: 'Vẽ móng nghệ thuật',
      lessons: ['Chuẩn bị', 'Vẽ nét', 'Đổ bóng', 'Phủ top'].map((title) => ({ title })),
      instructorIds: [ids.teacher],
    },
  });
  ids.course = course.json().id;
  const pending = await t.app.inject({
    method: 'POST',
    url: '/api/courses',
    headers: as('teacher'),
    payload: { name: 'Khóa đề xuất' },
  });
  ids.pending = pending.json().id;
  // Five students at 0 %, 25 %, 50 %, 75 % and 100 %; one evaluation per completed lesson.
  const seeded = await seedTestClass(db, {
    courseId: ids.course,
    authorId: ids.teacher,
    studentCount: 5,
  });
  lessons = seeded.lessons;
  classIds = seeded.studentIds;
  // The signed-in student is enrolled and completed the first lesson.
  await enrolTestStudent(db, ids.student, ids.course, Date.now());
  await completeTestLessons(db, ids.student, ids.course, [lessons[0]!.id], Date.now());
  // Progress of someone no longer enrolled does not count.
  await completeTestLessons(db, ids.admin, ids.course, [lessons[0]!.id], Date.now());
});

describe('vietnamWeekStart', () => {
  it('is Monday 00:00 in Vietnam (UTC+7)', () => {
    // Sunday 2026-11-22 23:30 in Vietnam is 16:30 UTC; its week began Monday 2026-11-16.
    expect(vietnamWeekStart(Date.UTC(2026, 10, 22, 16, 30))).toBe(Date.UTC(2026, 10, 15, 17));
    // Monday 2026-11-23 00:10 in Vietnam is Sunday 17:10 UTC: a new week.
    expect(vietnamWeekStart(Date.UTC(2026, 10, 22, 17, 10))).toBe(Date.UTC(2026, 10, 22, 17));
  });
});

describe('course progress', () => {
  it('counts, per lesson, the enrolled students who completed it', async () => {
    const response = await get('teacher', `/api/courses/${ids.course}/progress`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.enrolledCount).toBe(6);
    // 0/25/50/75/100 % of four lessons: 0, 1, 2, 3, 4 lessons; plus the student's first lesson.
    expect(body.lessons.map((lesson: { completedCount: number }) => lesson.completedCount)).toEqual(
      [5, 3, 2, 1],
    );
    expect(body.lessons[0].lastActivityAt).toEqual(expect.any(Number));
    expect(body.myCompletedLessonIds).toEqual([]);
  });

  it('gives a student their own ticks, and guests the aggregates while guest mode is on', async () => {
    const mine = await get('student', `/api/courses/${ids.course}/progress`);
    expect(mine.json().myCompletedLessonIds).toEqual([lessons[0]!.id]);
    expect((await get(null, `/api/courses/${ids.course}/progress`)).statusCode).toBe(401);
    await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 1 }).execute();
    try {
      const guest = await get(null, `/api/courses/${ids.course}/progress`);
      expect(guest.statusCode).toBe(200);
      expect(guest.json().myCompletedLessonIds).toEqual([]);
    } finally {
      await t.database.db.updateTable('public_config').set({ guest_mode_enabled: 0 }).execute();
    }
  });

  it('hides pending courses from those who may not see them, and answers unknown ids with 404', async () => {
    expect((await get('student', `/api/courses/${ids.pending}/progress`)).statusCode).toBe(404);
    expect((await get('teacher', `/api/courses/${ids.pending}/progress`)).statusCode).toBe(200);
    const unknown = await get('admin', `/api/courses/${crypto.randomUUID()}/progress`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Không tìm thấy khóa học.');
    expect((await get('admin', '/api/courses/not-an-id/progress')).statusCode).toBe(400);
  });
});

describe('course students', () => {
  it('lists enrolled students with completed lessons and their latest evaluation, for staff', async () => {
    const response = await get('teacher', `/api/courses/${ids.course}/students`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.lessonCount).toBe(4);
    const byId = new Map(body.students.map((s: { id: string }) => [s.id, s]));
    expect(body.students).toHaveLength(6);
    expect(byId.get(classIds[4]!)).toMatchObject({
      name: 'Học viên 5',
      status: 'active',
      completedLessons: 4,
      lastEvaluation: { rating: expect.any(Number), createdAt: expect.any(Number) },
    });
    expect(byId.get(classIds[0]!)).toMatchObject({ completedLessons: 0, lastEvaluation: null });
    expect(byId.get(ids.student)).toMatchObject({ completedLessons: 1, lastEvaluation: null });
    // The latest evaluation is the newest one.
    const newest = await t.database.db
      .selectFrom('posts')
      .select(['id'])
      .where('student_id', '=', classIds[4]!)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(
      (byId.get(classIds[4]!) as { lastEvaluation: { postId: string } }).lastEvaluation.postId,
    ).toBe(newest.id);
  });

  it('is refused to students (other students are personal data) and to anonymous visitors', async () => {
    expect((await get('student', `/api/courses/${ids.course}/students`)).statusCode).toBe(403);
    expect((await get(null, `/api/courses/${ids.course}/students`)).statusCode).toBe(401);
  });
});

describe('course statistics', () => {
  it('gives completion per lesson, the progress spread and twelve weeks of evaluations', async () => {
    const response = await get('admin', `/api/courses/${ids.course}/statistics`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.enrolledCount).toBe(6);
    expect(
      body.lessons.map((l: { title: string; completedCount: number }) => [
        l.title,
        l.completedCount,
      ]),
    ).toEqual([
      ['Chuẩn bị', 5],
      ['Vẽ nét', 3],
      ['Đổ bóng', 2],
      ['Phủ top', 1],
    ]);
    expect(body.progressBuckets).toEqual([
      { from: 0, to: 0, count: 1 },
      { from: 1, to: 24, count: 0 },
      { from: 25, to: 49, count: 2 },
      { from: 50, to: 74, count: 1 },
      { from: 75, to: 99, count: 1 },
      { from: 100, to: 100, count: 1 },
    ]);
    expect(body.weeks).toHaveLength(CHARTED_WEEKS);
    for (const [index, week] of body.weeks.entries()) {
      if (index > 0) expect(week.weekStart - body.weeks[index - 1].weekStart).toBe(7 * DAY);
    }
    const evaluations = body.weeks.reduce(
      (sum: number, w: { evaluations: number }) => sum + w.evaluations,
      0,
    );
    expect(evaluations).toBe(0 + 1 + 2 + 3 + 4);
    const rated = body.weeks.filter(
      (w: { averageRating: number | null }) => w.averageRating !== null,
    );
    expect(rated.length).toBeGreaterThan(0);
    for (const week of rated) {
      expect(week.averageRating).toBeGreaterThanOrEqual(5);
      expect(week.averageRating).toBeLessThanOrEqual(10);
    }
  });

  it('charts the weeks up to the last evaluation when all are older than twelve weeks', async () => {
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: as('admin'),
      payload: { name: 'Khóa cũ', lessons: [{ title: 'Một' }] },
    });
    const courseId = old.json().id;
    const longAgo = Date.now() - 200 * DAY;
    await seedTestClass(t.database.db, {
      courseId,
      authorId: ids.teacher,
      studentCount: 1,
      now: longAgo,
      names: ['Học viên khóa cũ'],
    });
    const body = (await get('admin', `/api/courses/${courseId}/statistics`)).json();
    expect(body.weeks.at(-1).weekStart).toBe(vietnamWeekStart(longAgo));
    expect(body.weeks.at(-1).evaluations).toBe(1);
  });

  it('puts each evaluation in its Vietnamese week, Monday 00:00 to Sunday 23:59, and averages the rated ones', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: as('admin'),
      payload: { name: 'Khóa đếm tuần', lessons: [{ title: 'Một' }] },
    });
    const courseId = created.json().id;
    const thisWeek = vietnamWeekStart(Date.now());
    const threeWeeksAgo = thisWeek - 3 * 7 * DAY;
    const evaluate = (createdAt: number, rating: number | null) =>
      insertTestPost(t.database.db, {
        authorId: ids.teacher,
        studentId: ids.student,
        courseId,
        rating,
        createdAt,
      });
    await evaluate(thisWeek, 7);
    await evaluate(thisWeek + 1000, 8);
    await evaluate(thisWeek + 2000, null);
    await evaluate(threeWeeksAgo, 9); // the first moment of its week
    await evaluate(threeWeeksAgo - 1, 4); // the last moment of the week before
    await evaluate(thisWeek - CHARTED_WEEKS * 7 * DAY, 10); // before the chart's first week
    const body = (await get('admin', `/api/courses/${courseId}/statistics`)).json();
    const last = CHARTED_WEEKS - 1;
    expect(body.weeks[last]).toEqual({ weekStart: thisWeek, evaluations: 3, averageRating: 7.5 });
    expect(body.weeks[last - 3]).toEqual({
      weekStart: threeWeeksAgo,
      evaluations: 1,
      averageRating: 9,
    });
    expect(body.weeks[last - 4]).toEqual({
      weekStart: threeWeeksAgo - 7 * DAY,
      evaluations: 1,
      averageRating: 4,
    });
    const counted = body.weeks.reduce(
      (sum: number, w: { evaluations: number }) => sum + w.evaluations,
      0,
    );
    expect(counted).toBe(5);
  });

  it('is for staff only', async () => {
    expect((await get('student', `/api/courses/${ids.course}/statistics`)).statusCode).toBe(403);
    expect((await get(null, `/api/courses/${ids.course}/statistics`)).statusCode).toBe(401);
  });
});

describe('course posts', () => {
  const postsOf = async (who: keyof typeof cookie, query = '') => {
    const response = await get(who, `/api/courses/${ids.course}/posts${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as {
      posts: Array<{ id: string; createdAt: number }>;
      nextCursor: string | null;
    };
  };

  it('pages newest first by 10, without repeats or gaps when a post arrives between pages', async () => {
    const all = await t.database.db
      .selectFrom('posts')
      .select('id')
      .where('course_id', '=', ids.course)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(all.length).toBe(10);
    // Two more so there are two pages.
    for (const minutes of [1, 2]) {
      await insertTestPost(t.database.db, {
        authorId: ids.admin,
        taggedInstructorId: ids.teacher,
        courseId: ids.course,
        text: `Thông báo ${minutes}`,
        createdAt: Date.now() - 400 * DAY - minutes * 60_000,
      });
    }
    const first = await postsOf('teacher');
    expect(first.posts).toHaveLength(10);
    expect(first.nextCursor).not.toBeNull();
    const times = first.posts.map((post) => post.createdAt);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // A newer post arrives before the second page is read.
    await insertTestPost(t.database.db, {
      authorId: ids.teacher,
      studentId: classIds[1]!,
      courseId: ids.course,
      text: 'Bài mới',
      createdAt: Date.now(),
    });
    const second = await postsOf('teacher', `?cursor=${first.nextCursor}`);
    expect(second.posts).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const seen = [...first.posts, ...second.posts].map((post) => post.id);
    expect(new Set(seen).size).toBe(12);
    expect(seen).not.toContain(undefined);
  });

  it("filters by lesson and shows the post's people, course, lesson and photos", async () => {
    await insertTestPost(t.database.db, {
      authorId: ids.teacher,
      studentId: classIds[2]!,
      courseId: ids.course,
      lessonId: lessons[3]!.id,
      lessonTitle: lessons[3]!.title,
      text: 'Phủ top đều tay.',
      rating: 9,
      createdAt: Date.now() + 1,
      photos: ['/media/a.webp', '/media/b.webp'],
    });
    const page = await postsOf('admin', `?lessonId=${lessons[3]!.id}`);
    expect(page.posts).toHaveLength(2);
    expect(page.posts[0]).toMatchObject({
      kind: 'evaluation',
      author: { name: 'Lê Minh Anh' },
      student: { name: 'Học viên 3' },
      taggedInstructor: null,
      course: { id: ids.course, name: 'Vẽ móng nghệ thuật' },
      lesson: { id: lessons[3]!.id, title: 'Phủ top' },
      rating: 9,
      media: [
        { url: '/media/a.webp', width: 1200, height: 900 },
        { url: '/media/b.webp', width: 1200, height: 900 },
      ],
    });
  });

  it('keeps hidden posts hidden: hide-my-posts and hide-mentioned-posts', async () => {
    const { db } = t.database;
    const mentioned = await insertTestPost(db, {
      authorId: ids.admin,
      courseId: ids.course,
      text: 'Chúc mừng @[Lê Minh Anh](x)',
      mentionIds: [ids.teacher],
      createdAt: Date.now() + 10,
    });
    const byTeacher = await insertTestPost(db, {
      authorId: ids.teacher,
      courseId: ids.course,
      taggedInstructorId: ids.admin,
      text: 'Bài của giảng viên',
      createdAt: Date.now() + 11,
    });
    const idsFor = async (who: keyof typeof cookie) => (await postsOf(who)).posts.map((p) => p.id);
    expect(await idsFor('student')).toEqual(expect.arrayContaining([mentioned, byTeacher]));
    const shown = (await postsOf('student')).posts.find((p) => p.id === mentioned);
    expect(shown).toMatchObject({ mentions: [{ id: ids.teacher, role: 'instructor' }] });

    await db
      .updateTable('people')
      .set({ hide_my_posts: 1 })
      .where('id', '=', ids.teacher)
      .execute();
    expect(await idsFor('student')).not.toContain(byTeacher);
    expect(await idsFor('admin')).not.toContain(byTeacher);
    expect(await idsFor('teacher')).toContain(byTeacher);
    // The evaluations the teacher wrote leave the statistics too.
    const stats = (await get('admin', `/api/courses/${ids.course}/statistics`)).json();
    expect(
      stats.weeks.reduce((sum: number, w: { evaluations: number }) => sum + w.evaluations, 0),
    ).toBe(0);
    await db
      .updateTable('people')
      .set({ hide_my_posts: 0 })
      .where('id', '=', ids.teacher)
      .execute();

    await db
      .updateTable('people')
      .set({ hide_mentioned_posts: 1 })
      .where('id', '=', ids.teacher)
      .execute();
    expect(await idsFor('student')).not.toContain(mentioned);
    expect(await idsFor('admin')).toContain(mentioned); // the author
    expect(await idsFor('teacher')).toContain(mentioned); // the mentioned person
    await db
      .updateTable('people')
      .set({ hide_mentioned_posts: 0 })
      .where('id', '=', ids.teacher)
      .execute();
  });

  it('answers a bad cursor or lesson id with a Vietnamese 400, and unknown courses with 404', async () => {
    const badCursor = await get('teacher', `/api/courses/${ids.course}/posts?cursor=abc`);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.body).toContain('Vị trí trang không hợp lệ. Vui lòng tải lại.');
    const badLesson = await get('teacher', `/api/courses/${ids.course}/posts?lessonId=1`);
    expect(badLesson.statusCode).toBe(400);
    expect(badLesson.body).toContain('Không tìm thấy bài học.');
    const extra = await get('teacher', `/api/courses/${ids.course}/posts?sort=old`);
    expect(extra.statusCode).toBe(400);
    expect((await get('student', `/api/courses/${ids.pending}/posts`)).statusCode).toBe(404);
  });
});
