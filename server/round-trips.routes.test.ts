import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpAcademy } from './test/academy.ts';
import { insertTestPost } from './test/factories/courses.ts';
import { instructorForm, studentForm } from './test/sessions.ts';
import { testDatabaseKind } from './test/test-database.ts';

/*
 * How many transactions PostgreSQL runs for one request, counting what the request sets off
 * after its answer (live events, push). A round trip costs more than most of these statements
 * do, so a change that adds one shows here before it shows in a benchmark. The ceilings are
 * the counts this code reaches: lower one when a change beats it, never raise one without a
 * reason in the commit.
 */
const onPostgres = testDatabaseKind() === 'postgres';

const statements: string[] = [];
// Before the academy starts: its clients bind `query` when they connect.
const query = pg.Client.prototype.query;
vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
  this: pg.Client,
  ...args: unknown[]
) {
  const [config] = args as [string | { text?: string } | undefined];
  statements.push(typeof config === 'string' ? config : (config?.text ?? ''));
  return (query as (...rest: unknown[]) => unknown).apply(this, args);
} as typeof query);

const { t, call, ids } = setUpAcademy({
  admin: {
    email: 'admin@example.vn',
    form: instructorForm('Quản Trị', { proposedCourse: { name: 'Vẽ móng', description: '' } }),
  },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
  student: { email: 'hv@example.vn', form: studentForm('Nguyễn Thị Đức Hoà') },
});

let postId = '';

beforeAll(async () => {
  if (!onPostgres) return;
  const { db } = t.database;
  const course = await db.selectFrom('courses').select('id').executeTakeFirstOrThrow();
  postId = await insertTestPost(db, {
    authorId: ids.admin,
    studentId: ids.student,
    courseId: course.id,
    text: 'Bài đầu tiên',
    rating: 8,
    createdAt: Date.now(),
  });
});

afterAll(() => {
  vi.restoreAllMocks();
});

/** Transactions among statements: each BEGIN … COMMIT is one, as is each statement outside. */
function transactions(sent: string[]): number {
  let count = 0;
  let open = false;
  for (const text of sent) {
    const word = text.trim().split(/\s+/)[0]?.toLowerCase();
    if (word === 'begin') {
      open = true;
      count += 1;
    } else if (word === 'commit' || word === 'rollback') {
      open = false;
    } else if (!open) {
      count += 1;
    }
  }
  return count;
}

/** The transactions of one request and of what it sets off, once nothing more is sent. */
async function transactionsOf(request: () => Promise<{ statusCode: number }>) {
  await quiet();
  statements.length = 0;
  const response = await request();
  expect(response.statusCode).toBe(200);
  await quiet();
  // Every request here reads something: none seen means the statements were not seen.
  expect(statements.length).toBeGreaterThan(0);
  return { count: transactions(statements), sent: [...statements] };
}

async function quiet() {
  let seen = -1;
  while (seen !== statements.length) {
    seen = statements.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!onPostgres)('PostgreSQL transactions per request', () => {
  it('the health check: one', async () => {
    const { count, sent } = await transactionsOf(() => call(null, 'GET', '/api/health'));
    expect(count, sent.join('\n')).toBeLessThanOrEqual(1);
  });

  it('the feed’s first page of a known session: the page alone', async () => {
    await call('teacher', 'GET', '/api/posts');
    const { count, sent } = await transactionsOf(() => call('teacher', 'GET', '/api/posts'));
    expect(count, sent.join('\n')).toBeLessThanOrEqual(1);
  });

  it('a like that notifies the author: the statement, one NOTIFY, the devices', async () => {
    const { count, sent } = await transactionsOf(() =>
      call('teacher', 'PUT', `/api/posts/${postId}/like`, { liked: true }),
    );
    expect(
      sent.filter((text) => text.includes('pg_notify')),
      sent.join('\n'),
    ).toHaveLength(1);
    expect(count, sent.join('\n')).toBeLessThanOrEqual(3);
  });

  it('an unlike', async () => {
    const { count, sent } = await transactionsOf(() =>
      call('teacher', 'PUT', `/api/posts/${postId}/like`, { liked: false }),
    );
    expect(count, sent.join('\n')).toBeLessThanOrEqual(2);
  });

  it('a search by a name with diacritics and đ: one statement', async () => {
    const { count, sent } = await transactionsOf(() =>
      call('teacher', 'GET', `/api/search?q=${encodeURIComponent('đức hoà')}`),
    );
    expect(count, sent.join('\n')).toBeLessThanOrEqual(1);
  });
});
