import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CataloguedRoute } from './fastify.d.ts';
import { startAcademy } from './test/academy.ts';
import { insertTestPost } from './test/factories/courses.ts';
import { inputJsonSchema, type JsonSchema, VIETNAMESE_LETTER } from './test/route-schemas.ts';
import { instructorForm, signUp, studentForm } from './test/sessions.ts';

/*
 * API fuzzing: requests generated from every route's own schemas — plausible values mixed with
 * wrong types, missing and extra fields, huge strings, odd Unicode, broken JSON and odd
 * content types — sent as an admin (deepest into the handlers), a student and an anonymous
 * visitor. The property: never a 5xx, and a 4xx from our routes always carries a message in
 * Vietnamese. fast-check shrinks a failure to its smallest request and prints its seed.
 */

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 100);

/** Every property a schema names at its top level, through unions. */
function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> {
  if (!schema) return {};
  const merged: Record<string, JsonSchema> = { ...schema.properties };
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    Object.assign(merged, propertiesOf(part));
  }
  return merged;
}

/** Ordinary text with one character that storage engines or renderers treat specially. */
const textWithOddCharacters = fc
  .tuple(
    fc.string({ maxLength: 10 }),
    fc.constantFrom('\u0000', '\uD800', '\uDFFF', '\u202E', '\uFEFF', '\r\n', '\\', "'", '%', '_'),
    fc.string({ maxLength: 10 }),
  )
  .map((parts) => parts.join(''));

const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  textWithOddCharacters,
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    '\u202Eđảo ngược',
    'ĐẶNG Thị Ánh',
    '𝕳𝖔𝖈 𝖛𝖎𝖊̂𝖓',
    '../../../etc/passwd',
    "'; DROP TABLE people; --",
    '<script>alert(1)</script>',
    '@[Ai đó](00000000-0000-4000-8000-000000000000)',
    '%00',
    'NaN',
    '-1',
    '1e309',
    '__proto__',
    'constructor',
    'x'.repeat(5_000),
    'ế'.repeat(40_000),
  ),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  oddText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.constant({ __proto__: { role: 'admin' } }),
);

/** A value a schema would nearly accept: enums, real ids, patterns, bounds ± 1, odd text. */
function plausible(schema: JsonSchema, ids: string[], depth = 0): fc.Arbitrary<unknown> {
  if (depth > 3) return hostileValue;
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((part) => plausible(part, ids, depth + 1)));
  if (Array.isArray(schema.type)) {
    return fc.oneof(...schema.type.map((type) => plausible({ ...schema, type }, ids, depth)));
  }
  switch (schema.type) {
    case 'string':
      return plausibleText(schema, ids);
    case 'integer':
    case 'number':
      return fc.integer({ min: (schema.minimum ?? -3) - 2, max: (schema.maximum ?? 100) + 2 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? plausible(schema.items, ids, depth + 1) : hostileValue, {
        maxLength: 4,
      });
    case 'object':
      return objectOf(schema, ids, depth + 1);
    default:
      return hostileValue;
  }
}

function plausibleText(schema: JsonSchema, ids: string[]): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
  if (schema.format === 'date') return fc.constantFrom('2000-02-29', '2001-02-29', '9999-12-31');
  if (schema.format === 'email') return fc.oneof(fc.emailAddress(), fc.constant('không-phải-thư'));
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc.oneof(
      { weight: 3, arbitrary: fc.stringMatching(pattern) },
      { weight: 1, arbitrary: textWithOddCharacters },
    );
  }
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? 60;
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) }),
    },
    { weight: 2, arbitrary: textWithOddCharacters },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: max, maxLength: max + 2 }) },
  );
}

/** Names a hostile client adds to a body, hoping the server copies them onto a row. */
const EXTRA_KEYS = ['role', 'status', 'authorId', 'ownerId', 'personId', 'id', 'createdAt', 'x'];

/**
 * An object the schema would accept as far as random values can (required keys present,
 * optional ones sometimes), then one mutation or none: a key's value swapped for a hostile
 * one, a required key dropped, or an extra key added.
 */
function objectOf(schema: JsonSchema | undefined, ids: string[], depth = 0) {
  const properties = propertiesOf(schema);
  const keys = Object.keys(properties);
  const required = new Set(schema?.required ?? []);
  const valid = fc.record(
    Object.fromEntries(keys.map((key) => [key, plausible(properties[key]!, ids, depth)])),
    { requiredKeys: keys.filter((key) => required.has(key)) },
  );
  const mutation = fc.oneof(
    { weight: 2, arbitrary: fc.constant((value: Record<string, unknown>) => value) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...(keys.length ? keys : ['x'])), hostileValue)
        .map(([key, bad]) => (value: Record<string, unknown>) => ({ ...value, [key]: bad })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...EXTRA_KEYS), hostileValue)
        .map(([key, bad]) => (value: Record<string, unknown>) => ({ ...value, [key]: bad })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...(keys.length ? keys : ['x'])).map(
        (key) =>
          ({ [key]: _dropped, ...rest }: Record<string, unknown>) =>
            rest,
      ),
    },
  );
  return fc.tuple(valid, mutation).map(([value, mutate]) => mutate(value));
}

/** Every byte of the text's UTF-8 percent-encoded (a lone surrogate becomes U+FFFD, as in a browser). */
const percentEncoded = (text: string) =>
  [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

interface FuzzRequest {
  viewer: Viewer | 'anonymous';
  url: string;
  payload?: string;
  contentType?: string;
}

function requestsFor(route: CataloguedRoute, ids: string[]): fc.Arbitrary<FuzzRequest> {
  const params = propertiesOf(inputJsonSchema(route.schema?.params));
  const querySchema = inputJsonSchema(route.schema?.querystring);
  const bodySchema = inputJsonSchema(route.schema?.body);
  const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');

  const paramValue = (name: string) =>
    name === '*'
      ? fc.constantFrom('sign-in/email', 'sign-out', 'get-session', 'reset-password', 'nope')
      : fc.oneof(
          { weight: 3, arbitrary: plausible(params[name] ?? {}, ids).map(String) },
          { weight: 1, arbitrary: oddText.map(percentEncoded) },
          { weight: 1, arbitrary: fc.constantFrom('%ZZ', '%E0%A4%A', '..%2F..%2Fpackage.json') },
        );
  const path = fc.tuple(...names.map(paramValue)).map((values) => {
    let index = 0;
    return route.url.replace(/:(\w+)|\*/g, () => String(values[index++]));
  });
  const queryString = fc.oneof(
    objectOf(querySchema, ids).map((values) => {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(values)) {
        search.append(key, typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
      }
      const text = search.toString();
      return text ? `?${text}` : '';
    }),
    fc.constantFrom('', '?cursor=%ZZ', '?q[]=1&q=2', `?q=${'a'.repeat(10_000)}`),
  );
  const body: fc.Arbitrary<Pick<FuzzRequest, 'payload' | 'contentType'>> =
    route.method === 'GET' || route.method === 'HEAD'
      ? fc.constant({})
      : fc.oneof(
          {
            weight: 4,
            arbitrary: (bodySchema ? plausible(bodySchema, ids) : objectOf(undefined, ids)).map(
              (value) => ({
                payload: JSON.stringify(value) ?? 'null',
                contentType: 'application/json',
              }),
            ),
          },
          {
            weight: 1,
            arbitrary: fc.jsonValue().map((value) => ({
              payload: JSON.stringify(value),
              contentType: 'application/json',
            })),
          },
          {
            weight: 1,
            arbitrary: fc
              .tuple(
                fc.constantFrom(
                  '{"text": ',
                  '{"a":1,"a":2}',
                  '',
                  '\uFEFF{}',
                  `{"text":"${'é'.repeat(300_000)}"}`,
                  '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]',
                  '{"__proto__":{"isAdmin":true}}',
                  'liked=true',
                  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
                ),
                fc.constantFrom(
                  'application/json',
                  'text/plain',
                  'application/x-www-form-urlencoded',
                  'multipart/form-data; boundary=x',
                  'application/xml',
                ),
              )
              .map(([payload, contentType]) => ({ payload, contentType })),
          },
        );
  return fc
    .record({
      viewer: fc.constantFrom('admin', 'admin', 'student', 'anonymous'),
      path,
      queryString,
      body,
    })
    .map(({ viewer, path, queryString, body }) => ({
      viewer,
      url: path + queryString,
      ...body,
    })) as fc.Arbitrary<FuzzRequest>;
}

const people = {
  admin: {
    email: 'admin@example.vn',
    form: instructorForm('Quản Trị', { proposedCourse: { name: 'Vẽ móng', description: '' } }),
    role: 'admin',
  },
  student: { email: 'hv@example.vn', form: studentForm('Học Viên'), role: 'student' },
} as const;
type Viewer = keyof typeof people;
// Started at collection time, so each route is a test of its own name.
const academy = await startAcademy(people);
const { t, mail } = academy;
const cookies: Record<Viewer, string> = academy.cookie;
const emails = { admin: people.admin.email, student: people.student.email } as Record<
  Viewer,
  string
>;
const ids: string[] = [];

beforeAll(async () => {
  const { db } = t.database;
  const course = await db.selectFrom('courses').select('id').executeTakeFirstOrThrow();
  const created = await t.app.inject({
    method: 'PUT',
    url: `/api/courses/${course.id}`,
    headers: { cookie: cookies.admin },
    payload: { name: 'Vẽ móng', lessons: [{ title: 'Bài 1' }, { title: 'Bài 2' }] },
  });
  expect(created.statusCode, created.body).toBe(200);
  const lessons = await db.selectFrom('lessons').select('id').execute();
  const postId = await insertTestPost(db, {
    authorId: academy.ids.admin,
    studentId: academy.ids.student,
    courseId: course.id,
    text: 'Bài đầu tiên',
    rating: 8,
    createdAt: Date.now(),
  });
  const comment = await t.app.inject({
    method: 'POST',
    url: `/api/posts/${postId}/comments`,
    headers: { cookie: cookies.admin },
    payload: { text: 'Bình luận' },
  });
  expect(comment.statusCode, comment.body).toBe(201);
  ids.push(
    academy.ids.admin,
    academy.ids.student,
    course.id,
    postId,
    comment.json<{ id: string }>().id,
    ...lessons.map((lesson) => lesson.id),
  );
});

/**
 * The fuzzer, as an admin, may sign itself out, block, delete or demote the student, or turn
 * student access off: each route's run starts with both viewers signed in and active, so every
 * route is fuzzed past the sign-in check. A viewer who lost their session is replaced by a new
 * person (an address's sign-in links are limited per hour).
 */
let replacements = 0;
beforeEach(async () => {
  const { db } = t.database;
  await db
    .updateTable('public_config')
    .set({ student_access_enabled: 1, guest_mode_enabled: 0 })
    .execute();
  for (const viewer of Object.keys(people) as Viewer[]) {
    const { form, role } = people[viewer];
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: cookies[viewer] } });
    const { state, person } = me.json<{ state: string; person?: { role: string } }>();
    if (state === 'member' && person?.role === role) continue;
    if (state === 'member' || state === 'refused') {
      // Still signed in, but blocked, pending or demoted.
      await db
        .updateTable('people')
        .set({ status: 'active', role })
        .where('email', '=', emails[viewer])
        .execute();
      continue;
    }
    replacements += 1;
    emails[viewer] = `${viewer}-${replacements}@example.vn`;
    cookies[viewer] = await signUp(t.app, mail, emails[viewer], form);
    await db
      .updateTable('people')
      .set({ status: 'active', role })
      .where('email', '=', emails[viewer])
      .execute();
  }
});

afterAll(async () => {
  await academy.close();
});

/** The routes a fuzzed request can reach: all of /api but the never-ending event stream. */
const fuzzedRoutes = t.app.routeCatalogue.filter(
  (route) =>
    route.url.startsWith('/api/') &&
    route.method !== 'HEAD' &&
    route.url !== '/api/events' &&
    !route.url.startsWith('/api/docs'),
);

/** Per route, how many fuzzed requests got each status. */
const answered = new Map<string, Map<number, number>>();

describe('API fuzzing from the route schemas', () => {
  it('knows the routes to fuzz', () => {
    expect(fuzzedRoutes.length).toBeGreaterThan(50);
  });

  for (const route of fuzzedRoutes) {
    it(`${route.method} ${route.url}: no 5xx, a Vietnamese message on 4xx`, async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestsFor(route, ids), async (request) => {
          const response = await t.app.inject({
            method: route.method as 'POST',
            url: request.url,
            headers: {
              ...(request.viewer === 'anonymous' ? {} : { cookie: cookies[request.viewer] }),
              ...(request.contentType ? { 'content-type': request.contentType } : {}),
            },
            ...(request.payload === undefined ? {} : { payload: request.payload }),
            remoteAddress: `10.7.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(500);
          const ours = !route.url.startsWith('/api/auth/');
          const json = String(response.headers['content-type']).startsWith('application/json');
          if (ours && response.statusCode >= 400 && json) {
            const message = response.json<{ error?: { message?: string } }>().error?.message;
            expect(message, response.body.slice(0, 300)).toMatch(VIETNAMESE_LETTER);
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      answered.set(`${route.method} ${route.url}`, statuses);
      if (process.env.FUZZ_STATS) {
        console.log(`${route.method} ${route.url}`, Object.fromEntries(statuses));
      }
      // An admin's backup download packs the whole academy (on PostgreSQL a pg_dump) each time.
    }, 60_000);
  }

  it('gets past the checks into the handlers, not only refusals', () => {
    // A fuzzer whose every request is refused at validation proves little: on most routes
    // some generated requests must succeed (about half of them do; the floor leaves room for
    // chance).
    const reached = [...answered.values()].filter((statuses) =>
      [...statuses.keys()].some((status) => status >= 200 && status < 300),
    );
    expect(answered.size).toBe(fuzzedRoutes.length);
    expect(reached.length).toBeGreaterThanOrEqual(Math.floor(fuzzedRoutes.length * 0.35));
  });
});
