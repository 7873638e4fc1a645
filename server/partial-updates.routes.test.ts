import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { setUpAcademy } from './test/academy.ts';
import { storeTestPhoto } from './test/factories/media.ts';
import { instructorForm } from './test/sessions.ts';

/*
 * Spec 5: when a record is updated, undefined fields are dropped. Every PUT and PATCH that
 * changes a stored record changes only the fields it names: a script, an old page or a form
 * that sends part of a record never clears the rest.
 */

const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
});
const { t, call, ids } = academy;

type ZodAny = z.ZodType & {
  def: { type: string; innerType?: ZodAny };
  shape?: Record<string, ZodAny>;
};

describe('every update route, by its body', () => {
  it('names no field it would fill in when left out: each is required or left as stored', () => {
    const updates = t.app.routeCatalogue.filter(
      (route) => ['PUT', 'PATCH'].includes(route.method) && route.schema?.body,
    );
    expect(updates.length).toBeGreaterThan(15);
    const filling: string[] = [];
    for (const route of updates) {
      const shape = (route.schema?.body as ZodAny | undefined)?.shape ?? {};
      for (const [field, schema] of Object.entries(shape)) {
        // A default applies only to a field left out: on an update that is a field cleared.
        let inner: ZodAny | undefined = schema;
        while (inner) {
          if (inner.def.type === 'default' || inner.def.type === 'prefault') {
            filling.push(`${route.method} ${route.url} ${field}`);
          }
          inner = inner.def.innerType;
        }
      }
    }
    expect(filling).toEqual([]);
  });
});

describe('a post edit that names one field', () => {
  let studentId = '';
  let courseId = '';
  let photo = '';
  let postId = '';

  beforeAll(async () => {
    const course = await call('admin', 'POST', '/api/courses', {
      name: 'Vẽ móng nghệ thuật',
      lessons: [{ title: 'Nền móng' }],
    });
    courseId = course.json().id;
    const student = await call('admin', 'POST', '/api/students', {
      name: 'Ngô Thị Lan',
      courseIds: [courseId],
    });
    studentId = student.json().id;
    photo = await storeTestPhoto(t, ids.teacher, '#d04070');
    const made = await call('teacher', 'POST', '/api/posts', {
      kind: 'evaluation',
      studentId,
      courseId,
      text: 'Nét vẽ đều',
      rating: 8,
      photos: [{ url: photo, width: 1600, height: 1200 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    postId = made.json().id;
  });

  const read = async () => (await call('teacher', 'GET', `/api/posts/${postId}`)).json();

  it('keeps the rating, the photo, the student and the course when only the text is sent', async () => {
    const edited = await call('teacher', 'PUT', `/api/posts/${postId}`, { text: 'Nét vẽ rất đều' });
    expect(edited.statusCode, edited.body).toBe(200);
    const post = await read();
    expect(post).toMatchObject({ text: 'Nét vẽ rất đều', rating: 8, kind: 'evaluation' });
    expect(post.student.id).toBe(studentId);
    expect(post.course.id).toBe(courseId);
    expect(post.media.map((p: { url: string }) => p.url)).toEqual([photo]);
  });

  it('keeps the text and the photo when only the rating is sent', async () => {
    const edited = await call('teacher', 'PUT', `/api/posts/${postId}`, { rating: 9 });
    expect(edited.statusCode, edited.body).toBe(200);
    const post = await read();
    expect(post).toMatchObject({ text: 'Nét vẽ rất đều', rating: 9 });
    expect(post.media).toHaveLength(1);
  });

  it('clears a field only when it is sent empty', async () => {
    const edited = await call('teacher', 'PUT', `/api/posts/${postId}`, { rating: null });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await read()).toMatchObject({ text: 'Nét vẽ rất đều', rating: null });
  });

  it('checks the post as it would be: an evaluation cannot become general and keep its student', async () => {
    const edited = await call('teacher', 'PUT', `/api/posts/${postId}`, { kind: 'general' });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().error.code).toBe('validation_failed');
    expect((await read()).kind).toBe('evaluation');
  });

  it('refuses an edit that names nothing, with the Vietnamese message', async () => {
    const edited = await call('teacher', 'PUT', `/api/posts/${postId}`, {});
    expect(edited.statusCode).toBe(400);
    expect(JSON.stringify(edited.json())).toContain('Không có gì để thay đổi.');
  });
});

describe('the other records', () => {
  it('a profile: only the bio changes', async () => {
    const before = await call('teacher', 'PUT', '/api/me/profile', {
      phone: '0912345678',
      address: 'Hà Nội',
    });
    expect(before.statusCode, before.body).toBe(200);
    const after = await call('teacher', 'PUT', '/api/me/profile', { bio: 'Dạy vẽ móng 5 năm' });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json()).toMatchObject({
      name: 'Lê Minh Anh',
      phone: '0912345678',
      address: 'Hà Nội',
      bio: 'Dạy vẽ móng 5 năm',
    });
  });

  it('a course: only the description changes; lessons and name stay', async () => {
    const made = await call('admin', 'POST', '/api/courses', {
      name: 'Sơn gel',
      description: 'Cũ',
      lessons: [{ title: 'Buổi 1' }, { title: 'Buổi 2' }],
    });
    const courseId = made.json().id;
    const edited = await call('admin', 'PUT', `/api/courses/${courseId}`, { description: 'Mới' });
    expect(edited.statusCode, edited.body).toBe(200);
    const course = (await call('admin', 'GET', `/api/courses/${courseId}`)).json();
    expect(course).toMatchObject({ name: 'Sơn gel', description: 'Mới' });
    expect(course.lessons.map((l: { title: string }) => l.title)).toEqual(['Buổi 1', 'Buổi 2']);
  });

  it('a student: only the phone changes; name, e-mail and courses stay', async () => {
    const course = await call('admin', 'POST', '/api/courses', { name: 'Đắp bột' });
    const made = await call('admin', 'POST', '/api/students', {
      name: 'Phan Thị Hoa',
      email: 'hoa@example.vn',
      courseIds: [course.json().id],
    });
    expect(made.statusCode, made.body).toBe(201);
    const studentId = made.json().id;
    const edited = await call('admin', 'PUT', `/api/students/${studentId}`, {
      phone: '0987654321',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const student = (await call('admin', 'GET', `/api/students/${studentId}`)).json();
    expect(student).toMatchObject({
      name: 'Phan Thị Hoa',
      email: 'hoa@example.vn',
      phone: '0987654321',
    });
    expect(JSON.stringify(student)).toContain(course.json().id);
  });

  it('the academy switches: one switch changes, the others stay', async () => {
    const before = (await call('admin', 'GET', '/api/public-config')).json();
    const changed = await call('admin', 'PATCH', '/api/admin/public-config', {
      showcaseEnabled: !before.showcaseEnabled,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await call('admin', 'GET', '/api/public-config')).json();
    expect(after).toMatchObject({
      studentAccessEnabled: before.studentAccessEnabled,
      guestModeEnabled: before.guestModeEnabled,
      showcaseEnabled: !before.showcaseEnabled,
    });
  });
});
