import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpAcademy } from '../../test/academy.ts';
import { insertTestPerson } from '../../test/factories/people.ts';
import { instructorForm, studentForm } from '../../test/sessions.ts';
import { listPostPage } from './posts.service.ts';

const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
  other: { email: 'gv2@example.vn', form: instructorForm('Phạm Văn Đức') },
  student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
});
const { t, call } = academy;
const ids = academy.ids as typeof academy.ids & {
  course: string;
  lesson: string;
  otherLesson: string;
};
const photo = `/media/${'a'.repeat(64)}.webp`;

beforeAll(async () => {
  const { db } = t.database;
  const course = (
    await call('admin', 'POST', '/api/courses', { name: 'Vẽ móng', lessons: [{ title: 'Vẽ hoa' }] })
  ).json();
  ids.course = course.id;
  ids.lesson = course.lessons[0].id;
  const other = (
    await call('admin', 'POST', '/api/courses', {
      name: 'Sơn gel',
      lessons: [{ title: 'Sơn nền' }],
    })
  ).json();
  ids.otherLesson = other.lessons[0].id;
  await db
    .insertInto('media')
    .values(
      ['a', 'b', 'c'].map((letter, index) => ({
        id: letter.repeat(64),
        owner_id: ids.teacher,
        use: 'post' as const,
        content_type: 'image/webp',
        width: 1200 + index,
        height: 900 - index,
        bytes: 1000,
        created_at: Date.now(),
      })),
    )
    .execute();
});

/** The teacher hides her posts from everyone else, or shows them again. */
const hideTeachersPosts = (hide: boolean) =>
  t.database.db
    .updateTable('people')
    .set({ hide_my_posts: hide ? 1 : 0 })
    .where('id', '=', ids.teacher)
    .execute();

const evaluation = (overrides: object = {}) => ({
  kind: 'evaluation',
  studentId: ids.student,
  courseId: ids.course,
  lessonId: ids.lesson,
  text: `Nét cọ đều. Cảm ơn @[cô Hà](${ids.admin})!`,
  rating: 9,
  photos: [
    { url: photo, width: 1200, height: 900 },
    { url: photo, width: 1200, height: 900 },
  ],
  ...overrides,
});

describe('posts: writing', () => {
  it('an instructor posts an evaluation with a mention, photos and a rating; the people concerned are told', async () => {
    const response = await call('teacher', 'POST', '/api/posts', evaluation());
    expect(response.statusCode, response.body).toBe(201);
    const post = response.json();
    expect(post).toMatchObject({
      kind: 'evaluation',
      author: { name: 'Lê Minh Anh' },
      student: { name: 'Ngô Thị Lan' },
      course: { name: 'Vẽ móng' },
      lesson: { id: ids.lesson, title: 'Vẽ hoa' },
      rating: 9,
      media: [{ url: photo }, { url: photo }],
      // The server's name, not the label typed into the text.
      mentions: [{ id: ids.admin, role: 'admin', name: 'Trần Thu Hà' }],
      likeCount: 0,
      likedByMe: false,
    });
    const told = await t.database.db
      .selectFrom('notifications')
      .select(['recipient_id', 'type'])
      .where('post_id', '=', post.id)
      .execute();
    expect(told).toEqual(
      expect.arrayContaining([
        { recipient_id: ids.student, type: 'evaluated' },
        { recipient_id: ids.admin, type: 'mentioned' },
      ]),
    );
    expect(told).toHaveLength(2);
  });

  it('keeps the photos in the order they were chosen, on the post page and in the feed', async () => {
    const chosen = ['c', 'a', 'b'].map((letter) => ({
      url: `/media/${letter.repeat(64)}.webp`,
      width: letter === 'a' ? 1200 : letter === 'b' ? 1201 : 1202,
      height: letter === 'a' ? 900 : letter === 'b' ? 899 : 898,
    }));
    const response = await call('teacher', 'POST', '/api/posts', evaluation({ photos: chosen }));
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json();
    expect(response.json().media).toEqual(chosen);
    expect((await call('student', 'GET', `/api/posts/${id}`)).json().media).toEqual(chosen);
    const feed = (await call('student', 'GET', '/api/posts')).json();
    expect(feed.posts.find((post: { id: string }) => post.id === id).media).toEqual(chosen);
  });

  it.each([
    [{ rating: 11 }, 'Điểm đánh giá phải là số nguyên từ 0 đến 10.'],
    [{ rating: 7.5 }, 'Điểm đánh giá phải là số nguyên từ 0 đến 10.'],
    [{ rating: 'chín' }, 'Điểm đánh giá phải là số nguyên từ 0 đến 10.'],
    [{ text: '', photos: [] }, 'Vui lòng viết nội dung hoặc thêm ảnh.'],
    [{ text: 'x'.repeat(5001) }, 'Bài viết tối đa 5000 ký tự.'],
    [{ studentId: null }, 'Vui lòng chọn học viên được đánh giá.'],
    [{ lessonId: 'OTHER' }, 'Bài học không thuộc khóa học này.'],
    [
      { text: `@[Ai đó](${'0'.repeat(8)}-0000-4000-8000-000000000000)` },
      'Người được nhắc đến không tồn tại.',
    ],
    [{ photos: [{ url: 'https://evil.example/x.png' }] }, 'Không tìm thấy ảnh.'],
    [{ authorId: 'x' }, 'Dữ liệu không hợp lệ.'],
  ])('refuses %j with a Vietnamese message and saves nothing', async (overrides, message) => {
    const before = await t.database.db.selectFrom('posts').select('id').execute();
    const body = evaluation(overrides);
    if ((overrides as { lessonId?: string }).lessonId === 'OTHER') body.lessonId = ids.otherLesson;
    const response = await call('teacher', 'POST', '/api/posts', body);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(message);
    expect(await t.database.db.selectFrom('posts').select('id').execute()).toHaveLength(
      before.length,
    );
  });

  it('students cannot post; the author and admins edit and delete, others cannot', async () => {
    expect((await call('student', 'POST', '/api/posts', evaluation())).statusCode).toBe(403);
    const post = (
      await call('teacher', 'POST', '/api/posts', evaluation({ text: 'Bản đầu' }))
    ).json();
    const edit = evaluation({ text: `Bản sửa cho @[Đức](${ids.other})`, rating: 7, photos: [] });
    expect((await call('other', 'PUT', `/api/posts/${post.id}`, edit)).statusCode).toBe(403);
    const edited = await call('teacher', 'PUT', `/api/posts/${post.id}`, edit);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      rating: 7,
      media: [],
      mentions: [{ id: ids.other, name: 'Phạm Văn Đức' }],
    });
    const badEdit = await call(
      'teacher',
      'PUT',
      `/api/posts/${post.id}`,
      evaluation({ rating: 99 }),
    );
    expect(badEdit.statusCode).toBe(400);
    expect((await call('teacher', 'GET', `/api/posts/${post.id}`)).json().rating).toBe(7);
    expect((await call('admin', 'DELETE', `/api/posts/${post.id}`)).statusCode).toBe(200);
    const gone = await call('teacher', 'GET', `/api/posts/${post.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('Không tìm thấy bài viết.');
  });

  it('a general post may tag an instructor but carries no student or rating', async () => {
    const general = await call('admin', 'POST', '/api/posts', {
      kind: 'general',
      taggedInstructorId: ids.teacher,
      text: 'Lịch dạy tuần sau',
    });
    expect(general.statusCode, general.body).toBe(201);
    expect(general.json()).toMatchObject({
      kind: 'general',
      taggedInstructor: { name: 'Lê Minh Anh' },
      student: null,
    });
    const wrong = await call('admin', 'POST', '/api/posts', {
      kind: 'general',
      text: 'x',
      rating: 5,
    });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('posts: sent again from the outbox', () => {
  const countPosts = async (id: string) =>
    Number(
      (
        await t.database.db
          .selectFrom('posts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const countOf = async (table: 'notifications' | 'post_media', id: string) =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('post_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('the same device-made id twice makes one post, one set of photos and one round of notifications', async () => {
    const id = crypto.randomUUID();
    const first = await call('teacher', 'POST', '/api/posts', evaluation({ id }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().id).toBe(id);
    const again = await call('teacher', 'POST', '/api/posts', evaluation({ id, text: 'khác' }));
    expect(again.statusCode, again.body).toBe(200);
    // The post as first made: a retry never edits it.
    expect(again.json()).toEqual(first.json());
    expect(await countPosts(id)).toBe(1);
    expect(await countOf('post_media', id)).toBe(2);
    expect(await countOf('notifications', id)).toBe(2);
  });

  it('the same id sent ten times at once makes one post', async () => {
    const id = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('teacher', 'POST', '/api/posts', evaluation({ id }))),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(
      statuses.filter((status) => status === 201),
      answers[0]?.body,
    ).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(9);
    expect(new Set(answers.map((answer) => answer.json().id))).toEqual(new Set([id]));
    expect(await countPosts(id)).toBe(1);
    expect(await countOf('post_media', id)).toBe(2);
    expect(await countOf('notifications', id)).toBe(2);
  });

  it('another person cannot take or read a post through its id; a bad id is refused in Vietnamese', async () => {
    const id = crypto.randomUUID();
    expect((await call('teacher', 'POST', '/api/posts', evaluation({ id }))).statusCode).toBe(201);
    const taken = await call('other', 'POST', '/api/posts', evaluation({ id, text: 'của tôi' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Mã bài viết này đã được dùng cho một bài khác.');
    expect(taken.body).not.toContain('Nét cọ đều');
    const bad = await call('teacher', 'POST', '/api/posts', evaluation({ id: 'not-a-uuid' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].message).toBe('Mã bài viết mới không hợp lệ.');
    // An edit carries no id: the post's id is in its address.
    const edit = await call('teacher', 'PUT', `/api/posts/${id}`, evaluation({ id }));
    expect(edit.statusCode).toBe(400);
  });

  it('an id in capitals is the same id: the author gets her post back, no one else makes a twin', async () => {
    const id = crypto.randomUUID();
    expect((await call('teacher', 'POST', '/api/posts', evaluation({ id }))).statusCode).toBe(201);
    const shouted = await call(
      'teacher',
      'POST',
      '/api/posts',
      evaluation({ id: id.toUpperCase() }),
    );
    expect(shouted.statusCode).toBe(200);
    expect(shouted.json().id).toBe(id);
    const twin = await call('other', 'POST', '/api/posts', evaluation({ id: id.toUpperCase() }));
    expect(twin.statusCode).toBe(409);
    expect(await countPosts(id)).toBe(1);
    expect(await countPosts(id.toUpperCase())).toBe(0);
    // Addresses are read the same way.
    const page = await call('teacher', 'GET', `/api/posts/${id.toUpperCase()}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().id).toBe(id);
  });

  it('an id once used is spent: a deleted post’s id makes no new post, for its author or anyone', async () => {
    const id = crypto.randomUUID();
    expect((await call('teacher', 'POST', '/api/posts', evaluation({ id }))).statusCode).toBe(201);
    expect((await call('teacher', 'DELETE', `/api/posts/${id}`)).statusCode).toBe(200);
    for (const who of ['teacher', 'other', 'admin'] as const) {
      const again = await call(who, 'POST', '/api/posts', evaluation({ id }));
      expect(again.statusCode, who).toBe(409);
      expect(again.json().error.message).toBe('Mã bài viết này đã được dùng cho một bài khác.');
    }
    expect(await countPosts(id)).toBe(0);
  });

  it('answers the same for another’s live, hidden and deleted post ids: nothing tells a hidden one exists', async () => {
    const live = crypto.randomUUID();
    const hidden = crypto.randomUUID();
    const deleted = crypto.randomUUID();
    for (const id of [live, hidden, deleted])
      expect((await call('teacher', 'POST', '/api/posts', evaluation({ id }))).statusCode).toBe(
        201,
      );
    expect((await call('teacher', 'DELETE', `/api/posts/${deleted}`)).statusCode).toBe(200);
    await hideTeachersPosts(true);
    try {
      const answers = [];
      for (const id of [live, hidden, deleted]) {
        const answer = await call('other', 'POST', '/api/posts', evaluation({ id }));
        answers.push({ status: answer.statusCode, body: answer.json().error });
      }
      const [first, ...rest] = answers.map(({ status, body }) => ({
        status,
        code: body.code,
        message: body.message,
      }));
      expect(first).toEqual({
        status: 409,
        code: 'post_id_taken',
        message: 'Mã bài viết này đã được dùng cho một bài khác.',
      });
      for (const answer of rest) expect(answer).toEqual(first);
    } finally {
      await hideTeachersPosts(false);
    }
  });
});

describe('posts: written only as the person who wrote them', () => {
  const as = (who: 'teacher' | 'other', acting: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: { cookie: academy.cookie[who], 'x-acting-person': acting },
      payload,
    });

  it('a write sent for one person under another’s session is refused, and nothing is made', async () => {
    const id = crypto.randomUUID();
    const answer = await as('other', ids.teacher, evaluation({ id }));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error).toMatchObject({
      code: 'person_changed',
      message:
        'Thiết bị này đang đăng nhập bằng tài khoản khác. Thao tác chưa được gửi: hãy đăng nhập lại bằng tài khoản của bạn.',
    });
    expect((await call('teacher', 'GET', `/api/posts/${id}`)).statusCode).toBe(404);
    // Under her own session, the same write goes through (an id in capitals names her too).
    expect((await as('teacher', ids.teacher.toUpperCase(), evaluation({ id }))).statusCode).toBe(
      201,
    );
  });

  it('a write for a person with no session at all is 401, whatever the route', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/uploads?use=post',
      headers: { 'x-acting-person': ids.teacher },
    });
    expect(answer.statusCode).toBe(401);
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: academy.cookie.other, 'x-acting-person': ids.teacher },
      payload: {},
    });
    // The sign-out of one person never ends another's session.
    expect(signOut.statusCode).toBe(409);
    expect((await call('other', 'GET', '/api/me')).json().state).toBe('member');
  });
});

describe('posts: the feed', () => {
  it('pages newest first by 10 with no repeats or gaps when posts arrive between pages', async () => {
    for (let index = 0; index < 12; index += 1)
      await call('other', 'POST', '/api/posts', { kind: 'general', text: `Bài số ${index}` });
    const first = (await call('student', 'GET', '/api/posts')).json();
    expect(first.posts).toHaveLength(10);
    await call('other', 'POST', '/api/posts', { kind: 'general', text: 'Bài chen giữa' });
    const seen = [...first.posts];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = (await call('student', 'GET', `/api/posts?cursor=${cursor}`)).json();
      seen.push(...page.posts);
      cursor = page.nextCursor;
    }
    const all = await t.database.db.selectFrom('posts').select('id').execute();
    expect(new Set(seen.map((p: { id: string }) => p.id)).size).toBe(seen.length);
    expect(seen.length).toBe(all.length - 1); // all but the one that arrived after page one
  });

  it('searches author or tagged names ignoring case and diacritics, and filters', async () => {
    const names = async (query: string) =>
      (await call('teacher', 'GET', `/api/posts${query}`))
        .json()
        .posts.map((p: { author: { name: string } }) => p.author.name);
    const duc = (await call('teacher', 'GET', '/api/posts?q=duc')).json().posts;
    expect(duc.length).toBeGreaterThan(0);
    for (const post of duc) {
      expect([post.author.name, post.taggedInstructor?.name, post.student?.name]).toContain(
        'Phạm Văn Đức',
      );
    }
    expect(await names('?q=NGO THI')).toEqual(expect.arrayContaining(['Lê Minh Anh']));
    const evaluations = (await call('teacher', 'GET', '/api/posts?kind=evaluation')).json().posts;
    expect(evaluations.every((p: { kind: string }) => p.kind === 'evaluation')).toBe(true);
    const inCourse = (await call('teacher', 'GET', `/api/posts?courseId=${ids.course}`)).json()
      .posts;
    expect(inCourse.length).toBeGreaterThan(0);
    expect(inCourse.every((p: { course: { id: string } }) => p.course.id === ids.course)).toBe(
      true,
    );
    const ofStudent = (await call('teacher', 'GET', `/api/posts?studentId=${ids.student}`)).json()
      .posts;
    expect(ofStudent.every((p: { student: { id: string } }) => p.student.id === ids.student)).toBe(
      true,
    );
    expect((await call('teacher', 'GET', '/api/posts?kind=other')).statusCode).toBe(400);
  });
});

describe('posts: likes, bookmarks, privacy', () => {
  let postId = '';
  beforeAll(async () => {
    postId = (await call('teacher', 'POST', '/api/posts', evaluation({ photos: [] }))).json().id;
  });

  it('200 concurrent like toggles by 50 people leave the count equal to the rows, on a post and a comment', async () => {
    const { db } = t.database;
    const people: string[] = [];
    for (let index = 0; index < 50; index += 1) {
      const id = crypto.randomUUID();
      people.push(id);
      await insertTestPerson(db, { id, role: 'student', name: `Người thích ${index}` });
    }
    const { setPostLike } = await import('./post-writes.service.ts');
    const { setCommentLike } = await import('./comments.service.ts');
    const commentId = (
      await call('teacher', 'POST', `/api/posts/${postId}/comments`, { text: 'Thích thì bấm nhé' })
    ).json().id;
    const rows = await db.selectFrom('people').selectAll().where('id', 'in', people).execute();
    await Promise.all(
      Array.from({ length: 200 }, (_, index) => [
        setPostLike(t.database, rows[index % 50]!, postId, index % 3 !== 0),
        setCommentLike(t.database, rows[(index * 7) % 50]!, commentId, index % 4 !== 0),
      ]).flat(),
    );
    // Each count equals its like rows.
    for (const [table, likes, key, id] of [
      ['posts', 'post_likes', 'post_id', postId],
      ['comments', 'comment_likes', 'comment_id', commentId],
    ] as const) {
      const { rows: counts } = await sql<{ like_count: number; rows: number }>`
        select like_count, (select count(*) from ${sql.table(likes)}
          where ${sql.ref(key)} = ${id}) as rows
        from ${sql.table(table)} where id = ${id}`.execute(db);
      expect(Number(counts[0]!.rows), table).toBeGreaterThan(0);
      expect(Number(counts[0]!.like_count), table).toBe(Number(counts[0]!.rows));
    }
  });

  it('likes and bookmarks answer my state; bookmarks are private', async () => {
    const liked = await call('student', 'PUT', `/api/posts/${postId}/like`, { liked: true });
    expect(liked.json()).toMatchObject({ liked: true });
    const again = await call('student', 'PUT', `/api/posts/${postId}/like`, { liked: true });
    expect(again.json().likeCount).toBe(liked.json().likeCount);
    expect(
      (await call('student', 'PUT', `/api/posts/${postId}/bookmark`, { bookmarked: true })).json(),
    ).toEqual({ bookmarked: true });
    const mine = (await call('student', 'GET', '/api/posts?bookmarked=1')).json().posts;
    expect(mine.map((p: { id: string }) => p.id)).toEqual([postId]);
    expect(mine[0]).toMatchObject({ likedByMe: true, bookmarkedByMe: true });
    expect((await call('teacher', 'GET', '/api/posts?bookmarked=1')).json().posts).toEqual([]);
    // A guest (guest mode) has no bookmarks to filter by, wherever the page is asked for.
    await expect(listPostPage(t.database, null, { bookmarked: true })).rejects.toMatchObject({
      code: 'unauthenticated',
      statusCode: 401,
    });
    const toldByStudent = async () =>
      (
        await t.database.db
          .selectFrom('notifications')
          .select('id')
          .where('post_id', '=', postId)
          .where('type', '=', 'liked')
          .where('actor_id', '=', ids.student)
          .execute()
      ).length;
    // A like already there, or taken back, tells the author nothing more.
    expect(await toldByStudent()).toBe(1);
    const unliked = await call('student', 'PUT', `/api/posts/${postId}/like`, { liked: false });
    expect(unliked.json()).toEqual({ liked: false, likeCount: liked.json().likeCount - 1 });
    expect(await toldByStudent()).toBe(1);
    await call('student', 'PUT', `/api/posts/${postId}/like`, { liked: true });
    expect(await toldByStudent()).toBe(2);
    expect(
      (await call('student', 'PUT', `/api/posts/${postId}/like`, { liked: 'yes' })).statusCode,
    ).toBe(400);
  });

  it('hidden posts are absent from the feed, the post page, comments, likes and bookmarks', async () => {
    const { db } = t.database;
    const likeState = async () => ({
      likes: await db
        .selectFrom('post_likes')
        .select('person_id')
        .where('post_id', '=', postId)
        .orderBy('person_id')
        .execute(),
      likeCount: (
        await db
          .selectFrom('posts')
          .select('like_count')
          .where('id', '=', postId)
          .executeTakeFirstOrThrow()
      ).like_count,
      notifications: await db
        .selectFrom('notifications')
        .select('id')
        .where('post_id', '=', postId)
        .orderBy('id')
        .execute(),
    });
    // Unliked first, so that the refused like below would be a new one.
    await call('student', 'PUT', `/api/posts/${postId}/like`, { liked: false });
    await hideTeachersPosts(true);
    const before = await likeState();
    try {
      const feed = (await call('student', 'GET', '/api/posts?bookmarked=1')).json().posts;
      expect(feed).toEqual([]);
      for (const [method, url, body] of [
        ['GET', `/api/posts/${postId}`, undefined],
        ['GET', `/api/posts/${postId}/comments`, undefined],
        ['PUT', `/api/posts/${postId}/like`, { liked: true }],
        ['PUT', `/api/posts/${postId}/bookmark`, { bookmarked: true }],
        ['POST', `/api/posts/${postId}/comments`, { text: 'Hi' }],
      ] as const) {
        const response = await call('student', method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().error.message).toBe('Không tìm thấy bài viết.');
      }
      // The refused like wrote nothing: no like row, count or notification.
      expect(await likeState()).toEqual(before);
      expect((await call('teacher', 'GET', `/api/posts/${postId}`)).statusCode).toBe(200);
    } finally {
      await hideTeachersPosts(false);
    }
  });
});

describe('mention candidates', () => {
  it('offers instructors to everyone and students to staff only, by folded name', async () => {
    const forStaff = (await call('teacher', 'GET', '/api/mention-candidates?q=ngo')).json().people;
    expect(forStaff.map((p: { name: string }) => p.name)).toEqual(['Ngô Thị Lan']);
    expect((await call('student', 'GET', '/api/mention-candidates?q=ngo')).json().people).toEqual(
      [],
    );
    const duc = (await call('student', 'GET', '/api/mention-candidates?q=đuc')).json().people;
    expect(duc).toMatchObject([{ name: 'Phạm Văn Đức', role: 'instructor' }]);
  });
});

describe('comments', () => {
  let postId = '';
  beforeAll(async () => {
    postId = (await call('teacher', 'POST', '/api/posts', evaluation({ photos: [] }))).json().id;
  });

  it('comments, replies with a mention, likes; the post counts its comments; people are told', async () => {
    const first = await call('student', 'POST', `/api/posts/${postId}/comments`, {
      text: 'Em cảm ơn cô!',
    });
    expect(first.statusCode, first.body).toBe(201);
    const reply = await call('teacher', 'POST', `/api/posts/${postId}/comments`, {
      text: `@[Lan](${ids.student}) cố lên nhé`,
      parentId: first.json().id,
    });
    expect(reply.json()).toMatchObject({
      parentId: first.json().id,
      mentions: [{ id: ids.student, name: 'Ngô Thị Lan' }],
    });
    const like = await call('teacher', 'PUT', `/api/comments/${first.json().id}/like`, {
      liked: true,
    });
    expect(like.json()).toEqual({ liked: true, likeCount: 1 });
    const list = (await call('student', 'GET', `/api/posts/${postId}/comments`)).json().comments;
    expect(list.map((c: { text: string }) => c.text)).toEqual([
      'Em cảm ơn cô!',
      `@[Lan](${ids.student}) cố lên nhé`,
    ]);
    expect(list.map((c: { mentions: unknown[] }) => c.mentions)).toEqual([
      [],
      [{ id: ids.student, role: 'student', name: 'Ngô Thị Lan' }],
    ]);
    expect((await call('student', 'GET', `/api/posts/${postId}`)).json().commentCount).toBe(2);
    const types = await t.database.db
      .selectFrom('notifications')
      .select(['recipient_id', 'type'])
      .where('comment_id', '=', reply.json().id)
      .execute();
    expect(types).toEqual([{ recipient_id: ids.student, type: 'replied' }]);
  });

  it('edits and deletes one’s own comments (admins any); a reply to another post’s comment is refused', async () => {
    const mine = (
      await call('student', 'POST', `/api/posts/${postId}/comments`, { text: 'Sai chính tả' })
    ).json();
    expect((await call('other', 'PUT', `/api/comments/${mine.id}`, { text: 'x' })).statusCode).toBe(
      403,
    );
    const edited = await call('student', 'PUT', `/api/comments/${mine.id}`, {
      text: 'Đúng chính tả',
    });
    expect(edited.json().text).toBe('Đúng chính tả');
    const empty = await call('student', 'PUT', `/api/comments/${mine.id}`, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Vui lòng nhập bình luận.');
    const elsewhere = (
      await call('other', 'POST', '/api/posts', { kind: 'general', text: 'Khác' })
    ).json();
    const wrongReply = await call('student', 'POST', `/api/posts/${elsewhere.id}/comments`, {
      text: 'x',
      parentId: mine.id,
    });
    expect(wrongReply.statusCode).toBe(400);
    expect(wrongReply.json().error.message).toBe('Chỉ trả lời được bình luận của cùng bài viết.');
    expect((await call('admin', 'DELETE', `/api/comments/${mine.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/api/comments/${mine.id}`)).statusCode).toBe(404);
    expect((await call('student', 'GET', `/api/posts/${postId}`)).json().commentCount).toBe(2);
  });
});

describe('comments: a discussion by its threads', () => {
  let postId = '';
  /** Thread n's top-level comment (1 the oldest), made at minute n. */
  const started: string[] = [];
  const minute = 60_000;
  const base = Date.UTC(2026, 10, 1);
  const cursorOf = (n: number) => `${base + n * minute}.${started[n]}`;
  const threads = (url: string, as: 'student' | 'teacher' = 'student') =>
    call(as, 'GET', `/api/posts/${postId}/comment-threads${url}`);
  const texts = (body: { comments: Array<{ text: string }> }) =>
    body.comments.map((comment) => comment.text);

  beforeAll(async () => {
    postId = (
      await call('teacher', 'POST', '/api/posts', { kind: 'general', text: 'Thảo luận dài' })
    ).json().id;
    const rows = [];
    for (let n = 1; n <= 45; n += 1) {
      started[n] = crypto.randomUUID();
      rows.push({ id: started[n]!, parent: null, text: `Ý ${n}`, at: base + n * minute });
    }
    // Thread 30 has a reply and a reply to that reply; thread 3 is answered long after.
    const reply30 = crypto.randomUUID();
    rows.push(
      { id: reply30, parent: started[30]!, text: 'Đáp 30', at: base + 30 * minute + 1 },
      { id: crypto.randomUUID(), parent: reply30, text: 'Đáp đáp 30', at: base + 30 * minute + 2 },
      { id: crypto.randomUUID(), parent: started[3]!, text: 'Đáp 3 muộn', at: base + 50 * minute },
    );
    await t.database.db
      .insertInto('comments')
      .values(
        rows.map((row) => ({
          id: row.id,
          post_id: postId,
          author_id: ids.teacher,
          parent_id: row.parent,
          text: row.text,
          created_at: row.at,
          updated_at: row.at,
        })),
      )
      .execute();
    // The count kept with them, as a comment written through the app keeps it.
    await t.database.db
      .updateTable('posts')
      .set({ comment_count: rows.length })
      .where('id', '=', postId)
      .execute();
  });

  it('opens on the latest 20 threads with every reply under them, and counts what lies before', async () => {
    const response = await threads('');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const expected = [];
    for (let n = 26; n <= 45; n += 1) {
      expected.push(`Ý ${n}`);
      if (n === 30) expected.push('Đáp 30', 'Đáp đáp 30');
    }
    expect(texts(body)).toEqual(expected);
    // Threads 1 to 25 and the late reply to thread 3; the next step back starts at thread 6.
    expect(body.from).toBe(cursorOf(26));
    expect(body.earlier).toEqual({ comments: 26, from: cursorOf(6) });
  });

  it('steps back 20 threads at a time, to the first, with the late reply in its thread', async () => {
    const back = (await threads(`?from=${cursorOf(6)}`)).json();
    expect(texts(back)).toHaveLength(40 + 2);
    expect(texts(back)[0]).toBe('Ý 6');
    expect(back.earlier).toEqual({ comments: 6, from: cursorOf(1) });
    const all = (await threads(`?from=${cursorOf(1)}`)).json();
    expect(texts(all).slice(0, 5)).toEqual(['Ý 1', 'Ý 2', 'Ý 3', 'Ý 4', 'Ý 5']);
    expect(texts(all).at(-1)).toBe('Đáp 3 muộn');
    expect(texts(all)).toHaveLength(48);
    expect(all).toMatchObject({ from: cursorOf(1), earlier: null });
  });

  it('asked again from its oldest thread, a window keeps it and adds what arrived', async () => {
    const open = (await threads('')).json();
    const added = await call('student', 'POST', `/api/posts/${postId}/comments`, {
      text: `Mới, gửi @[cô Anh](${ids.teacher})`,
    });
    expect(added.statusCode, added.body).toBe(201);
    await call('teacher', 'PUT', `/api/comments/${added.json().id}/like`, { liked: true });
    const again = (await threads(`?from=${open.from}`)).json();
    expect(texts(again)[0]).toBe('Ý 26');
    expect(again.comments.at(-1)).toMatchObject({
      id: added.json().id,
      mentions: [{ id: ids.teacher, name: 'Lê Minh Anh' }],
      likeCount: 1,
      likedByMe: false,
    });
    expect((await threads(`?from=${open.from}`, 'teacher')).json().comments.at(-1).likedByMe).toBe(
      true,
    );
    expect(again.earlier).toEqual(open.earlier);
    // The latest 20 now start a thread later.
    expect((await threads('')).json().from).toBe(cursorOf(27));
    expect((await call('admin', 'DELETE', `/api/comments/${added.json().id}`)).statusCode).toBe(
      200,
    );
  });

  it('a window whose oldest thread was deleted starts at the next one; an empty post has none', async () => {
    const gone = await call('admin', 'DELETE', `/api/comments/${started[45]}`);
    expect(gone.statusCode).toBe(200);
    const after = (await threads(`?from=${cursorOf(45)}`)).json();
    expect(after).toEqual({
      comments: [],
      from: cursorOf(45),
      earlier: { comments: 47, from: cursorOf(25) },
    });
    const quiet = (
      await call('teacher', 'POST', '/api/posts', { kind: 'general', text: 'Yên ắng' })
    ).json();
    expect((await call('student', 'GET', `/api/posts/${quiet.id}/comment-threads`)).json()).toEqual(
      { comments: [], from: null, earlier: null },
    );
  });

  it('refuses a bad window in Vietnamese and shows nothing of a post one may not see', async () => {
    for (const query of [
      '?from=abc',
      '?from=1.x',
      '?from=1.00000000-0000-0000-0000-00000000000g',
    ]) {
      const response = await threads(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain('Vị trí trang không hợp lệ. Vui lòng tải lại.');
    }
    for (const query of ['?latest=5', `?from=${cursorOf(1)}&from=${cursorOf(2)}`]) {
      const response = await threads(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toBe('Dữ liệu không hợp lệ.');
    }
    await hideTeachersPosts(true);
    try {
      const hidden = await threads('');
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().error.message).toBe('Không tìm thấy bài viết.');
    } finally {
      await hideTeachersPosts(false);
    }
  });
});
