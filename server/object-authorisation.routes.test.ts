import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPerson } from '#shared/schemas/admin';
import { setUpAcademy } from './test/academy.ts';
import { enrolTestStudent } from './test/factories/courses.ts';
import { VIETNAMESE_LETTER } from './test/route-schemas.ts';
import { instructorForm, signUp, studentForm } from './test/sessions.ts';

/*
 * The authorisation table's second half: the routes that act on one post or one comment, for
 * each member role × {their own object, another person's, one hidden by its author's privacy
 * setting, a deleted one}, with the status expected. (Who may call a route at all — anonymous,
 * guest, pending, blocked — is server/authorisation.routes.test.ts.) Each cell gets objects of
 * its own, so a DELETE in one cell cannot change another's answer.
 */

const kinds = ['own', 'another', 'hidden', 'deleted'] as const;
type Kind = (typeof kinds)[number];
const viewers = ['student', 'instructor', 'admin'] as const;
type Viewer = (typeof viewers)[number];

interface Objects {
  postId: string;
  commentId: string;
  author: keyof typeof cookie;
  commenter: keyof typeof cookie;
}

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  /** The `can` of the object, as the viewer reads it, that says whether this is allowed. */
  can?: { object: 'post' | 'comment'; key: 'edit' | 'delete' };
  /** Status per viewer and kind; `undefined` where the cell cannot exist (a student's own post). */
  expect: (viewer: Viewer, kind: Kind) => number | undefined;
}

/** Reading or reacting: anyone who can see it; nobody when it is hidden or gone. */
const seeing =
  (ok: number) =>
  (_viewer: Viewer, kind: Kind): number =>
    kind === 'own' || kind === 'another' ? ok : 404;

/** Changing it: its author or an admin; nobody when it is hidden or gone. */
const owning =
  (ok: number) =>
  (viewer: Viewer, kind: Kind): number => {
    if (kind === 'hidden' || kind === 'deleted') return 404;
    if (kind === 'own' || viewer === 'admin') return ok;
    return 403;
  };

/** Students write no posts: their "own post" cell does not exist. */
const postCells =
  (rule: (viewer: Viewer, kind: Kind) => number) =>
  (viewer: Viewer, kind: Kind): number | undefined =>
    viewer === 'student' && kind === 'own' ? undefined : rule(viewer, kind);

const table: Row[] = [
  { method: 'GET', url: '/api/posts/:postId', expect: postCells(seeing(200)) },
  {
    method: 'PUT',
    url: '/api/posts/:postId',
    payload: { kind: 'general', text: 'Sửa lịch học' },
    expect: postCells(owning(200)),
    can: { object: 'post', key: 'edit' },
  },
  {
    method: 'DELETE',
    url: '/api/posts/:postId',
    expect: postCells(owning(200)),
    can: { object: 'post', key: 'delete' },
  },
  {
    method: 'PUT',
    url: '/api/posts/:postId/like',
    payload: { liked: true },
    expect: postCells(seeing(200)),
  },
  {
    method: 'PUT',
    url: '/api/posts/:postId/bookmark',
    payload: { bookmarked: true },
    expect: postCells(seeing(200)),
  },
  { method: 'GET', url: '/api/posts/:postId/comments', expect: postCells(seeing(200)) },
  {
    method: 'GET',
    url: '/api/posts/:postId/comment-threads',
    expect: postCells(seeing(200)),
  },
  {
    method: 'POST',
    url: '/api/posts/:postId/comments',
    payload: { text: 'Đã xem' },
    expect: postCells(seeing(201)),
  },
  {
    method: 'PUT',
    url: '/api/comments/:commentId',
    payload: { text: 'Sửa bình luận' },
    expect: owning(200),
    can: { object: 'comment', key: 'edit' },
  },
  {
    method: 'DELETE',
    url: '/api/comments/:commentId',
    expect: owning(200),
    can: { object: 'comment', key: 'delete' },
  },
  {
    method: 'PUT',
    url: '/api/comments/:commentId/like',
    payload: { liked: true },
    expect: seeing(200),
  },
];

const { t, mail, cookie, ids } = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Quản Trị') },
  instructor: { email: 'gv@example.vn', form: instructorForm('Giảng Viên') },
  other: { email: 'khac@example.vn', form: instructorForm('Người Khác') },
  hider: { email: 'an@example.vn', form: instructorForm('Người Ẩn') },
  student: { email: 'hv@example.vn', form: studentForm('Học Viên') },
});

beforeAll(async () => {
  await call('hider', 'PUT', '/api/me/privacy', { hideMyPosts: true, hideMentionedPosts: false });
});

async function call(
  who: keyof typeof cookie,
  method: Row['method'],
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { cookie: cookie[who] },
    ...(payload ? { payload } : {}),
  });
}

async function created(response: Awaited<ReturnType<typeof call>>): Promise<string> {
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

/** A post and a comment of the kind asked, seen from `viewer`. */
async function objectsFor(viewer: Viewer, kind: Kind): Promise<Objects> {
  const author =
    kind === 'hidden' ? 'hider' : kind === 'own' && viewer !== 'student' ? viewer : 'other';
  const commenter = kind === 'own' ? viewer : author;
  const postId = await created(
    await call(author, 'POST', '/api/posts', { kind: 'general', text: `Bài của ${author}` }),
  );
  const commentId = await created(
    await call(commenter, 'POST', `/api/posts/${postId}/comments`, { text: `Ý của ${commenter}` }),
  );
  if (kind === 'deleted') {
    expect((await call(author, 'DELETE', `/api/comments/${commentId}`)).statusCode).toBe(200);
    expect((await call(author, 'DELETE', `/api/posts/${postId}`)).statusCode).toBe(200);
  }
  return { postId, commentId, author, commenter };
}

/**
 * What the viewer's own answer says she may do with the object: the screen shows the action
 * from it, so it must agree with what the server then does.
 */
async function canOf(
  viewer: Viewer,
  { postId, commentId }: Objects,
  object: 'post' | 'comment',
): Promise<Record<string, boolean>> {
  const post = await call(viewer, 'GET', `/api/posts/${postId}`);
  expect(post.statusCode, post.body).toBe(200);
  if (object === 'post') return post.json().can;
  const comments = await call(viewer, 'GET', `/api/posts/${postId}/comment-threads`);
  return comments.json().comments.find((comment: { id: string }) => comment.id === commentId).can;
}

/** A refusal changed nothing: the author still sees the post and its comment as they were. */
async function expectUnchanged({ postId, commentId, author, commenter }: Objects) {
  const post = await call(author, 'GET', `/api/posts/${postId}`);
  expect(post.json()).toMatchObject({ text: `Bài của ${author}`, likeCount: 0, commentCount: 1 });
  const comments = await call(author, 'GET', `/api/posts/${postId}/comment-threads`);
  expect(comments.json().comments).toEqual([
    expect.objectContaining({ id: commentId, text: `Ý của ${commenter}`, likeCount: 0 }),
  ]);
}

describe('authorisation on one post or comment: role × whose object', () => {
  for (const row of table) {
    for (const viewer of viewers) {
      for (const kind of kinds) {
        const expected = row.expect(viewer, kind);
        if (expected === undefined) continue;
        it(`${row.method} ${row.url} as ${viewer} on ${kind} → ${expected}`, async () => {
          const objects = await objectsFor(viewer, kind);
          if (row.can && (kind === 'own' || kind === 'another')) {
            const can = await canOf(viewer, objects, row.can.object);
            expect(can[row.can.key], `${row.can.object}.can.${row.can.key}`).toBe(expected < 400);
          }
          const url = row.url
            .replace(':postId', objects.postId)
            .replace(':commentId', objects.commentId);
          const response = await call(viewer, row.method, url, row.payload);
          expect(response.statusCode, response.body).toBe(expected);
          if (expected >= 400) {
            expect(response.json().error.message).toMatch(VIETNAMESE_LETTER);
            if (kind !== 'deleted') await expectUnchanged(objects);
          }
        });
      }
    }
  }
});

/*
 * A student's record: personal data (phone, address, progress, evaluations). Students reach
 * their own only; staff reach every student's; a deleted student is gone for everyone.
 */
type RecordKind = 'own' | 'another' | 'deleted';
/** Reading: staff any existing record; a student only their own (another's, even deleted, is 403: existence is not told). */
const reading = (viewer: Viewer, kind: RecordKind) =>
  viewer === 'student' ? (kind === 'own' ? 200 : 403) : kind === 'deleted' ? 404 : 200;

const studentRows: Array<{
  method: 'GET' | 'PUT' | 'DELETE' | 'POST';
  url: string;
  payload?: object;
  expect: (viewer: Viewer, kind: RecordKind) => number;
  /** The student page's `can` that says whether this is allowed (where the page shows it). */
  can?: string;
}> = [
  {
    method: 'GET',
    url: '/api/students/:studentId',
    expect: reading,
  },
  {
    method: 'GET',
    url: '/api/students/:studentId/progress.csv',
    expect: reading,
    can: 'exportProgress',
  },
  {
    method: 'GET',
    url: '/api/students/:studentId/evaluations',
    expect: reading,
  },
  {
    method: 'GET',
    url: '/api/students/:studentId/portfolio',
    expect: reading,
  },
  {
    method: 'GET',
    url: '/api/students/:studentId/certificates',
    expect: reading,
  },
  {
    // Her portfolio to keep: hers, and an admin's to hand over; not an instructor's.
    method: 'GET',
    url: '/api/students/:studentId/portfolio.zip',
    expect: (viewer, kind) => (viewer === 'instructor' ? 403 : reading(viewer, kind)),
    can: 'downloadPortfolio',
  },
  {
    method: 'PUT',
    url: '/api/students/:studentId',
    payload: { name: 'Tên Mới', phone: null, address: null, dob: null, courseIds: [] },
    expect: (viewer, kind) => (viewer === 'student' ? 403 : kind === 'deleted' ? 404 : 200),
    can: 'edit',
  },
  {
    method: 'POST',
    url: '/api/students/:studentId/block',
    payload: { reason: 'Nghỉ học dài ngày' },
    expect: (viewer, kind) => (viewer === 'student' ? 403 : kind === 'deleted' ? 404 : 200),
    can: 'edit',
  },
  {
    method: 'DELETE',
    url: '/api/students/:studentId',
    expect: (viewer, kind) => (viewer === 'student' ? 403 : kind === 'deleted' ? 404 : 200),
    can: 'edit',
  },
];

/** The student record a cell reads: the viewer's own (students), another's, or a deleted one. */
async function studentFor(viewer: Viewer, kind: RecordKind): Promise<string> {
  if (kind === 'own' && viewer === 'student') return ids.student;
  const created = await call('admin', 'POST', '/api/students', {
    name: 'Học Viên Khác',
    courseIds: [],
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: string }>().id;
  if (kind === 'deleted') {
    expect((await call('admin', 'DELETE', `/api/students/${id}`)).statusCode).toBe(200);
  }
  return id;
}

describe('authorisation on a student record: role × whose record', () => {
  for (const row of studentRows) {
    for (const viewer of viewers) {
      for (const kind of ['own', 'another', 'deleted'] as const) {
        // Staff have no record of their own as students.
        if (kind === 'own' && viewer !== 'student') continue;
        // A student's own record is not theirs to edit, block or delete: checked, not skipped.
        const expected = row.expect(viewer, kind);
        it(`${row.method} ${row.url} as ${viewer} on ${kind} → ${expected}`, async () => {
          const studentId = await studentFor(viewer, kind);
          const page = await call(viewer, 'GET', `/api/students/${studentId}`);
          // Where the viewer sees the page, its `can` agrees with the answer below.
          if (row.can && page.statusCode === 200) {
            expect(page.json().can[row.can], `student.can.${row.can}`).toBe(expected < 400);
          }
          const response = await call(
            viewer,
            row.method,
            row.url.replace(':studentId', studentId),
            row.payload,
          );
          expect(response.statusCode, response.body).toBe(expected);
          if (expected >= 400) {
            expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
            if (kind !== 'deleted') {
              const still = await call('admin', 'GET', `/api/students/${studentId}`);
              expect(still.statusCode).toBe(200);
              expect(still.json()).toMatchObject({ status: 'active' });
            }
          }
        });
      }
    }
  }
});

/*
 * A course: an instructor's own is one they teach, a student's own is one they are enrolled
 * in; editing is for admins and the course's instructors; staff-only views refuse students.
 */
const courseRows: Array<{
  method: 'GET' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  expect: (viewer: Viewer, kind: RecordKind) => number;
  /** The course's `can` that says whether this is allowed. */
  can?: string;
}> = [
  {
    method: 'GET',
    url: '/api/courses/:courseId',
    expect: (_v, kind) => (kind === 'deleted' ? 404 : 200),
  },
  {
    method: 'GET',
    url: '/api/courses/:courseId/progress',
    expect: (_v, kind) => (kind === 'deleted' ? 404 : 200),
  },
  {
    method: 'GET',
    url: '/api/courses/:courseId/posts',
    expect: (_v, kind) => (kind === 'deleted' ? 404 : 200),
  },
  {
    method: 'GET',
    url: '/api/courses/:courseId/students',
    expect: staffView,
    can: 'seeProgress',
  },
  {
    method: 'GET',
    url: '/api/courses/:courseId/statistics',
    expect: staffView,
    can: 'seeProgress',
  },
  {
    method: 'PUT',
    url: '/api/courses/:courseId',
    payload: { name: 'Khóa đã sửa', lessons: [{ title: 'Bài 1' }] },
    expect: editing,
    can: 'edit',
  },
  { method: 'DELETE', url: '/api/courses/:courseId', expect: editing, can: 'delete' },
];

/** Staff-only views refuse a student before looking the course up (existence is not told). */
function staffView(viewer: Viewer, kind: RecordKind) {
  if (viewer === 'student') return 403;
  return kind === 'deleted' ? 404 : 200;
}

function editing(viewer: Viewer, kind: RecordKind) {
  if (kind === 'deleted') return 404;
  if (viewer === 'admin' || (viewer === 'instructor' && kind === 'own')) return 200;
  return 403;
}

async function courseFor(viewer: Viewer, kind: RecordKind): Promise<string> {
  const teaches = viewer === 'instructor' && kind === 'own';
  const created = await call('admin', 'POST', '/api/courses', {
    name: `Khóa ${viewer} ${kind}`,
    lessons: [{ title: 'Bài 1' }],
    instructorIds: teaches ? [ids.instructor] : [ids.other],
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json<{ id: string }>().id;
  if (viewer === 'student' && kind === 'own') {
    await enrolTestStudent(t.database.db, ids.student, id, Date.now());
  }
  if (kind === 'deleted') {
    expect((await call('admin', 'DELETE', `/api/courses/${id}`)).statusCode).toBe(200);
  }
  return id;
}

describe('authorisation on a course: role × whose course', () => {
  for (const row of courseRows) {
    for (const viewer of viewers) {
      for (const kind of ['own', 'another', 'deleted'] as const) {
        // An admin's "own" course is any course: the "another" cell covers it.
        if (kind === 'own' && viewer === 'admin') continue;
        const expected = row.expect(viewer, kind);
        it(`${row.method} ${row.url} as ${viewer} on ${kind} → ${expected}`, async () => {
          const courseId = await courseFor(viewer, kind);
          if (row.can && kind !== 'deleted') {
            const course = await call(viewer, 'GET', `/api/courses/${courseId}`);
            expect(course.json().can[row.can], `course.can.${row.can}`).toBe(expected < 400);
          }
          const response = await call(
            viewer,
            row.method,
            row.url.replace(':courseId', courseId),
            row.payload,
          );
          expect(response.statusCode, response.body).toBe(expected);
          if (expected >= 400 && kind !== 'deleted') {
            const still = await call('admin', 'GET', `/api/courses/${courseId}`);
            expect(still.json()).toMatchObject({ name: `Khóa ${viewer} ${kind}` });
          }
        });
      }
    }
  }
});

/*
 * The admin's actions on a person: on themself (refused with a reason), on another person in
 * the state the action needs, on a deleted person. Instructors and students are refused
 * whatever the person (the same rows, as them).
 */
type PersonKind = 'self' | 'another' | 'deleted';
const personRows: Array<{
  method: 'POST' | 'PUT' | 'DELETE';
  action: string;
  /** The state the other person is put in first. */
  needs: 'pending' | 'active' | 'blocked';
  payload?: object;
  /** What the admin sends about themself, when it differs (demoting oneself, the last admin). */
  selfPayload?: object;
  self: number;
  /** The person's `can` in user management that says whether this is allowed. */
  can: keyof AdminPerson['can'];
  /**
   * The last active admin stepping down is refused by a count the policy does not make: her
   * `can` offers it, and the answer explains why not (409 with the reason).
   */
  selfRefusedByCount?: boolean;
}> = [
  { method: 'POST', action: 'approve', needs: 'pending', self: 409, can: 'approve' },
  { method: 'POST', action: 'reject', needs: 'pending', self: 409, can: 'reject' },
  {
    method: 'POST',
    action: 'block',
    needs: 'active',
    payload: { reason: 'Nghỉ dạy' },
    self: 400,
    can: 'block',
  },
  { method: 'POST', action: 'unblock', needs: 'blocked', self: 409, can: 'unblock' },
  {
    method: 'PUT',
    action: 'role',
    needs: 'active',
    payload: { role: 'admin' },
    selfPayload: { role: 'instructor' },
    self: 409,
    can: 'makeAdmin',
    selfRefusedByCount: true,
  },
  { method: 'DELETE', action: '', needs: 'active', self: 400, can: 'delete' },
];

async function personFor(kind: PersonKind, needs: 'pending' | 'active' | 'blocked') {
  if (kind === 'self') return ids.admin;
  const { db } = t.database;
  const email = `nguoi-${Math.random().toString(36).slice(2)}@example.vn`;
  await signUp(t.app, mail, email, instructorForm('Người Được Xét'));
  const { id } = await db
    .selectFrom('people')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  if (needs !== 'pending') {
    await db.updateTable('people').set({ status: needs }).where('id', '=', id).execute();
  }
  if (kind === 'deleted') {
    expect((await call('admin', 'DELETE', `/api/admin/people/${id}`)).statusCode).toBe(200);
  }
  return id;
}

/** A person as user management lists her to the admin, found by her e-mail. */
async function listedPerson(id: string): Promise<AdminPerson> {
  const { email } = await t.database.db
    .selectFrom('people')
    .select('email')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const listed = await call('admin', 'GET', `/api/admin/people?view=all&q=${email}`);
  expect(listed.statusCode, listed.body).toBe(200);
  const person = listed.json<{ people: AdminPerson[] }>().people.find((one) => one.id === id);
  expect(person, `${email} in user management`).toBeDefined();
  return person!;
}

describe('authorisation on a person: the admin on themself, on another, on a deleted person', () => {
  for (const row of personRows) {
    for (const viewer of viewers) {
      for (const kind of ['self', 'another', 'deleted'] as const) {
        if (kind === 'self' && viewer !== 'admin') continue;
        const expected =
          viewer !== 'admin' ? 403 : kind === 'self' ? row.self : kind === 'deleted' ? 404 : 200;
        const url = `/api/admin/people/:personId${row.action ? `/${row.action}` : ''}`;
        it(`${row.method} ${url} as ${viewer} on ${kind} → ${expected}`, async () => {
          const personId = await personFor(kind, row.needs);
          if (viewer === 'admin' && kind !== 'deleted') {
            const can = (await listedPerson(personId)).can;
            const key = kind === 'self' && row.selfRefusedByCount ? 'makeInstructor' : row.can;
            const offered = kind === 'self' && row.selfRefusedByCount ? true : expected < 400;
            expect(can[key], `person.can.${key}`).toBe(offered);
          }
          const response = await call(
            viewer,
            row.method,
            url.replace(':personId', personId),
            kind === 'self' ? (row.selfPayload ?? row.payload) : row.payload,
          );
          expect(response.statusCode, response.body).toBe(expected);
          expect(response.json().error?.message ?? 'ok').toMatch(/[À-ỹ]|ok/u);
        });
      }
    }
  }
});

describe('authorisation on feedback: the admin on anyone’s, others on none', () => {
  for (const viewer of viewers) {
    for (const kind of ['own', 'another', 'deleted'] as const) {
      const expected = viewer !== 'admin' ? 403 : kind === 'deleted' ? 404 : 200;
      it(`PUT /api/admin/feedback/:feedbackId/status as ${viewer} on ${kind} → ${expected}`, async () => {
        const author = kind === 'own' ? viewer : 'student';
        const sent = await call(author, 'POST', '/api/feedback', { text: 'Ứng dụng rất tiện' });
        expect(sent.statusCode, sent.body).toBe(201);
        // The answer is the author's feedback, newest first.
        const feedbackId = sent.json<{ feedback: Array<{ id: string }> }>().feedback[0]!.id;
        if (kind === 'deleted') {
          await t.database.db.deleteFrom('feedback').where('id', '=', feedbackId).execute();
        }
        const response = await call(viewer, 'PUT', `/api/admin/feedback/${feedbackId}/status`, {
          status: 'viewed',
        });
        expect(response.statusCode, response.body).toBe(expected);
      });
    }
  }
});
