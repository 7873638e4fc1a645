import { describe, expect, it } from 'vitest';
import { setUpAcademy } from './test/academy.ts';
import { instructorForm, studentForm } from './test/sessions.ts';
import { testDatabaseKind } from './test/test-database.ts';

/*
 * Writes racing deletes and each other, as two phones and a script would: whatever wins, every
 * answer is the 2xx of a write that happened or the 4xx its own check gives, never a 5xx, and
 * the counts stay true to the rows.
 */

const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
  other: { email: 'gv2@example.vn', form: instructorForm('Phạm Quốc Bảo') },
  student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
});
const { t, call } = academy;
const ids = () => academy.ids;

function expectNo5xx(responses: { statusCode: number; body: string }[], what: string) {
  const failed = responses.filter((response) => response.statusCode >= 500);
  expect(failed.map((r) => r.body).slice(0, 2), `${what}: ${failed.length} answered 5xx`).toEqual(
    [],
  );
}

async function newStudent(name: string, courseIds: string[] = []) {
  const response = await call('admin', 'POST', '/api/students', {
    name,
    phone: '0912 345 678',
    courseIds,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

describe(`writes racing deletes on ${testDatabaseKind()}`, () => {
  it('likes, bookmarks, comments and comment likes racing a post deletion', async () => {
    for (let round = 0; round < 8; round += 1) {
      const post = await call('teacher', 'POST', '/api/posts', {
        kind: 'general',
        text: `Bài ${round} @[Phạm Quốc Bảo](${ids().other})`,
      });
      const postId = post.json().id as string;
      const comment = await call('other', 'POST', `/api/posts/${postId}/comments`, { text: 'Đẹp' });
      const commentId = comment.json().id as string;
      const responses = await Promise.all([
        call('other', 'PUT', `/api/posts/${postId}/like`, { liked: true }),
        call('admin', 'PUT', `/api/posts/${postId}/like`, { liked: true }),
        call('other', 'PUT', `/api/posts/${postId}/bookmark`, { bookmarked: true }),
        call('admin', 'POST', `/api/posts/${postId}/comments`, {
          text: `Trả lời @[Phạm Quốc Bảo](${ids().other})`,
        }),
        call('admin', 'PUT', `/api/comments/${commentId}/like`, { liked: true }),
        call('teacher', 'DELETE', `/api/posts/${postId}`),
        call('admin', 'PUT', `/api/posts/${postId}/like`, { liked: false }),
        call('other', 'POST', `/api/posts/${postId}/comments`, { text: 'Muộn' }),
      ]);
      expectNo5xx(responses, `round ${round}`);
      expect((await call('teacher', 'GET', `/api/posts/${postId}`)).statusCode).toBe(404);
    }
  });

  it('enrolments, progress and evaluations racing a course and a student deletion', async () => {
    for (let round = 0; round < 6; round += 1) {
      const course = await call('admin', 'POST', '/api/courses', {
        name: `Khóa đua ${round}`,
        lessons: [{ title: 'Một' }, { title: 'Hai' }],
      });
      const courseId = course.json().id as string;
      const lessons = course.json().lessons.map((lesson: { id: string }) => lesson.id);
      const studentId = await newStudent(`Học viên đua ${round}`, [courseId]);
      const responses = await Promise.all([
        call('teacher', 'PUT', `/api/students/${studentId}/progress/${lessons[0]}`, {
          completed: true,
        }),
        call('teacher', 'PUT', `/api/students/${studentId}/progress/${lessons[1]}`, {
          summary: 'Tốt',
          previousSummary: null,
        }),
        call('admin', 'PUT', `/api/students/${studentId}`, {
          name: `Học viên đua ${round}`,
          phone: '0912 345 678',
          courseIds: [courseId],
        }),
        call('teacher', 'POST', '/api/posts', {
          kind: 'evaluation',
          studentId,
          courseId,
          lessonId: lessons[0],
          text: 'Đều màu',
          rating: 7,
        }),
        call('admin', 'DELETE', `/api/courses/${courseId}`),
        round % 2 === 0
          ? call('admin', 'DELETE', `/api/students/${studentId}`)
          : call('teacher', 'POST', `/api/students/${studentId}/block`, { reason: 'Nghỉ' }),
        call('admin', 'PUT', `/api/courses/${courseId}`, {
          name: `Khóa đua ${round} (sửa)`,
          lessons: [{ title: 'Một' }],
        }),
      ]);
      expectNo5xx(responses, `round ${round}`);
    }
  });

  it('the same like, bookmark and comment like sent twice at once stay one', async () => {
    const post = await call('teacher', 'POST', '/api/posts', { kind: 'general', text: 'Đôi' });
    const postId = post.json().id as string;
    const comment = await call('other', 'POST', `/api/posts/${postId}/comments`, { text: 'Hai' });
    const commentId = comment.json().id as string;
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        n % 3 === 0
          ? call('admin', 'PUT', `/api/posts/${postId}/like`, { liked: true })
          : n % 3 === 1
            ? call('admin', 'PUT', `/api/posts/${postId}/bookmark`, { bookmarked: true })
            : call('admin', 'PUT', `/api/comments/${commentId}/like`, { liked: true }),
      ),
    );
    expectNo5xx(responses, 'duplicates');
    const read = (await call('admin', 'GET', `/api/posts/${postId}`)).json();
    expect(read.likeCount).toBe(1);
  });

  it('wrote no unexpected failure to the error log', async () => {
    const logged = await t.database.db
      .selectFrom('error_logs')
      .select(['context', 'message'])
      .execute();
    expect(logged).toEqual([]);
  });
});
