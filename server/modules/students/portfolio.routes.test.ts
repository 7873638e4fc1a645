import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpAcademy } from '../../test/academy.ts';
import { instructorForm, studentForm } from '../../test/sessions.ts';

const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
  other: { email: 'gv2@example.vn', form: instructorForm('Phạm Văn Đức') },
  student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
  classmate: { email: 'hv2@example.vn', form: studentForm('Vũ Thùy Dương') },
});
const { t, call, ids } = academy;
const photo = (letter: string) => `/media/${letter.repeat(64)}.webp`;
const course = { id: '', lessons: [] as string[] };
const posted: string[] = [];

async function evaluate(
  who: 'teacher' | 'other',
  values: { lesson: number; rating: number; photos: string[]; createdAt: number },
) {
  const made = await call(who, 'POST', '/api/posts', {
    kind: 'evaluation',
    studentId: ids.student,
    courseId: course.id,
    lessonId: course.lessons[values.lesson],
    text: `Bài ${posted.length + 1}`,
    rating: values.rating,
    photos: values.photos.map((url) => ({ url, width: 1200, height: 900 })),
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().id as string;
  // Evaluations a week apart, as a course runs.
  await t.database.db
    .updateTable('posts')
    .set({ created_at: values.createdAt })
    .where('id', '=', id)
    .execute();
  posted.push(id);
  return id;
}

const portfolio = async (who: Parameters<typeof call>[0], studentId = ids.student) =>
  call(who, 'GET', `/api/students/${studentId}/portfolio`);
const postIds = async (who: Parameters<typeof call>[0]) => [
  ...new Set((await portfolio(who)).json().works.map((w: { postId: string }) => w.postId)),
];

beforeAll(async () => {
  const made = await call('admin', 'POST', '/api/courses', {
    name: 'Sơn gel',
    lessons: [{ title: 'Sơn nền' }, { title: 'Vẽ hoa' }],
    instructorIds: [ids.teacher, ids.other],
  });
  expect(made.statusCode, made.body).toBe(201);
  course.id = made.json().id;
  course.lessons = made.json().lessons.map((lesson: { id: string }) => lesson.id);
  const enrolled = await call('admin', 'PUT', `/api/students/${ids.student}`, {
    courseIds: [course.id],
  });
  expect(enrolled.statusCode, enrolled.body).toBe(200);
  await t.database.db
    .insertInto('media')
    .values(
      ['a', 'b', 'c', 'd', 'e'].map((letter) => ({
        id: letter.repeat(64),
        owner_id: letter === 'e' ? ids.other : ids.teacher,
        use: 'post' as const,
        content_type: 'image/webp',
        width: 1200,
        height: 900,
        bytes: 1000,
        created_at: Date.now(),
      })),
    )
    .execute();
  const week = 7 * 24 * 3_600_000;
  const start = Date.now() - 4 * week;
  await evaluate('teacher', { lesson: 0, rating: 5, photos: [photo('a')], createdAt: start });
  await evaluate('teacher', {
    lesson: 0,
    rating: 7,
    photos: [photo('b'), photo('c')],
    createdAt: start + week,
  });
  await evaluate('teacher', {
    lesson: 0,
    rating: 9,
    photos: [photo('d')],
    createdAt: start + 2 * week,
  });
  await evaluate('other', {
    lesson: 1,
    rating: 8,
    photos: [photo('e')],
    createdAt: start + 3 * week,
  });
  // The photos' bytes, as the store keeps them.
  for (const letter of ['a', 'b', 'c', 'd', 'e']) {
    await t.app.mediaStore.put(`${letter.repeat(64)}.webp`, Buffer.from(`photo ${letter}`));
  }
  // A general post with a photo is not her work.
  const general = await call('teacher', 'POST', '/api/posts', {
    kind: 'general',
    text: 'Lịch lớp',
    photos: [{ url: photo('a'), width: 1200, height: 900 }],
  });
  expect(general.statusCode, general.body).toBe(201);
});

describe("a student's portfolio", () => {
  it('is every photo of her evaluations, newest first, with its rating, course and lesson', async () => {
    const answer = await portfolio('teacher');
    expect(answer.statusCode, answer.body).toBe(200);
    const { works } = answer.json();
    expect(works.map((work: { photo: { url: string } }) => work.photo.url)).toEqual([
      photo('e'),
      photo('d'),
      photo('b'),
      photo('c'),
      photo('a'),
    ]);
    expect(works[0]).toEqual({
      postId: posted[3],
      photo: { url: photo('e'), width: 1200, height: 900 },
      createdAt: expect.any(Number),
      rating: 8,
      course: { id: course.id, name: 'Sơn gel' },
      lesson: { id: course.lessons[1], title: 'Vẽ hoa' },
      featured: false,
      shareToken: null,
    });
    expect(works.map((work: { rating: number }) => work.rating)).toEqual([8, 9, 7, 7, 5]);
  });

  it('opens to staff and to her, not to a classmate, a guest without guest mode, or the signed out', async () => {
    expect((await portfolio('admin')).statusCode).toBe(200);
    expect((await portfolio('student')).statusCode).toBe(200);
    expect((await portfolio('classmate')).statusCode).toBe(403);
    expect((await portfolio(null)).statusCode).toBe(401);
    expect((await portfolio('teacher', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('keeps the privacy rule: an author who hides her posts, a student who hides posts about her', async () => {
    await call('other', 'PUT', '/api/me/privacy', { hideMyPosts: true, hideMentionedPosts: false });
    expect(await postIds('teacher')).toEqual([posted[2], posted[1], posted[0]]);
    // The author herself still sees her own.
    expect(await postIds('other')).toEqual([posted[3], posted[2], posted[1], posted[0]]);
    await call('other', 'PUT', '/api/me/privacy', {
      hideMyPosts: false,
      hideMentionedPosts: false,
    });

    // A person a post is about who hides such posts (the rule reads the flag, whoever set it).
    const hideAboutHer = (hide: boolean) =>
      t.database.db
        .updateTable('people')
        .set({ hide_mentioned_posts: hide ? 1 : 0 })
        .where('id', '=', ids.student)
        .execute();
    await hideAboutHer(true);
    // Hidden from other staff, shown to each author (her own evaluations) and to her.
    expect(await postIds('admin')).toEqual([]);
    expect(await postIds('teacher')).toEqual([posted[2], posted[1], posted[0]]);
    expect(await postIds('student')).toEqual([posted[3], posted[2], posted[1], posted[0]]);
    await hideAboutHer(false);
    expect(await postIds('admin')).toHaveLength(4);
  });
});

describe('her portfolio to keep, as a ZIP', () => {
  const download = (who: Parameters<typeof call>[0]) =>
    call(who, 'GET', `/api/students/${ids.student}/portfolio.zip`);

  it('holds every photo, the evaluations naming them, and her progress', async () => {
    const answer = await download('student');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="tac-pham-ngo-thi-lan.zip"',
    );
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    const photos = Object.keys(files).filter((name) => name.startsWith('anh/'));
    expect(photos).toHaveLength(5);
    for (const name of photos) expect(name).toMatch(/^anh\/\d{4}-\d\d-\d\d-[0-9a-f]{8}-\d\.webp$/);
    expect(photos.map((name) => strFromU8(files[name]!)).sort()).toEqual(
      ['a', 'b', 'c', 'd', 'e'].map((letter) => `photo ${letter}`),
    );
    const evaluations = strFromU8(files['danh-gia.csv']!);
    // A byte-order mark first, so a spreadsheet reads the Vietnamese as UTF-8.
    expect([...files['danh-gia.csv']!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(evaluations.startsWith('"Ngày","Khóa học","Bài học","Điểm","Giảng viên"')).toBe(true);
    const rows = evaluations.trim().split('\r\n').slice(1);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toContain('"Vẽ hoa","8/10","Phạm Văn Đức","Bài 4"');
    // The two-photo evaluation names both of its files.
    const two = rows.find((row) => row.includes('"7/10"'))!;
    expect(two.match(/anh\//g)).toHaveLength(2);
    expect(strFromU8(files['tien-do.csv']!)).toContain('"Sơn gel","Sơn nền"');
  });

  it('is for her and for admins, and keeps the privacy rule', async () => {
    expect((await download('admin')).statusCode).toBe(200);
    expect((await download('teacher')).statusCode).toBe(403);
    expect((await download('classmate')).statusCode).toBe(403);
    expect((await download(null)).statusCode).toBe(401);
    await call('other', 'PUT', '/api/me/privacy', { hideMyPosts: true, hideMentionedPosts: false });
    try {
      const files = unzipSync(new Uint8Array((await download('admin')).rawPayload));
      expect(Object.keys(files).filter((name) => name.startsWith('anh/'))).toHaveLength(4);
      expect(strFromU8(files['danh-gia.csv']!)).not.toContain('Phạm Văn Đức');
    } finally {
      await call('other', 'PUT', '/api/me/privacy', {
        hideMyPosts: false,
        hideMentionedPosts: false,
      });
    }
  });
});
