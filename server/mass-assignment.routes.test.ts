import { describe, expect, it } from 'vitest';
import { setUpAcademy } from './test/academy.ts';
import { inputJsonSchema, type JsonSchema } from './test/route-schemas.ts';
import { instructorForm, signInByLink, studentForm } from './test/sessions.ts';

/*
 * Mass assignment: a body may carry only the fields its form has. Role, status, author or owner
 * sent by a client are refused (400), never copied onto a row — checked for every route's body
 * schema, and by sending them to the routes that write people and posts.
 */

/** Paths inside a schema where an object would take keys it does not name. */
function openObjects(schema: JsonSchema, at = 'body'): string[] {
  const open: string[] = [];
  if (schema.type === 'object' || schema.properties) {
    if (schema.additionalProperties !== false) open.push(at);
    for (const [key, inner] of Object.entries(schema.properties ?? {})) {
      open.push(...openObjects(inner, `${at}.${key}`));
    }
  }
  if (schema.items) open.push(...openObjects(schema.items, `${at}[]`));
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    open.push(...openObjects(part, at));
  }
  return open;
}

/** Free-form by design: a browser's error context, stored whole as JSON text, never as columns. */
const FREE_FORM = new Set(['POST /api/client-errors: body.extra']);

const PUBLIC_URL = 'http://academy.test';
const { t, mail, cookie, ids } = setUpAcademy(
  {
    admin: { email: 'admin@example.vn', form: instructorForm('Quản Trị') },
    instructor: { email: 'gv@example.vn', form: instructorForm('Giảng Viên') },
    student: { email: 'hv@example.vn', form: studentForm('Học Viên') },
  },
  { env: { PUBLIC_URL } },
);

async function send(
  who: keyof typeof cookie,
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
) {
  return t.app.inject({ method, url, headers: { cookie: cookie[who] }, payload });
}

async function person(id: string) {
  return t.database.db
    .selectFrom('people')
    .select(['role', 'status', 'name'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('mass assignment', () => {
  it('every route’s body schema refuses keys it does not name, at every depth', () => {
    const open: string[] = [];
    let checked = 0;
    for (const route of t.app.routeCatalogue) {
      const json = inputJsonSchema(route.schema?.body);
      if (!json) continue;
      checked += 1;
      for (const at of openObjects(json)) {
        const where = `${route.method} ${route.url}: ${at}`;
        if (!FREE_FORM.has(where)) open.push(where);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(30);
    expect(open).toEqual([]);
  });

  it('a student cannot make themself admin or active through their profile', async () => {
    const before = await person(ids.student);
    for (const extra of [{ role: 'admin' }, { status: 'active' }, { id: ids.admin }]) {
      const response = await send('student', 'PUT', '/api/me/profile', {
        name: 'Học Viên Mới',
        phone: null,
        address: null,
        dob: null,
        bio: null,
        ...extra,
      });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().error.message).toBe('Dữ liệu không hợp lệ.');
    }
    expect(await person(ids.student)).toEqual(before);
  });

  it('a new sign-in cannot choose its status or a role outside the form', async () => {
    const newcomer = await signInByLink(t.app, mail, 'moi@example.vn');
    for (const form of [
      { ...studentForm('Người Mới'), status: 'active' },
      { ...instructorForm('Người Mới'), role: 'admin' },
      { ...instructorForm('Người Mới'), authUserId: 'someone-else' },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/onboarding',
        headers: { cookie: newcomer },
        payload: form,
      });
      expect(response.statusCode, JSON.stringify(form)).toBe(400);
    }
    const created = await t.database.db
      .selectFrom('people')
      .select('id')
      .where('email', '=', 'moi@example.vn')
      .execute();
    expect(created).toEqual([]);
  });

  it('a post cannot name its own author, counts or time', async () => {
    const before = await t.database.db.selectFrom('posts').select('id').execute();
    for (const extra of [
      { authorId: ids.admin },
      { likeCount: 999 },
      { createdAt: 0 },
      { author: { id: ids.admin } },
    ]) {
      const response = await send('instructor', 'POST', '/api/posts', {
        kind: 'general',
        text: 'Lịch học tuần này',
        ...extra,
      });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect(await t.database.db.selectFrom('posts').select('id').execute()).toEqual(before);
  });

  it('an admin’s role change sets only the role it names', async () => {
    const before = await person(ids.instructor);
    const response = await send('admin', 'PUT', `/api/admin/people/${ids.instructor}/role`, {
      role: 'admin',
      status: 'blocked',
      name: 'Đổi Tên',
    });
    expect(response.statusCode).toBe(400);
    expect(await person(ids.instructor)).toEqual(before);
  });
});
