import { expect, type Page } from '@playwright/test';
import { photoFile } from './photos.ts';

/*
 * An instructor evaluating a student in class, as the offline journeys need it: a student in a
 * course of her own, the screens loaded before the signal goes, an evaluation with three photos.
 */

export const unique = () => Math.random().toString(36).slice(2, 7);

/** A student in a course of her own, made through the API by whoever `page` is signed in as. */
export async function studentInCourse(page: Page, tag: string) {
  const made = await page.request.post('/api/courses', {
    data: { name: `Đắp gel ${tag}`, lessons: [{ title: 'Dũa form' }, { title: 'Đắp bột' }] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const course = await made.json();
  const name = `Nguyễn Thị Phương Thảo ${tag} 💅`;
  const created = await page.request.post('/api/students', {
    data: { name, courseIds: [course.id] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: (await created.json()).id as string, name };
}

/** The student list, searched for her: what the app has loaded before class. */
export async function loadStudents(page: Page, tag: string, name: string) {
  await page.goto('/#/students');
  await page.getByRole('searchbox', { name: 'Tìm học viên…' }).fill(tag);
  await expect(page.getByText(name).first()).toBeVisible();
  await feedReadyOffline(page);
}

/**
 * The feed, open long enough for the post form's code to be fetched (it is, a little after the
 * feed shows, for when the signal goes): the form then opens in this page with no connection.
 */
export async function feedReadyOffline(page: Page) {
  await page.goto('/#/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            // The form's own chunk, not the small `lazy-post-form-dialog` that loads it.
            .some((entry) => /\/assets\/post-form-dialog-[^/]*\.js$/.test(entry.name)),
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  await quiet(page);
}

/** Waits until the page has had no request under way for a second (the form's code is all in). */
async function quiet(page: Page) {
  let open = 0;
  let lastChange = Date.now();
  const started = () => {
    open += 1;
    lastChange = Date.now();
  };
  const ended = () => {
    open -= 1;
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    // The live event stream stays open: one long request is the page at rest.
    await expect
      .poll(() => open <= 1 && Date.now() - lastChange > 1_000, { timeout: 15_000 })
      .toBe(true);
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}

/** Writes an evaluation of her with three photos and posts it: it goes to the outbox. */
export async function writeEvaluation(page: Page, tag: string, name: string, text: string) {
  await page.locator('[data-tour="create-post"]').click();
  const form = page.getByRole('dialog', { name: 'Đăng bài' });
  await form.getByLabel('Học viên được đánh giá').fill(tag);
  // The list first shows the students loaded before, then only her once the letters apply: the
  // tap waits for that, or the option can move from under it.
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options).toHaveCount(1);
  // A tap on the option that did not take (once in a full run on a loaded host: the list open,
  // the letters still in the field) is tapped again, as she would; the journey is about what
  // happens to the post, not about that tap.
  const field = form.getByLabel('Học viên được đánh giá');
  await expect(async () => {
    if ((await field.inputValue()) !== name) {
      await options.filter({ hasText: tag }).click({ timeout: 3_000 });
    }
    await expect(field).toHaveValue(name, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await form
    .getByRole('radiogroup', { name: 'Điểm (0–10)' })
    .getByText('8', { exact: true })
    .click();
  await form.getByLabel('Nội dung').fill(text);
  await form
    .locator('input[type=file]')
    .setInputFiles([await photoFile(), await photoFile(), await photoFile()]);
  await expect(form.getByTestId('photo-item')).toHaveCount(3);
  await form.getByRole('button', { name: 'Đăng bài' }).click();
  await expect(form).toBeHidden();
}

/** The posts about her, as the server has them. */
export async function postsAbout(page: Page, studentId: string) {
  const feed = await (await page.request.get(`/api/posts?studentId=${studentId}`)).json();
  return feed.posts as Array<{ id: string; text: string; media: unknown[]; rating: number }>;
}
