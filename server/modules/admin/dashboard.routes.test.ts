import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { setUpAcademy } from '../../test/academy.ts';
import { insertTestPost, seedTestClass } from '../../test/factories/courses.ts';
import { insertTestPerson } from '../../test/factories/people.ts';
import { instructorForm } from '../../test/sessions.ts';
import { CHARTED_WEEKS, vietnamWeekStart } from '../courses/course-progress.service.ts';

const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
});
const { t, cookie, ids } = academy;

const get = (who: keyof typeof cookie) =>
  t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: cookie[who] } });

describe('the dashboard', () => {
  it('counts people, courses and twelve weeks of evaluations, ratings and completed lessons', async () => {
    const course = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: { cookie: cookie.admin },
      payload: { name: 'Sơn gel cơ bản', lessons: [{ title: 'Một' }, { title: 'Hai' }] },
    });
    const courseId = course.json().id as string;
    const { studentIds } = await seedTestClass(t.database.db, {
      courseId,
      authorId: ids.teacher,
      studentCount: 3,
    });
    await insertTestPerson(t.database.db, {
      id: randomUUID(),
      role: 'student',
      status: 'pending',
      name: 'Chờ Duyệt',
    });
    // A post hidden by its author is not counted (the privacy rule).
    const hider = randomUUID();
    await insertTestPerson(t.database.db, { id: hider, name: 'Người Ẩn', hide_my_posts: 1 });
    await insertTestPost(t.database.db, {
      authorId: hider,
      studentId: studentIds[0]!,
      courseId,
      rating: 0,
      createdAt: Date.now(),
    });

    const response = await get('admin');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.studentsByStatus).toEqual({ pending: 1, active: 3, blocked: 0, completed: 0 });
    expect(body.activeCourses).toBe(1);
    expect(body.instructorCount).toBe(3);
    expect(body.pendingApprovals).toBe(1);
    expect(body.weeks).toHaveLength(CHARTED_WEEKS);
    expect(body.weeks.at(-1).weekStart).toBe(vietnamWeekStart(Date.now()));
    const sum = (key: string) =>
      body.weeks.reduce((total: number, week: Record<string, number>) => total + week[key]!, 0);
    // 3 students: 0, 1 and 2 of 2 lessons done → 3 evaluations and 3 completed lessons.
    expect(sum('evaluations')).toBe(3);
    expect(sum('lessonsCompleted')).toBe(3);
    expect(sum('newStudents')).toBe(4);
    expect(body.courseRatings).toEqual([
      { id: courseId, name: 'Sơn gel cơ bản', evaluations: 3, averageRating: expect.any(Number) },
    ]);
    expect(body.topInstructors[0]).toMatchObject({
      person: { id: ids.teacher, name: 'Lê Minh Anh' },
      evaluations: 3,
      posts: 3,
    });
  });

  it('is for admins only', async () => {
    expect((await get('teacher')).statusCode).toBe(403);
  });
});
