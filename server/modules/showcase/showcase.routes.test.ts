import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpAcademy } from '../../test/academy.ts';
import { storeTestPhoto } from '../../test/factories/media.ts';
import { instructorForm, signInByLink, studentForm } from '../../test/sessions.ts';
import { testDatabaseKind } from '../../test/test-database.ts';

const academy = setUpAcademy({
  admin: { email: 'admin@example.vn', form: instructorForm('Trần Thu Hà') },
  teacher: { email: 'gv@example.vn', form: instructorForm('Lê Minh Anh') },
  student: { email: 'hv@example.vn', form: studentForm('Ngô Thị Lan') },
  classmate: { email: 'hv2@example.vn', form: studentForm('Vũ Thùy Dương') },
});
const { t, call, ids } = academy;
const course = { id: '', lesson: '' };
const photos: string[] = [];
let evaluationId = '';

const consent = (who: 'student' | 'classmate' | 'teacher', value: boolean) =>
  call(who, 'PUT', '/api/me/showcase-consent', { consent: value });
const feature = (photoUrl: string, featured: boolean, postId = evaluationId) =>
  call('teacher', 'PUT', `/api/posts/${postId}/featured`, { photoUrl, featured });
const showcase = () => call(null, 'GET', '/api/showcase');
const setShowcase = (on: boolean) =>
  call('admin', 'PATCH', '/api/admin/public-config', { showcaseEnabled: on });
const sharePage = (token: string) => t.app.inject({ method: 'GET', url: `/s/${token}` });
/** The evaluation as its author edits it: the whole post, with these photos and text. */
const editEvaluation = (urls: string[], text = 'Hoa đều nét, màu sạch.') =>
  call('teacher', 'PUT', `/api/posts/${evaluationId}`, {
    kind: 'evaluation',
    studentId: ids.student,
    courseId: course.id,
    lessonId: course.lesson,
    text,
    rating: 9,
    photos: urls.map((url) => ({ url, width: 1600, height: 1200 })),
  });

beforeAll(async () => {
  const made = await call('admin', 'POST', '/api/courses', {
    name: 'Sơn gel',
    lessons: [{ title: 'Vẽ hoa' }],
    instructorIds: [ids.teacher],
  });
  expect(made.statusCode, made.body).toBe(201);
  course.id = made.json().id;
  course.lesson = made.json().lessons[0].id;
  for (const student of [ids.student, ids.classmate]) {
    const enrolled = await call('admin', 'PUT', `/api/students/${student}`, {
      courseIds: [course.id],
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
  }
  photos.push(await storeTestPhoto(t, ids.teacher, '#c81e5a'));
  photos.push(await storeTestPhoto(t, ids.teacher, '#1e5ac8'));
  const evaluation = await call('teacher', 'POST', '/api/posts', {
    kind: 'evaluation',
    studentId: ids.student,
    courseId: course.id,
    lessonId: course.lesson,
    text: 'Hoa đều nét, màu sạch.',
    rating: 9,
    photos: photos.map((url) => ({ url, width: 1600, height: 1200 })),
  });
  expect(evaluation.statusCode, evaluation.body).toBe(201);
  evaluationId = evaluation.json().id;
});

describe(`the public showcase on ${testDatabaseKind()}`, () => {
  it('starts with consent off, and only a student can give it', async () => {
    const profile = await call('student', 'GET', '/api/me/profile');
    expect(profile.json().showcaseConsent).toBe(false);
    expect((await consent('teacher', true)).statusCode).toBe(403);
    expect(
      (await call(null, 'PUT', '/api/me/showcase-consent', { consent: true })).statusCode,
    ).toBe(401);
    const bad = await call('student', 'PUT', '/api/me/showcase-consent', { consent: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/[À-ỹ]/);
  });

  it('refuses to feature work of a student who has not agreed', async () => {
    const refused = await feature(photos[0]!, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('showcase_no_consent');
    expect(refused.json().error.message).toContain('chưa đồng ý');
    const rows = await t.database.db.selectFrom('featured_works').selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  it('keeps the showcase closed until an admin opens it', async () => {
    const closed = await showcase();
    expect(closed.statusCode).toBe(404);
    expect(closed.json().error.code).toBe('showcase_off');
    expect(
      (await call('teacher', 'PATCH', '/api/admin/public-config', { showcaseEnabled: true }))
        .statusCode,
    ).toBe(403);
    const opened = await setShowcase(true);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().showcaseEnabled).toBe(true);
    expect((await call(null, 'GET', '/api/public-config')).json().showcaseEnabled).toBe(true);
    expect((await showcase()).json()).toEqual({ works: [] });
  });

  let token = '';
  it('shows a featured work of a consenting student with her given name and course only', async () => {
    const agreed = await consent('student', true);
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json().showcaseConsent).toBe(true);
    const featured = await feature(photos[0]!, true);
    expect(featured.statusCode, featured.body).toBe(200);
    token = featured.json().shareToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Featuring again keeps the link that may already have been shared.
    expect((await feature(photos[0]!, true)).json().shareToken).toBe(token);

    const shown = await showcase();
    expect(shown.statusCode).toBe(200);
    expect(shown.json().works).toEqual([
      {
        token,
        photo: { url: photos[0], width: 1600, height: 1200 },
        givenName: 'Lan',
        course: 'Sơn gel',
        featuredAt: expect.any(Number),
      },
    ]);
    expect(shown.body).not.toContain('Ngô');
    expect(shown.body).not.toContain(ids.student);
    expect(shown.body).not.toContain('hv@example.vn');
    expect(shown.body).not.toContain(evaluationId);
  });

  it('answers a share link with a page whose Open Graph tags preview the work', async () => {
    const page = await sharePage(token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(
      `<meta property="og:image" content="http://academy.test/s/${token}/anh.jpg">`,
    );
    expect(page.body).toContain('<meta property="og:title" content="Tác phẩm của Lan · Sơn gel">');
    expect(page.body).toContain(
      `<meta property="og:url" content="http://academy.test/s/${token}">`,
    );
    expect(page.body).toContain('og:description');
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('Ngô');

    const image = await t.app.inject({ method: 'GET', url: `/s/${token}/anh.jpg` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(1200);

    // In the academy's own name and colour once an admin sets them: the preview's site name,
    // the page's header and its button.
    expect(page.body).toContain('<meta property="og:site_name" content="Học viện">');
    const named = await call('admin', 'PUT', '/api/admin/academy', {
      name: 'Học viện Móng Đẹp',
      shortName: 'Móng Đẹp',
      themeColor: '#0f5132',
    });
    expect(named.statusCode, named.body).toBe(200);
    const own = (await sharePage(token)).body;
    expect(own).toContain('<meta property="og:site_name" content="Học viện Móng Đẹp">');
    expect(own).toContain('<meta name="theme-color" content="#0f5132">');
    expect(own).toMatch(
      /<header><img src="\/icons\/icon-192.png"[^>]*>Học viện Móng Đẹp<\/header>/,
    );
    expect(own).toContain('background:#0f5132');
    const gone = (await sharePage('x'.repeat(22))).body;
    expect(gone).toContain('background:#0f5132');
  });

  it('answers a made-up or malformed token with 404 and never a 500', async () => {
    for (const bad of ['A'.repeat(22), 'nope', '%00', '..%2F..%2Fetc', 'x'.repeat(64)]) {
      const page = await sharePage(bad);
      expect(page.statusCode, bad).toBe(404);
      const image = await t.app.inject({ method: 'GET', url: `/s/${bad}/anh.jpg` });
      expect(image.statusCode, bad).toBe(404);
    }
    const long = await sharePage('x'.repeat(65));
    expect(long.statusCode).toBe(400);
  });

  it('puts the featured state and the link on her portfolio for staff and herself only', async () => {
    for (const who of ['teacher', 'student'] as const) {
      const portfolio = (await call(who, 'GET', `/api/students/${ids.student}/portfolio`)).json();
      expect(portfolio.showcaseConsent, who).toBe(true);
      const first = portfolio.works.find(
        (w: { photo: { url: string } }) => w.photo.url === photos[0],
      );
      const second = portfolio.works.find(
        (w: { photo: { url: string } }) => w.photo.url === photos[1],
      );
      expect(first, who).toMatchObject({ featured: true, shareToken: token });
      expect(second, who).toMatchObject({ featured: false, shareToken: null });
    }
    const other = await call('classmate', 'GET', `/api/students/${ids.student}/portfolio`);
    expect(other.statusCode).toBe(403);
  });

  it('keeps the feature and its link when the evaluation is edited, and drops it with the photo', async () => {
    const edited = await editEvaluation(photos, 'Hoa đều nét, màu sạch. Viền gọn hơn lần trước.');
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await sharePage(token)).statusCode).toBe(200);
    const second = await feature(photos[1]!, true);
    const secondToken = second.json().shareToken as string;
    const dropped = await editEvaluation([photos[0]!]);
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((await sharePage(secondToken)).statusCode).toBe(404);
    expect((await sharePage(token)).statusCode).toBe(200);
    const put = await editEvaluation(photos);
    expect(put.statusCode, put.body).toBe(200);
  });

  it('refuses what is not a photo of an evaluation the instructor sees', async () => {
    expect((await feature('/media/nope.webp', true)).statusCode).toBe(404);
    expect((await feature(photos[0]!, true, randomUUID())).statusCode).toBe(404);
    const general = await call('teacher', 'POST', '/api/posts', {
      kind: 'general',
      text: 'Lớp hôm nay',
      photos: [{ url: photos[0], width: 1600, height: 1200 }],
    });
    expect(general.statusCode, general.body).toBe(201);
    expect((await feature(photos[0]!, true, general.json().id)).statusCode).toBe(404);
    const asStudent = await call('student', 'PUT', `/api/posts/${evaluationId}/featured`, {
      photoUrl: photos[0],
      featured: true,
    });
    expect(asStudent.statusCode).toBe(403);
    const extra = await call('teacher', 'PUT', `/api/posts/${evaluationId}/featured`, {
      photoUrl: photos[0],
      featured: true,
      token: 'mine',
    });
    expect(extra.statusCode).toBe(400);
  });

  it('follows the privacy rules: an author hiding her posts, a student on hold', async () => {
    const hide = await call('teacher', 'PUT', '/api/me/privacy', {
      hideMyPosts: true,
      hideMentionedPosts: false,
    });
    expect(hide.statusCode).toBe(200);
    expect((await showcase()).json().works).toEqual([]);
    expect((await sharePage(token)).statusCode).toBe(404);
    await call('teacher', 'PUT', '/api/me/privacy', {
      hideMyPosts: false,
      hideMentionedPosts: false,
    });
    expect((await sharePage(token)).statusCode).toBe(200);

    const blocked = await call('admin', 'POST', `/api/students/${ids.student}/block`, {
      reason: 'Tạm nghỉ',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await showcase()).json().works).toEqual([]);
    expect((await sharePage(token)).statusCode).toBe(404);
    const unblocked = await call('admin', 'POST', `/api/students/${ids.student}/unblock`);
    expect(unblocked.statusCode, unblocked.body).toBe(200);
    expect((await sharePage(token)).statusCode).toBe(200);
    // Blocking signed her out; she signs in again for what follows.
    academy.cookie.student = await signInByLink(t.app, academy.mail, 'hv@example.vn');
  });

  it('closes every link while the showcase is switched off', async () => {
    await setShowcase(false);
    expect((await sharePage(token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/s/${token}/anh.jpg` })).statusCode).toBe(
      404,
    );
    await setShowcase(true);
    expect((await sharePage(token)).statusCode).toBe(200);
  });

  it('lists the consenting students for admins', async () => {
    const list = await call('admin', 'GET', '/api/admin/showcase');
    expect(list.statusCode).toBe(200);
    expect(list.json().students).toEqual([
      expect.objectContaining({ id: ids.student, name: 'Ngô Thị Lan', featured: 1 }),
    ]);
    expect((await call('teacher', 'GET', '/api/admin/showcase')).statusCode).toBe(403);
  });

  it('takes her work down at once when she withdraws, and does not bring it back', async () => {
    const withdrawn = await consent('student', false);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().showcaseConsent).toBe(false);
    expect((await showcase()).json().works).toEqual([]);
    const page = await sharePage(token);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Không tìm thấy tác phẩm');
    expect((await t.app.inject({ method: 'GET', url: `/s/${token}/anh.jpg` })).statusCode).toBe(
      404,
    );
    // Agreeing again later does not reopen links she may have wanted gone.
    await consent('student', true);
    expect((await sharePage(token)).statusCode).toBe(404);
    expect((await showcase()).json().works).toEqual([]);
    expect((await call('admin', 'GET', '/api/admin/showcase')).json().students).toEqual([
      expect.objectContaining({ id: ids.student, featured: 0 }),
    ]);
  });
});
