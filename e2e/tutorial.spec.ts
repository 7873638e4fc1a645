import { TUTORIAL_AUTOSTART_KEY } from '../shared/storage-keys.ts';
import { BOTH_SIZES, expect, isPhone, screenshot, test } from './fixtures.ts';

/** Turns the tours on for this tab (journeys run with them off) and reloads. */
async function toursOn(page: import('@playwright/test').Page) {
  await page.evaluate((key) => {
    sessionStorage.setItem('hv.e2e.toursOn', '1');
    localStorage.setItem(key, 'on');
  }, TUTORIAL_AUTOSTART_KEY);
  await page.reload();
}

test(
  'the students tour waits for a student to be created, finishes, and does not start again',
  BOTH_SIZES,
  async ({ page }) => {
    test.slow();
    await page.goto('/#/students');
    await toursOn(page);
    const card = page.getByRole('dialog', { name: 'Tìm học viên' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Bước 1/3');
    await expect(card.getByRole('button', { name: 'Tiếp theo' })).toBeFocused();
    await screenshot(page, 'tutorial');
    await card.getByRole('button', { name: 'Tiếp theo' }).click();

    const add = page.getByRole('dialog', { name: 'Thêm học viên' });
    await expect(add).toContainText('Bước 2/3');
    await add.getByRole('button', { name: 'Tôi hiểu rồi' }).click();
    // Waiting: the screen is usable; the tour goes on when the student is saved.
    await expect(
      page.getByRole('status').filter({ hasText: 'Hướng dẫn đang chờ bạn' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Thêm học viên' }).click();
    const form = page.getByRole('dialog', { name: 'Thêm học viên' });
    await form.getByLabel('Họ và tên').fill(`Học viên hướng dẫn ${Date.now().toString(36)}`);
    await form.getByRole('button', { name: 'Thêm học viên' }).click();

    const last = page.getByRole('dialog', { name: 'Danh sách học viên' });
    await expect(last).toBeVisible();
    await expect(last).toContainText('Bước 3/3');
    await last.getByRole('button', { name: 'Hoàn tất' }).click();
    await expect(page.getByTestId('tutorial')).toBeHidden();

    // Completed for this person: not again.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Học viên' })).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(page.getByTestId('tutorial')).toBeHidden();
  },
);

test('Escape skips a tour and marks it completed', async ({ page }) => {
  await page.goto('/#/courses');
  await toursOn(page);
  const card = page.getByRole('dialog', { name: 'Tìm mọi thứ' });
  await expect(card).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tutorial')).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Khóa học' })).toBeVisible();
  await page.waitForTimeout(1_500);
  await expect(page.getByTestId('tutorial')).toBeHidden();
  const stored = await page.evaluate(
    (autostart) =>
      Object.entries(localStorage).find(
        ([key]) => key.startsWith('hv.tutorial.') && key !== autostart,
      ),
    TUTORIAL_AUTOSTART_KEY,
  );
  expect(JSON.parse(stored?.[1] ?? '{}')).toMatchObject({ courses: true });
});

test(
  'the lit hole takes its target’s shape: round around the feed’s round create button on a phone',
  BOTH_SIZES,
  async ({ page }) => {
    await page.goto('/#/activity');
    await toursOn(page);
    const card = page.getByRole('dialog', { name: 'Đăng bài và đánh giá' });
    await expect(card).toBeVisible();
    const button = page.locator('[data-tour="create-post"]');
    const hole = page.getByTestId('tutorial-spotlight');
    // Wait for the hole to settle around the button (it eases into place).
    await expect
      .poll(async () => {
        const [target, lit] = await Promise.all([button.boundingBox(), hole.boundingBox()]);
        return target && lit ? Math.round(lit.width - target.width) : null;
      })
      .toBe(12);
    const { width, radius } = await hole.evaluate((element) => ({
      width: element.getBoundingClientRect().width,
      radius: Number.parseFloat(getComputedStyle(element).borderTopLeftRadius),
    }));
    // On a phone the button floats, round; on a desktop it is a rounded rectangle in the header.
    if (isPhone(page)) expect(radius).toBeCloseTo(width / 2, 0);
    else expect(radius).toBe(18);
    await screenshot(page, 'tutorial-feed');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('tutorial')).toBeHidden();
  },
);

test('the courses tour works inside the course form: its buttons answer, a reload goes on', async ({
  page,
}) => {
  test.slow();
  await page.goto('/#/courses');
  await toursOn(page);
  const first = page.getByRole('dialog', { name: 'Tìm mọi thứ' });
  await first.getByRole('button', { name: 'Tiếp theo' }).click();
  const add = page.getByRole('dialog', { name: 'Thêm khóa học' });
  await expect(add).toContainText('Bước 2/4');
  await add.getByRole('button', { name: 'Tôi hiểu rồi' }).click();
  // The waiting note says which step it waits for.
  await expect(page.getByRole('status').filter({ hasText: 'Thêm khóa học' })).toBeVisible();

  // A reload goes on from the step it was at, not from step 1.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Thêm khóa học' })).toContainText('Bước 2/4');
  await page
    .getByRole('dialog', { name: 'Thêm khóa học' })
    .getByRole('button', { name: 'Tôi hiểu rồi' })
    .click();
  await page.locator('[data-tour="add-course"]').click();

  // In the form: the tour's words are inside the sheet, above its fields, and answer taps.
  const form = page.getByRole('dialog').filter({ has: page.getByLabel('Tên khóa học') });
  const note = form.getByTestId('tutorial');
  await expect(note).toContainText('Điền khóa học');
  await screenshot(page, 'tutorial-course-form');
  const noteBox = await note.boundingBox();
  const nameBox = await form.getByLabel('Tên khóa học').boundingBox();
  expect(noteBox!.y + noteBox!.height).toBeLessThanOrEqual(nameBox!.y);

  // A reload with the form open goes back to the step that opens it.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Thêm khóa học' })).toContainText('Bước 2/4');
  await page
    .getByRole('dialog', { name: 'Thêm khóa học' })
    .getByRole('button', { name: 'Tôi hiểu rồi' })
    .click();
  await page.locator('[data-tour="add-course"]').click();
  await expect(form.getByTestId('tutorial')).toBeVisible();

  // "Bỏ qua" ends the tour and leaves the form open with what is typed; it presses nothing else.
  await form.getByLabel('Tên khóa học').fill('Khóa đang gõ');
  await form.getByTestId('tutorial').getByRole('button', { name: 'Bỏ qua' }).click();
  await expect(page.getByTestId('tutorial')).toBeHidden();
  await expect(form.getByLabel('Tên khóa học')).toHaveValue('Khóa đang gõ');
});

test('a tour waiting for an action stays on its screen, and goes on from that step on return', async ({
  page,
}) => {
  const student = await (
    await page.request.post('/api/students', {
      data: { name: `Học viên ghé thăm ${Date.now().toString(36)}` },
    })
  ).json();
  await page.goto('/#/students');
  await page.evaluate(() => sessionStorage.removeItem('hv.tutorial.place'));
  await toursOn(page);
  const card = page.getByRole('dialog', { name: 'Tìm học viên' });
  await card.getByRole('button', { name: 'Tiếp theo' }).click();
  await page
    .getByRole('dialog', { name: 'Thêm học viên' })
    .getByRole('button', { name: 'Tôi hiểu rồi' })
    .click();
  const waiting = page.getByRole('status').filter({ hasText: 'Hướng dẫn đang chờ bạn' });
  await expect(waiting).toBeVisible();

  // Another screen (a student's page, where lesson summaries are): no banner over it.
  await page.evaluate((id) => {
    window.location.hash = `#/students/${id}`;
  }, student.id);
  await expect(page.getByRole('heading', { level: 1, name: student.name })).toBeVisible();
  await expect(waiting).toHaveCount(0);
  await expect(page.getByTestId('tutorial')).toHaveCount(0);

  // Back: the tour is at the step it was left at, not at step 1.
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Thêm học viên' })).toContainText('Bước 2/3');
  await expect(page.getByRole('dialog', { name: 'Tìm học viên' })).toHaveCount(0);
});

/** Whether two boxes share any point. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Walks a tour's spotlit steps, checking that each card leaves its target clear. */
async function walkClear(
  page: import('@playwright/test').Page,
  steps: ReadonlyArray<readonly [title: string, target: string, button: string]>,
  shot: string,
) {
  for (const [title, target, button] of steps) {
    const card = page.getByRole('dialog', { name: title });
    await expect(card).toBeVisible();
    // The card has settled beside its target (it follows it frame by frame).
    await page.waitForTimeout(300);
    const pointedAt = page.locator(`[data-tour="${target}"]:visible`).first();
    await screenshot(page, `${shot}-${target}`);
    expect(overlap((await card.boundingBox())!, (await pointedAt.boundingBox())!), title).toBe(
      false,
    );
    await card.getByRole('button', { name: button }).click();
  }
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px no step of a tour covers what it points at, nor does its waiting note`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize(viewport);
    const shot = `tutorial-${viewport.width}`;
    await page.goto('/#/activity');
    await toursOn(page);
    await walkClear(
      page,
      [
        ['Đăng bài và đánh giá', 'create-post', 'Tiếp theo'],
        ['Tìm nhanh', 'feed-search', 'Tiếp theo'],
        ['Lọc bảng tin', 'feed-filters', 'Tiếp theo'],
        ['Thông báo', 'nav-notifications', 'Hoàn tất'],
      ],
      shot,
    );
    // Steps that wait for her to tap: the note that says so leaves the button free.
    for (const [screen, steps, target] of [
      [
        '/students',
        [
          ['Tìm học viên', 'student-search', 'Tiếp theo'],
          ['Thêm học viên', 'add-student', 'Tôi hiểu rồi'],
        ],
        'add-student',
      ],
      [
        '/courses',
        [
          ['Tìm mọi thứ', 'course-search', 'Tiếp theo'],
          ['Thêm khóa học', 'add-course', 'Tôi hiểu rồi'],
        ],
        'add-course',
      ],
    ] as const) {
      await page.goto(`/#${screen}`);
      await walkClear(page, steps, shot);
      const note = page.getByRole('status').filter({ hasText: 'Hướng dẫn đang chờ bạn' });
      await expect(note).toBeVisible();
      const button = page.locator(`[data-tour="${target}"]:visible`).first();
      await screenshot(page, `${shot}-${target}-waiting`);
      expect(overlap((await note.boundingBox())!, (await button.boundingBox())!), target).toBe(
        false,
      );
    }
  });
}
