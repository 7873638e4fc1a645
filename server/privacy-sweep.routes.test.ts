import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpAcademy } from './test/academy.ts';
import { openTestEventStream, type TestEventStream } from './test/event-stream.ts';
import { enrolTestStudent } from './test/factories/courses.ts';
import { browserPushKeys, startStandInPushService } from './test/push-service.ts';
import { instructorForm, studentForm } from './test/sessions.ts';

/*
 * Privacy on every read path at once (spec 5). Two posts are made that most people must not see:
 * one by an author who hides their posts, one tagging an instructor who hides posts that mention
 * them. Every read path is read by everyone else before and after — feed with each filter,
 * course activity and statistics, post pages, comments, instructor and student pages,
 * bookmarks, notifications, search, the admin dashboard — and must answer exactly the same
 * (so no item, excerpt or count changed); their live streams and their phones receive nothing
 * about either post. The people allowed to see each post do see it, so the check is not empty.
 */

const CANARY_HIDDEN_AUTHOR = 'Bí mật của người ẩn bài';
const CANARY_HIDDEN_TAG = 'Bí mật nhắc tên người ẩn';

type Person = 'admin' | 'hider' | 'author' | 'shy' | 'other' | 'student' | 'classmate';
const PEOPLE: Person[] = ['admin', 'hider', 'author', 'shy', 'other', 'student', 'classmate'];

let base: string;
const push = await startStandInPushService();
// Registered before the academy, so it closes after the app has stopped sending.
afterAll(() => push.close());
const { t, cookie, ids } = setUpAcademy(
  {
    admin: {
      email: 'admin@example.vn',
      form: instructorForm('Quản Trị', { proposedCourse: { name: 'Vẽ móng', description: '' } }),
    },
    hider: { email: 'hider@example.vn', form: instructorForm('Trần Ẩn Bài') },
    author: { email: 'author@example.vn', form: instructorForm('Lê Tác Giả') },
    shy: { email: 'shy@example.vn', form: instructorForm('Phạm Ngại Ngùng') },
    other: { email: 'other@example.vn', form: instructorForm('Võ Người Khác') },
    student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
    classmate: { email: 'hv2@example.vn', form: studentForm('Đỗ Văn Bạn') },
  },
  { env: { PUSH_EXTRA_SERVICES: push.host }, push: { agent: push.agent } },
);
let courseId: string;
const HIDDEN_PHOTO_ID = 'f'.repeat(64);
const HIDDEN_PHOTO = `/media/${HIDDEN_PHOTO_ID}.webp`;
let hiddenShareToken = '';
const streams = new Map<Person | 'guest', TestEventStream>();
const phones = new Map<Person, string>();

beforeAll(async () => {
  const { db } = t.database;
  courseId = (await db.selectFrom('courses').select('id').executeTakeFirstOrThrow()).id;
  for (const student of ['student', 'classmate'] as const) {
    await enrolTestStudent(db, ids[student], courseId, Date.now());
  }
  await call('hider', 'PUT', '/api/me/privacy', { hideMyPosts: true, hideMentionedPosts: false });
  await call('shy', 'PUT', '/api/me/privacy', { hideMyPosts: false, hideMentionedPosts: true });
  await db
    .updateTable('public_config')
    .set({ guest_mode_enabled: 1, showcase_enabled: 1 })
    .execute();
  // The hidden evaluation carries a photo, and its student agreed to show her work: featuring
  // it must still show it nowhere (the showcase, its share link).
  await db
    .insertInto('media')
    .values({
      id: HIDDEN_PHOTO_ID,
      owner_id: ids.hider,
      use: 'post',
      content_type: 'image/webp',
      width: 800,
      height: 600,
      bytes: 1000,
      created_at: Date.now(),
    })
    .execute();
  expect(
    (await call('student', 'PUT', '/api/me/showcase-consent', { consent: true })).statusCode,
  ).toBe(200);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const stream of streams.values()) stream.close();
});

function call(who: Person | 'guest', method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: who === 'guest' ? {} : { cookie: cookie[who] },
    ...(payload ? { payload } : {}),
  });
}

/** Everything a person can read that could show a post, an excerpt of one, or a count. */
function readPaths(): string[] {
  return [
    '/api/posts',
    `/api/posts?courseId=${courseId}`,
    `/api/posts?studentId=${ids.student}`,
    '/api/posts?kind=evaluation',
    '/api/posts?kind=general',
    '/api/posts?bookmarked=1',
    '/api/posts?q=tran an',
    '/api/posts?q=ngai ngung',
    `/api/courses/${courseId}/posts`,
    `/api/courses/${courseId}/statistics`,
    `/api/courses/${courseId}/progress`,
    `/api/courses/${courseId}`,
    `/api/instructors/${ids.hider}`,
    `/api/instructors/${ids.hider}/posts`,
    `/api/instructors/${ids.author}/posts`,
    `/api/instructors/${ids.shy}/posts`,
    `/api/students/${ids.student}`,
    `/api/students/${ids.student}/evaluations`,
    `/api/students/${ids.student}/portfolio`,
    '/api/me/bookmarks',
    '/api/notifications',
    '/api/notifications/unread',
    '/api/search?q=bi mat',
    '/api/admin/dashboard',
    '/api/showcase',
  ];
}

async function readEverything(who: Person | 'guest'): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  for (const url of readPaths()) {
    const response = await call(who, 'GET', url);
    // Bodies compared without request ids and the dashboard's clock.
    answers[url] = `${response.statusCode} ${response.body
      .replace(/"requestId":"[^"]+"/g, '')
      .replace(/"generatedAt":\d+/g, '')}`;
  }
  return answers;
}

describe('privacy on every read path (spec 5)', () => {
  let hiddenByAuthor = '';
  let hiddenByTag = '';
  const before = new Map<Person | 'guest', Record<string, string>>();

  it('makes the two hidden posts while everyone watches and has a phone', async () => {
    for (const who of [...PEOPLE, 'guest'] as const) {
      streams.set(
        who,
        await openTestEventStream(base, who === 'guest' ? {} : { cookie: cookie[who] }),
      );
      before.set(who, await readEverything(who));
    }
    for (const who of PEOPLE) {
      const endpoint = `https://${push.host}/push/${who}`;
      phones.set(who, `/push/${who}`);
      const saved = await call(who, 'PUT', '/api/push/subscription', {
        endpoint,
        keys: browserPushKeys().keys,
      });
      expect(saved.statusCode).toBe(200);
    }

    // The author who hides their posts evaluates the student, mentioning a colleague.
    const first = await call('hider', 'POST', '/api/posts', {
      kind: 'evaluation',
      studentId: ids.student,
      courseId,
      rating: 9,
      text: `${CANARY_HIDDEN_AUTHOR} @[Khác](${ids.other})`,
      photos: [{ url: HIDDEN_PHOTO, width: 800, height: 600 }],
    });
    expect(first.statusCode, first.body).toBe(201);
    hiddenByAuthor = first.json().id;
    const featured = await call('hider', 'PUT', `/api/posts/${hiddenByAuthor}/featured`, {
      photoUrl: HIDDEN_PHOTO,
      featured: true,
    });
    expect(featured.statusCode, featured.body).toBe(200);
    hiddenShareToken = featured.json().shareToken;
    // A post tagging the instructor who hides mentions, mentioning a colleague and a student.
    const second = await call('author', 'POST', '/api/posts', {
      kind: 'general',
      taggedInstructorId: ids.shy,
      courseId,
      text: `${CANARY_HIDDEN_TAG} @[Ngại](${ids.shy}) @[Khác](${ids.other}) @[Lan](${ids.student})`,
    });
    expect(second.statusCode, second.body).toBe(201);
    hiddenByTag = second.json().id;
    // Activity on them by the people allowed to see them.
    await call('hider', 'PUT', `/api/posts/${hiddenByAuthor}/like`, { liked: true });
    await call('hider', 'POST', `/api/posts/${hiddenByAuthor}/comments`, { text: 'Ghi chú riêng' });
    await call('shy', 'PUT', `/api/posts/${hiddenByTag}/like`, { liked: true });
    await call('shy', 'POST', `/api/posts/${hiddenByTag}/comments`, {
      text: `Cảm ơn @[Tác giả](${ids.author})`,
    });
    await call('author', 'PUT', `/api/posts/${hiddenByTag}/bookmark`, { bookmarked: true });
  });

  it('shares no hidden work: its share link and preview answer 404', async () => {
    expect(hiddenShareToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    for (const url of [`/s/${hiddenShareToken}`, `/s/${hiddenShareToken}/anh.jpg`]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain(CANARY_HIDDEN_AUTHOR);
    }
  });

  it('lets the people allowed see them (the check is not empty)', async () => {
    const mine = await call('hider', 'GET', '/api/posts');
    expect(mine.body).toContain(CANARY_HIDDEN_AUTHOR);
    for (const allowed of ['author', 'shy'] as const) {
      const feed = await call(allowed, 'GET', '/api/posts');
      expect(feed.body, allowed).toContain(CANARY_HIDDEN_TAG);
    }
    await streams.get('author')!.next((event) => 'postId' in event && event.postId === hiddenByTag);
  });

  for (const [who, hidden] of [
    ['admin', 'both'],
    ['other', 'both'],
    ['student', 'both'],
    ['classmate', 'both'],
    ['guest', 'both'],
    ['author', 'the first'],
    ['shy', 'the first'],
    ['hider', 'the second'],
  ] as const) {
    it(`${who}: every read path answers as before ${hidden === 'both' ? 'both posts' : `${hidden} post`} existed; no live event, no push`, async () => {
      const after = await readEverything(who);
      const canaries =
        hidden === 'both'
          ? [CANARY_HIDDEN_AUTHOR, CANARY_HIDDEN_TAG, hiddenByAuthor, hiddenByTag]
          : hidden === 'the first'
            ? [CANARY_HIDDEN_AUTHOR, hiddenByAuthor]
            : [CANARY_HIDDEN_TAG, hiddenByTag];
      const leaks = Object.entries(after)
        .filter(([, body]) => canaries.some((canary) => body.includes(canary)))
        .map(([url]) => url);
      expect(leaks, 'read paths showing a hidden post').toEqual([]);
      if (hidden === 'both') {
        // Nothing changed at all: no item, no count, no unread notification.
        const changed = Object.keys(after).filter((url) => after[url] !== before.get(who)![url]);
        expect(changed, 'read paths that changed').toEqual([]);
      }
      const stream = streams.get(who)!;
      const heard = stream.received.filter((received) =>
        canaries.some((canary) => JSON.stringify(received.event).includes(canary)),
      );
      expect(heard, 'live events about a hidden post').toEqual([]);
      if (who !== 'guest') {
        await t.app.pushSender.idle();
        const reached = push.received.filter((message) => message.path === phones.get(who));
        if (hidden === 'both') expect(reached, 'push messages').toEqual([]);
      }
    });
  }
});
