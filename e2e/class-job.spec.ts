import type { Locator, Page } from '@playwright/test';
import { expect, PHONE_SIZES, screenshot, test } from './fixtures.ts';
import { activeInstructor } from './support/accounts.ts';
import { feedReadyOffline, postsAbout, unique } from './support/evaluation.ts';
import { isOnTop } from './support/on-top.ts';
import { photoFile } from './support/photos.ts';

/*
 * The class job: an instructor at the table photographs a student's nails and posts an
 * evaluation with a rating. Every tap is counted: the camera or gallery opens first, the student
 * is one tap among those she is teaching, course and lesson are chosen from the student's
 * progress, the rating is one tap, the text is optional. Online and offline.
 */

/** Counts the person's taps; choosing a photo in the phone's own chooser counts as one. */
function tapCounter(page: Page) {
  let taps = 0;
  return {
    tap: async (target: Locator) => {
      taps += 1;
      await target.click();
    },
    /** A tap that opens the phone's camera or gallery, and the photo chosen there. */
    tapForPhoto: async (target: Locator) => {
      const chooser = page.waitForEvent('filechooser');
      taps += 1;
      await target.click();
      await (await chooser).setFiles(await photoFile());
      taps += 1;
    },
    get taps() {
      return taps;
    },
  };
}

/**
 * A course she teaches with three lessons (the admin's, so active at once), a student in it who
 * finished the first lesson with her (so she is in class with her), and a student in two
 * courses, last active in the second.
 */
async function classOf(admin: Page, instructor: Page, tag: string) {
  const me = await (await instructor.request.get('/api/me')).json();
  const course = async (name: string, titles: string[]) => {
    const made = await admin.request.post('/api/courses', {
      data: { name, lessons: titles.map((title) => ({ title })), instructorIds: [me.person.id] },
    });
    expect(made.status(), await made.text()).toBe(201);
    const body = await made.json();
    return { id: body.id as string, lessons: body.lessons.map((l: { id: string }) => l.id) };
  };
  const gel = await course(`Sơn gel ${tag}`, ['Dũa form', 'Sơn nền', 'Vẽ hoa']);
  const art = await course(`Vẽ móng ${tag}`, ['Nét cơ bản', 'Hoa mai']);
  const student = async (name: string, courseIds: string[]) => {
    const made = await instructor.request.post('/api/students', { data: { name, courseIds } });
    expect(made.status(), await made.text()).toBe(201);
    return { id: (await made.json()).id as string, name };
  };
  const thao = await student(`Nguyễn Thị Thảo ${tag}`, [gel.id]);
  const tick = await instructor.request.put(`/api/students/${thao.id}/progress/${gel.lessons[0]}`, {
    data: { completed: true },
  });
  expect(tick.status()).toBe(200);
  const duong = await student(`Vũ Thùy Dương ${tag}`, [gel.id, art.id]);
  // Her latest work was in art: two lessons done there, the last one now.
  for (const lesson of art.lessons.slice(0, 1)) {
    const done = await instructor.request.put(`/api/students/${duong.id}/progress/${lesson}`, {
      data: { completed: true },
    });
    expect(done.status()).toBe(200);
  }
  return { gel, art, thao, duong };
}

test('from the feed, a photo, a student, a rating: posted in five taps, course and lesson chosen for her', async ({
  page,
  newVisitor,
}) => {
  test.slow();
  const tag = unique();
  const instructor = await activeInstructor(newVisitor, `Lê Minh Châu ${tag}`);
  const { gel, thao } = await classOf(page, instructor, tag);
  await instructor.goto('/#/activity');
  const counter = tapCounter(instructor);

  await counter.tapForPhoto(instructor.locator('[data-tour="create-post"]'));
  const form = instructor.getByRole('dialog', { name: 'Đăng bài' });
  await expect(form.getByTestId('photo-item')).toHaveCount(1);
  await expect(form.getByTestId('photo-item').first()).toHaveAttribute(
    'data-status',
    /working|done/,
  );
  await screenshot(instructor, 'class-job-1-photo');
  const suggested = form.getByRole('group', { name: 'Học viên gần đây' });
  await counter.tap(suggested.getByRole('button', { name: thao.name }));
  await expect(suggested.getByRole('button', { name: thao.name })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(form.getByLabel('Học viên được đánh giá')).toHaveValue(thao.name);
  // Her course, on the first lesson she has not finished.
  await expect(
    form
      .getByRole('radiogroup', { name: 'Khóa học' })
      .getByRole('radio', { name: `Sơn gel ${tag}` }),
  ).toBeChecked();
  await expect(
    form.getByRole('radiogroup', { name: 'Bài học' }).getByRole('radio', { name: 'Sơn nền' }),
  ).toBeChecked();
  await screenshot(instructor, 'class-job-2-student');
  await counter.tap(
    form.getByRole('radiogroup', { name: 'Điểm (0–10)' }).getByText('8', { exact: true }),
  );
  await screenshot(instructor, 'class-job-3-rating');
  const publish = form.getByRole('button', { name: 'Đăng bài' });
  await expect(publish).toBeEnabled();
  await counter.tap(publish);
  await expect(form).toBeHidden();
  await expect
    .poll(async () => (await postsAbout(instructor, thao.id)).length, { timeout: 30_000 })
    .toBe(1);
  const [post] = (await postsAbout(instructor, thao.id)) as unknown as Array<{
    rating: number;
    course: { id: string };
    lesson: { id: string };
    media: unknown[];
  }>;
  expect(post).toMatchObject({ rating: 8, course: { id: gel.id }, lesson: { id: gel.lessons[1] } });
  expect(post?.media).toHaveLength(1);
  expect(counter.taps).toBeLessThanOrEqual(6);
  expect(counter.taps).toBe(5);
});

// On a desktop too: there the post button is at the top of the page, not the bottom.
for (const size of [...PHONE_SIZES, { width: 1440, height: 900 }]) {
  test(`two students in a row: the next post is a tap away while the first one is said (${size.width}×${size.height})`, async ({
    page,
    newVisitor,
  }) => {
    test.slow();
    const tag = unique();
    const instructor = await activeInstructor(newVisitor, `Đoàn Thị Mai ${tag}`);
    await instructor.setViewportSize(size);
    const { thao, duong } = await classOf(page, instructor, tag);
    await instructor.goto('/#/activity');
    const create = instructor.locator('[data-tour="create-post"]');
    const form = instructor.getByRole('dialog', { name: 'Đăng bài' });
    const postFor = async (name: string, where: string) => {
      const chooser = instructor.waitForEvent('filechooser');
      await create.click();
      await (await chooser).setFiles(await photoFile());
      await form
        .getByRole('group', { name: 'Học viên gần đây' })
        .getByRole('button', { name })
        .click();
      await form
        .getByRole('radiogroup', { name: 'Điểm (0–10)' })
        .getByText('9', { exact: true })
        .click();
      // Whom and what it goes to is in view beside the button, the chips scrolled away or not.
      const goesTo = form.getByTestId('posting-to');
      await expect(goesTo).toHaveText(`Bài đăng về: ${name} · ${where}`);
      await expect(goesTo).toBeInViewport({ ratio: 1 });
      await screenshot(instructor, `class-job-posting-to-${size.width}`);
      await form.getByRole('button', { name: 'Đăng bài' }).click();
      await expect(form).toBeHidden();
    };
    await postFor(thao.name, `Sơn gel ${tag} · Sơn nền`);
    const said = instructor.getByTestId('toast').filter({ hasText: 'Đã đăng bài.' });
    await expect(said).toBeVisible({ timeout: 30_000 });
    // The message is there, and the post button is still what her thumb touches.
    expect(await isOnTop(create)).toBe(true);
    await screenshot(instructor, `class-job-posted-next-${size.width}`);
    await postFor(duong.name, `Vẽ móng ${tag} · Hoa mai`);
    await expect
      .poll(
        async () =>
          (await postsAbout(instructor, thao.id)).length +
          (await postsAbout(instructor, duong.id)).length,
        { timeout: 30_000 },
      )
      .toBe(2);
  });
}

for (const size of PHONE_SIZES) {
  test(`a new cohort enrolled after her evaluation: the student she just evaluated is still first (${size.width}×${size.height})`, async ({
    page,
    newVisitor,
  }) => {
    test.slow();
    const tag = unique();
    const instructor = await activeInstructor(newVisitor, `Lạc Thị Hằng ${tag}`);
    await instructor.setViewportSize(size);
    const { gel, duong } = await classOf(page, instructor, tag);
    // She evaluates Dương (no lesson ticked with her today), then eight new students are enrolled
    // in her course: enrolled, never taught.
    const evaluated = await instructor.request.post('/api/posts', {
      data: {
        kind: 'evaluation',
        studentId: duong.id,
        courseId: gel.id,
        rating: 8,
        text: `Viền gọn ${tag}`,
      },
    });
    expect(evaluated.status(), await evaluated.text()).toBe(201);
    for (let index = 0; index < 8; index += 1) {
      const made = await page.request.post('/api/students', {
        data: { name: `Học viên khóa mới ${index} ${tag}`, courseIds: [gel.id] },
      });
      expect(made.status(), await made.text()).toBe(201);
    }
    await instructor.goto('/#/activity');
    await instructor.locator('[data-tour="create-post"]').click();
    const recent = instructor
      .getByRole('dialog', { name: 'Đăng bài' })
      .getByRole('group', { name: 'Học viên gần đây' })
      .getByRole('button');
    await expect(recent.first()).toHaveText(duong.name);
    await expect(recent.filter({ hasText: 'Học viên khóa mới' })).toHaveCount(0);
    await screenshot(instructor, `class-job-recent-after-cohort-${size.width}`);
  });
}

test('from a student’s card in five taps; a student in two courses starts on the one she was last active in', async ({
  page,
  newVisitor,
}) => {
  test.slow();
  const tag = unique();
  const instructor = await activeInstructor(newVisitor, `Phan Thị Hạnh ${tag}`);
  const { art, duong } = await classOf(page, instructor, tag);
  await instructor.goto('/#/students');
  await instructor.getByRole('searchbox', { name: 'Tìm học viên…' }).fill(`Dương ${tag}`);
  const counter = tapCounter(instructor);

  await counter.tap(instructor.getByRole('button', { name: `Thao tác với ${duong.name}` }));
  await counter.tapForPhoto(instructor.getByRole('menuitem', { name: 'Đánh giá' }));
  const form = instructor.getByRole('dialog', { name: 'Đăng bài' });
  await expect(form.getByTestId('photo-item')).toHaveCount(1);
  const courses = form.getByRole('radiogroup', { name: 'Khóa học' });
  // Both her courses are offered; the one she was last active in is chosen, on its next lesson.
  await expect(courses.getByRole('radio')).toHaveCount(3);
  await expect(courses.getByRole('radio', { name: `Vẽ móng ${tag}` })).toBeChecked();
  await expect(
    form.getByRole('radiogroup', { name: 'Bài học' }).getByRole('radio', { name: 'Hoa mai' }),
  ).toBeChecked();
  await counter.tap(
    form.getByRole('radiogroup', { name: 'Điểm (0–10)' }).getByText('9', { exact: true }),
  );
  const publish = form.getByRole('button', { name: 'Đăng bài' });
  await expect(publish).toBeEnabled();
  await counter.tap(publish);
  await expect(form).toBeHidden();
  await expect
    .poll(async () => (await postsAbout(instructor, duong.id)).length, { timeout: 30_000 })
    .toBe(1);
  const [post] = (await postsAbout(instructor, duong.id)) as unknown as Array<{
    course: { id: string };
    lesson: { id: string };
  }>;
  expect(post).toMatchObject({ course: { id: art.id }, lesson: { id: art.lessons[1] } });
  // Her menu, "Đánh giá", the photo, the rating, "Đăng bài".
  expect(counter.taps).toBeLessThanOrEqual(5);
  expect(counter.taps).toBe(5);
});

test('offline, the same five taps: the student, her course and lesson come from what the phone kept; the post goes once back online', async ({
  page,
  newVisitor,
  allowProblems,
}) => {
  test.slow();
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/);
  const tag = unique();
  const instructor = await activeInstructor(newVisitor, `Đinh Thị Mai ${tag}`);
  const { gel, thao, duong } = await classOf(page, instructor, tag);
  // Thảo's page seen once (its code is on the phone), then the feed a few seconds before the
  // signal goes: the form's code and the roster come.
  await instructor.goto(`/#/students/${thao.id}`);
  await expect(instructor.getByRole('heading', { level: 1, name: thao.name })).toBeVisible();
  const roster = instructor.waitForResponse((response) =>
    response.url().endsWith('/api/students/roster'),
  );
  await feedReadyOffline(instructor);
  await roster;

  await instructor.context().setOffline(true);
  await expect(instructor.getByTestId('offline-banner')).toContainText('Ngoại tuyến');
  const counter = tapCounter(instructor);
  await counter.tapForPhoto(instructor.locator('[data-tour="create-post"]'));
  const form = instructor.getByRole('dialog', { name: 'Đăng bài' });
  await expect(form.getByTestId('photo-item')).toHaveCount(1);
  await counter.tap(
    form.getByRole('group', { name: 'Học viên gần đây' }).getByRole('button', { name: thao.name }),
  );
  await expect(
    form.getByRole('radiogroup', { name: 'Bài học' }).getByRole('radio', { name: 'Sơn nền' }),
  ).toBeChecked();
  // Searching offline finds her too, from what the phone kept.
  const field = form.getByLabel('Học viên được đánh giá');
  await field.fill('thao');
  await expect(
    instructor.getByRole('listbox').getByRole('option', { name: thao.name }),
  ).toBeVisible();
  await instructor.getByRole('listbox').getByRole('option', { name: thao.name }).click();
  await screenshot(instructor, 'class-job-offline');
  await counter.tap(
    form.getByRole('radiogroup', { name: 'Điểm (0–10)' }).getByText('7', { exact: true }),
  );
  await counter.tap(form.getByRole('button', { name: 'Đăng bài' }));
  await expect(form).toBeHidden();
  const waiting = instructor.getByTestId('queued-post');
  await expect(waiting).toContainText(thao.name);
  expect(counter.taps).toBe(5);
  // What she is about to send, to check before it goes: the course and lesson, the rating.
  await expect(waiting.getByTestId('queued-where')).toHaveText(`Sơn gel ${tag} · Sơn nền`);
  await expect(waiting.getByTestId('rating')).toHaveText(/^7\/10/);
  // Another student's page, never opened on this phone: it says why it is empty, not grey.
  await instructor.evaluate((id) => {
    window.location.hash = `#/students/${id}`;
  }, duong.id);
  await expect(instructor.getByTestId('not-loaded-offline')).toHaveText(
    'Nội dung này chưa từng được tải trên máy này. Nội dung sẽ hiện khi có mạng trở lại.',
  );
  await screenshot(instructor, 'offline-not-loaded');
  await instructor.goBack();
  await expect(waiting).toHaveCount(1);

  await instructor.context().setOffline(false);
  await expect(instructor.getByTestId('queued-post')).toHaveCount(0, { timeout: 30_000 });
  const posts = (await postsAbout(instructor, thao.id)) as unknown as Array<{
    rating: number;
    course: { id: string };
    lesson: { id: string };
    media: unknown[];
  }>;
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatchObject({
    rating: 7,
    course: { id: gel.id },
    lesson: { id: gel.lessons[1] },
  });
  expect(posts[0]?.media).toHaveLength(1);
});

test('offline on a phone that never loaded the students, the picker says so instead of "no match"', async ({
  page,
  newVisitor,
  allowProblems,
}) => {
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/, /ERR_FAILED/);
  const tag = unique();
  const instructor = await activeInstructor(newVisitor, `Tô Thị Nga ${tag}`);
  await classOf(page, instructor, tag);
  await instructor.route('**/api/students/roster', (route) => route.abort());
  await feedReadyOffline(instructor);
  await instructor.context().setOffline(true);
  await instructor.locator('[data-tour="create-post"]').click();
  const form = instructor.getByRole('dialog', { name: 'Đăng bài' });
  await form.getByLabel('Học viên được đánh giá').fill('thao');
  await expect(instructor.getByRole('listbox')).toContainText(
    'Máy này chưa tải danh sách học viên.',
  );
  await expect(instructor.getByRole('listbox')).not.toContainText('Không có học viên nào khớp.');
});

test('in a long course the lesson she is on is in sight, and every lesson is one tap away', async ({
  page,
}) => {
  const tag = unique();
  const course = await (
    await page.request.post('/api/courses', {
      data: {
        name: `Vẽ móng nâng cao ${tag}`,
        lessons: Array.from({ length: 12 }, (_, index) => ({ title: `Bài ${index + 1}` })),
      },
    })
  ).json();
  const student = await (
    await page.request.post('/api/students', {
      data: { name: `Lâm Thị Dài ${tag}`, courseIds: [course.id] },
    })
  ).json();
  for (const lesson of course.lessons.slice(0, 8)) {
    await page.request.put(`/api/students/${student.id}/progress/${lesson.id}`, {
      data: { completed: true },
    });
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/#/students');
  await page.getByRole('searchbox', { name: 'Tìm học viên…' }).fill(tag);
  await page.getByRole('button', { name: `Thao tác với ${student.name}` }).click();
  await page.getByRole('menuitem', { name: 'Đánh giá' }).click();
  const lessons = page
    .getByRole('dialog', { name: 'Đăng bài' })
    .getByRole('radiogroup', { name: 'Bài học' });
  const ninth = lessons.getByRole('radio', { name: 'Bài 9', exact: true });
  await expect(ninth).toBeChecked();
  await lessons.scrollIntoViewIfNeeded();
  // No box of its own to scroll: the chosen chip is on the form, seen when the form is.
  expect(await lessons.evaluate((group) => group.scrollHeight <= group.clientHeight + 1)).toBe(
    true,
  );
  await expect(lessons.getByRole('radio')).toHaveCount(7);
  await lessons.getByRole('button', { name: 'Xem tất cả (12)' }).click();
  await expect(lessons.getByRole('radio')).toHaveCount(13);
  await lessons.getByText('Bài 2', { exact: true }).click();
  await expect(lessons.getByRole('radio', { name: 'Bài 2', exact: true })).toBeChecked();
});
