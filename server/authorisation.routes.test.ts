import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpAcademy } from './test/academy.ts';
import { instructorForm, signInByLink, studentForm } from './test/sessions.ts';

/*
 * The authorisation table: every API route × every kind of viewer, with the status expected.
 * A route added without rows here fails the first test. better-auth's own routes (/api/auth/*)
 * and the OpenAPI page are covered by their own tests.
 */

const viewers = [
  'anonymous',
  'guest',
  'new',
  'pending',
  'blocked',
  'student',
  'instructor',
  'admin',
] as const;
type ViewerKind = (typeof viewers)[number];

interface Row {
  method: string;
  url: string;
  payload?: unknown | (() => unknown);
  /** Query string sent with the request, `?` included. */
  query?: string;
  /** A stream that never ends (server-sent events): asked over real HTTP, status only. */
  stream?: boolean;
  /** Expected status per viewer; `all` for routes open to everyone. */
  expect: Partial<Record<ViewerKind | 'all', number>>;
}

/** Any signed-in person allowed to use the app; no one else. */
const membersOnly: Row['expect'] = {
  anonymous: 401,
  guest: 401,
  new: 403,
  pending: 403,
  blocked: 403,
  student: 200,
  instructor: 200,
  admin: 200,
};

/** Admins only; `admin` is what an admin gets (the route's own answer past the check). */
const adminOnly = (admin: number): Row['expect'] => ({
  anonymous: 401,
  guest: 401,
  new: 403,
  pending: 403,
  blocked: 403,
  student: 403,
  instructor: 403,
  admin,
});

const table: Row[] = [
  { method: 'GET', url: '/api/health', expect: { all: 200 } },
  {
    method: 'POST',
    url: '/api/client-errors',
    payload: { context: 'x', message: 'y' },
    expect: { all: 202 },
  },
  { method: 'GET', url: '/api/me', expect: { all: 200 } },
  { method: 'GET', url: '/api/public-config', expect: { all: 200 } },
  {
    method: 'POST',
    url: '/api/sign-in/email-link',
    payload: () => ({ email: uniqueAddress() }),
    expect: { all: 200 },
  },
  {
    method: 'POST',
    url: '/api/sign-in/email-link/redeem',
    payload: { token: 'x'.repeat(32), email: 'table@example.vn' },
    expect: { all: 400 },
  },
  {
    method: 'POST',
    url: '/api/sign-in/password-reset',
    payload: () => ({ email: uniqueAddress() }),
    expect: { all: 200 },
  },
  {
    method: 'POST',
    url: '/api/onboarding',
    payload: instructorForm('Người Thử'),
    expect: {
      anonymous: 401,
      guest: 401,
      new: 200,
      pending: 409,
      blocked: 409,
      student: 409,
      instructor: 409,
      admin: 409,
    },
  },
  {
    method: 'PATCH',
    url: '/api/admin/public-config',
    payload: { guestModeEnabled: true },
    expect: adminOnly(200),
  },
  {
    method: 'PUT',
    url: '/api/admin/academy',
    payload: { name: 'Học viện Móng Đẹp', shortName: 'Móng Đẹp', themeColor: '#0f5132' },
    expect: adminOnly(200),
  },
  // An admin passes the check and meets the missing file.
  {
    method: 'PUT',
    url: '/api/admin/academy/logo',
    payload: { not: 'multipart' },
    expect: adminOnly(400),
  },
  { method: 'DELETE', url: '/api/admin/academy/logo', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/student-imports', expect: adminOnly(200) },
  // An admin passes the check and meets the missing file, or the import nobody uploaded.
  {
    method: 'POST',
    url: '/api/admin/student-imports',
    payload: { not: 'multipart' },
    expect: adminOnly(400),
  },
  {
    method: 'POST',
    url: '/api/admin/student-imports/:importId/preview',
    payload: { mapping: ['name'] },
    expect: adminOnly(404),
  },
  {
    method: 'POST',
    url: '/api/admin/student-imports/:importId/commit',
    payload: { mapping: ['name'] },
    expect: adminOnly(404),
  },
  {
    method: 'POST',
    url: '/api/admin/student-imports/:importId/undo',
    expect: adminOnly(404),
  },
  { method: 'GET', url: '/api/admin/student-imports/template.xlsx', expect: adminOnly(200) },
  {
    method: 'GET',
    url: '/api/admin/student-imports/course-template.xlsx',
    expect: adminOnly(200),
  },
  { method: 'GET', url: '/api/admin/students.xlsx', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/activity-log', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/error-log', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/backup-status', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/feedback', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/dashboard', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/demo-data', expect: adminOnly(200) },
  // Generating is tested on its own; here the admin deletes (none) first, then generates.
  { method: 'DELETE', url: '/api/admin/demo-data', expect: adminOnly(200) },
  { method: 'POST', url: '/api/admin/demo-data', expect: adminOnly(201) },
  { method: 'POST', url: '/api/admin/maintenance/cleanup', expect: adminOnly(200) },
  { method: 'GET', url: '/api/admin/backup', expect: adminOnly(200) },
  {
    method: 'PUT',
    url: '/api/admin/feedback/:feedbackId/status',
    payload: { status: 'viewed' },
    expect: adminOnly(404),
  },
  // User management: an unknown person is 404 once past the admin check.
  { method: 'GET', url: '/api/admin/people', query: '?view=all', expect: adminOnly(200) },
  {
    method: 'POST',
    url: '/api/admin/people/instructors',
    payload: () => ({ name: 'Giảng viên thử quyền', email: `moi-${randomUUID()}@example.vn` }),
    expect: adminOnly(201),
  },
  { method: 'POST', url: '/api/admin/people/:personId/approve', expect: adminOnly(404) },
  { method: 'POST', url: '/api/admin/people/:personId/reject', expect: adminOnly(404) },
  {
    method: 'POST',
    url: '/api/admin/people/:personId/block',
    payload: { reason: 'Thử' },
    expect: adminOnly(404),
  },
  { method: 'POST', url: '/api/admin/people/:personId/unblock', expect: adminOnly(404) },
  {
    method: 'PUT',
    url: '/api/admin/people/:personId/role',
    payload: { role: 'admin' },
    expect: adminOnly(404),
  },
  { method: 'DELETE', url: '/api/admin/people/:personId', expect: adminOnly(404) },
  {
    method: 'POST',
    url: '/api/admin/people/:personId/merge',
    payload: { targetId: '00000000-0000-4000-8000-0000000051d0' },
    expect: adminOnly(404),
  },
  {
    method: 'POST',
    url: '/api/uploads',
    payload: { not: 'multipart' },
    // Members pass the permission check and then meet the missing file.
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 400,
      instructor: 400,
      admin: 400,
    },
  },
  {
    method: 'PUT',
    url: '/api/me/avatar',
    payload: { mediaId: null },
    expect: membersOnly,
  },
  { method: 'GET', url: '/api/avatars/:file', expect: { all: 200 } },
  {
    method: 'GET',
    url: '/api/upload-target',
    expect: membersOnly,
  },
  {
    method: 'PUT',
    url: '/api/admin/upload-settings',
    payload: { service: 'builtin' },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 403,
      admin: 200,
    },
  },
  {
    method: 'GET',
    url: '/api/courses',
    expect: {
      anonymous: 401,
      guest: 200,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 200,
      instructor: 200,
      admin: 200,
    },
  },
  {
    method: 'GET',
    url: '/api/courses/instructor-choices',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 200,
      admin: 200,
    },
  },
  {
    method: 'GET',
    url: '/api/search',
    query: '?q=hoa',
    expect: {
      anonymous: 401,
      guest: 200,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 200,
      instructor: 200,
      admin: 200,
    },
  },
  {
    method: 'GET',
    url: '/api/courses/:courseId',
    // An id no course has: readers learn only that it is not there.
    expect: {
      anonymous: 401,
      guest: 404,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'POST',
    url: '/api/courses',
    payload: { name: 'Khóa thử quyền' },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 201,
      admin: 201,
    },
  },
  {
    method: 'PUT',
    url: '/api/courses/:courseId',
    payload: { name: 'Khóa thử quyền' },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'DELETE',
    url: '/api/courses/:courseId',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'POST',
    url: '/api/courses/:courseId/approve',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 403,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/courses/:courseId/progress',
    expect: {
      anonymous: 401,
      guest: 404,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/courses/:courseId/posts',
    expect: {
      anonymous: 401,
      guest: 404,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  // Enrolled students and their figures are staff-only: a student is refused before any lookup.
  {
    method: 'GET',
    url: '/api/courses/:courseId/students',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/courses/:courseId/statistics',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  // Students: staff manage them; guests may list them without contact data; a student reads only themself.
  {
    method: 'GET',
    url: '/api/students',
    expect: {
      anonymous: 401,
      guest: 200,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 200,
      admin: 200,
    },
  },
  {
    method: 'POST',
    url: '/api/students',
    payload: { name: 'Học viên thử quyền' },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 201,
      admin: 201,
    },
  },
  {
    method: 'GET',
    url: '/api/students/:studentId',
    expect: {
      anonymous: 401,
      guest: 404,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/students/:studentId/evaluations',
    expect: {
      anonymous: 401,
      guest: 404,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/students/:studentId/portfolio.zip',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 403,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/students/:studentId/portfolio',
    expect: {
      anonymous: 401,
      guest: 404,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/students/:studentId/progress.csv',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'PUT',
    url: '/api/students/:studentId',
    payload: { name: 'Học viên thử quyền' },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'DELETE',
    url: '/api/students/:studentId',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/students/roster',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 200,
      admin: 200,
    },
  },
  {
    method: 'PUT',
    url: '/api/students/:studentId/courses/:courseId/finished',
    payload: { finished: true },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'POST',
    url: '/api/students/:studentId/block',
    payload: { reason: 'Thử quyền' },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'POST',
    url: '/api/students/:studentId/unblock',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'PUT',
    url: '/api/students/:studentId/progress/:lessonId',
    payload: { completed: true },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  // Instructors are closed to students (spec 6); guests see them without contact data.
  {
    method: 'GET',
    url: '/api/instructors',
    expect: {
      anonymous: 401,
      guest: 200,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 200,
      admin: 200,
    },
  },
  {
    method: 'GET',
    url: '/api/instructors/:instructorId',
    expect: {
      anonymous: 401,
      guest: 404,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/instructors/:instructorId/posts',
    expect: {
      anonymous: 401,
      guest: 404,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  // One's own profile: every member.
  {
    method: 'GET',
    url: '/api/me/profile',
    expect: membersOnly,
  },
  {
    method: 'PUT',
    url: '/api/me/profile',
    payload: { name: 'Tên Mới' },
    expect: membersOnly,
  },
  {
    method: 'PUT',
    url: '/api/me/privacy',
    payload: { hideMyPosts: false, hideMentionedPosts: false },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 200,
      admin: 200,
    },
  },
  {
    method: 'GET',
    url: '/api/me/bookmarks',
    expect: membersOnly,
  },
  {
    method: 'GET',
    url: '/api/me/feedback',
    expect: membersOnly,
  },
  {
    method: 'POST',
    url: '/api/feedback',
    payload: { text: 'Góp ý thử quyền' },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 201,
      instructor: 201,
      admin: 201,
    },
  },
  // Posts: everyone who may read sees the feed; staff post; members react. Unknown ids: 404.
  {
    method: 'GET',
    url: '/api/posts',
    expect: {
      anonymous: 401,
      guest: 200,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 200,
      instructor: 200,
      admin: 200,
    },
  },
  {
    method: 'GET',
    url: '/api/mention-candidates',
    query: '?q=a',
    expect: membersOnly,
  },
  {
    method: 'POST',
    url: '/api/posts',
    payload: { kind: 'general', text: 'Bài thử quyền' },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 201,
      admin: 201,
    },
  },
  {
    method: 'GET',
    url: '/api/posts/:postId',
    expect: {
      anonymous: 401,
      guest: 404,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'PUT',
    url: '/api/posts/:postId',
    payload: { kind: 'general', text: 'Sửa thử' },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'DELETE',
    url: '/api/posts/:postId',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'PUT',
    url: '/api/posts/:postId/like',
    payload: { liked: true },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'PUT',
    url: '/api/posts/:postId/featured',
    payload: { photoUrl: '/media/x.webp', featured: true },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/students/:studentId/certificates',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 403,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/certificates/:code/pdf',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  { method: 'POST', url: '/api/certificates/:code/revoke', expect: adminOnly(404) },
  // The showcase is public when open; closed here (as on a new academy) it is 404 for everyone.
  { method: 'GET', url: '/api/showcase', expect: { all: 404 } },
  { method: 'GET', url: '/api/admin/showcase', expect: adminOnly(200) },
  {
    method: 'PUT',
    url: '/api/me/showcase-consent',
    payload: { consent: false },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 200,
      instructor: 403,
      admin: 403,
    },
  },
  {
    method: 'PUT',
    url: '/api/posts/:postId/bookmark',
    payload: { bookmarked: true },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/posts/:postId/comment-threads',
    expect: {
      anonymous: 401,
      guest: 404,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'GET',
    url: '/api/posts/:postId/comments',
    expect: {
      anonymous: 401,
      guest: 404,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'POST',
    url: '/api/posts/:postId/comments',
    payload: { text: 'Bình luận thử' },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'PUT',
    url: '/api/comments/:commentId',
    payload: { text: 'Sửa thử' },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'DELETE',
    url: '/api/comments/:commentId',
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  {
    method: 'PUT',
    url: '/api/comments/:commentId/like',
    payload: { liked: true },
    expect: {
      anonymous: 401,
      guest: 401,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 404,
      instructor: 404,
      admin: 404,
    },
  },
  // Notifications: one's own, members only.
  {
    method: 'GET',
    url: '/api/notifications',
    expect: membersOnly,
  },
  {
    method: 'GET',
    url: '/api/notifications/unread',
    expect: membersOnly,
  },
  {
    method: 'POST',
    url: '/api/notifications/read',
    expect: membersOnly,
  },
  {
    method: 'GET',
    url: '/api/push/public-key',
    expect: membersOnly,
  },
  {
    method: 'PUT',
    url: '/api/push/subscription',
    payload: () => ({
      endpoint: `https://fcm.googleapis.com/fcm/send/${Math.random().toString(36).slice(2)}`,
      keys: {
        p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
        auth: Buffer.alloc(16, 9).toString('base64url'),
      },
    }),
    expect: membersOnly,
  },
  {
    method: 'DELETE',
    url: '/api/push/subscription',
    payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/none' },
    expect: membersOnly,
  },
  {
    method: 'GET',
    url: '/api/events',
    stream: true,
    expect: {
      anonymous: 401,
      guest: 200,
      new: 403,
      pending: 403,
      blocked: 403,
      student: 200,
      instructor: 200,
      admin: 200,
    },
  },
];

function uniqueAddress() {
  return `table-${Math.random().toString(36).slice(2)}@example.vn`;
}

const exempt = (url: string) => url.startsWith('/api/auth/') || url.startsWith('/api/docs');

// Everyone is let in first; then one instructor waits for approval and one is blocked.
const { t, mail, cookie } = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Quản Trị') },
  instructor: { email: 'gv@example.vn', form: instructorForm('Giảng Viên') },
  pending: { email: 'cho@example.vn', form: instructorForm('Chờ Duyệt') },
  blocked: { email: 'chan@example.vn', form: instructorForm('Bị Chặn') },
  student: { email: 'hv@example.vn', form: studentForm('Học Viên') },
});

beforeAll(async () => {
  const { db } = t.database;
  await db
    .updateTable('people')
    .set({ status: 'pending' })
    .where('name', '=', 'Chờ Duyệt')
    .execute();
  await db.updateTable('people').set({ status: 'blocked' }).where('name', '=', 'Bị Chặn').execute();
  // Changed behind the server's back: it reads every session again.
  t.app.sessions.forgetRows();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});

async function cookieFor(viewer: ViewerKind): Promise<string | undefined> {
  if (viewer === 'anonymous' || viewer === 'guest') return undefined;
  // A new sign-in for each request: onboarding spends it.
  if (viewer === 'new')
    return signInByLink(t.app, mail, `new-${Math.random().toString(36).slice(2)}@example.vn`);
  return cookie[viewer];
}

describe('authorisation table', () => {
  it('has rows for every API route', () => {
    const routes = t.app.routeCatalogue
      .filter(
        (route) => route.url.startsWith('/api/') && !exempt(route.url) && route.method !== 'HEAD',
      )
      .map((route) => `${route.method} ${route.url}`);
    const covered = new Set(table.map((row) => `${row.method} ${row.url}`));
    expect(routes.filter((route) => !covered.has(route))).toEqual([]);
  });

  for (const row of table) {
    for (const viewer of viewers) {
      const expected = row.expect[viewer] ?? row.expect.all;
      it(`${row.method} ${row.url} as ${viewer} → ${expected}`, async () => {
        expect(expected, 'a row must say what every viewer gets').toBeTypeOf('number');
        await t.database.db
          .updateTable('public_config')
          .set({ guest_mode_enabled: viewer === 'guest' ? 1 : 0 })
          .execute();
        const cookie = await cookieFor(viewer);
        if (row.stream) {
          // Its own connection, closed once the status is known, so none outlives the test.
          const { port } = t.app.server.address() as AddressInfo;
          const status = await new Promise<number | undefined>((resolve, reject) => {
            const request = http.get(
              `http://127.0.0.1:${port}${row.url}`,
              { agent: false, headers: cookie ? { cookie } : {} },
              (response) => {
                resolve(response.statusCode);
                request.destroy();
              },
            );
            request.on('error', reject);
          });
          expect(status).toBe(expected);
          return;
        }
        const response = await t.app.inject({
          method: row.method as 'GET',
          url: row.url
            .replace(':file', 'Lan.svg')
            .replace(':courseId', '00000000-0000-4000-8000-00000000c0de')
            .replace(':studentId', '00000000-0000-4000-8000-0000000051d0')
            .replace(':lessonId', '00000000-0000-4000-8000-000000001e55')
            .replace(':instructorId', '00000000-0000-4000-8000-0000000001a5')
            .replace(':postId', '00000000-0000-4000-8000-00000000b057')
            .replace(':commentId', '00000000-0000-4000-8000-00000000c033')
            .replace(':personId', '00000000-0000-4000-8000-0000000090e0')
            .replace(':feedbackId', '00000000-0000-4000-8000-00000000feed')
            .replace(':code', 'ZZZZZZZZZZZZ')
            .replace(':importId', '00000000-0000-4000-8000-0000000001af')
            .concat(row.query ?? ''),
          headers: cookie ? { cookie } : {},
          ...(row.payload === undefined
            ? {}
            : {
                payload: (typeof row.payload === 'function'
                  ? row.payload()
                  : row.payload) as object,
              }),
          // Each request from its own client address, so e-mail limits never decide a status here.
          remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        });
        expect(response.statusCode, response.body).toBe(expected);
      });
    }
  }
});
