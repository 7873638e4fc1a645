import { BOTH_SIZES, expect, isPhone, screenshot, test } from './fixtures.ts';
import { leavePendingNotice, onboard, signInByLink } from './support/accounts.ts';
import { expectAxisLabelsApart } from './support/charts.ts';
import { activatePerson, seedClass } from './support/fixtures-api.ts';
import { expectHeadingsInOrder } from './support/headings.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { photoFile } from './support/photos.ts';

/** Names unique to this run: the phone and desktop projects share one owner and database. */
const unique = () => Math.random().toString(36).slice(2, 7);

test(
  'an admin creates a course with a cover and three lessons, reorders them, then finds it by typing without diacritics',
  BOTH_SIZES,
  async ({ page }, testInfo) => {
    const tag = unique();
    const name = `Đắp bột nghệ thuật ${tag}`;
    await page.goto('/#/courses');
    await page.getByRole('button', { name: 'Thêm khóa học' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Thêm khóa học' });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Chọn ảnh bìa').setInputFiles(await photoFile());
    await expect(dialog.getByRole('img', { name: 'Ảnh bìa' })).toBeVisible({ timeout: 20_000 });

    await dialog.getByLabel('Tên khóa học').fill(name);
    await dialog.getByLabel('Mô tả').fill('Từ dũa form đến đắp bột hoa nổi.');
    const newLesson = dialog.getByLabel('Tên bài học mới');
    for (const title of ['Chuẩn bị móng', `Vẽ hoa mai ${tag}`, 'Phủ bóng']) {
      await newLesson.fill(title);
      await newLesson.press('Enter');
    }
    const lessonTitles = () =>
      dialog
        .getByRole('row')
        .evaluateAll((rows) =>
          rows.map((row) => (row.querySelector('input') as HTMLInputElement).value),
        );
    await expect.poll(lessonTitles).toEqual(['Chuẩn bị móng', `Vẽ hoa mai ${tag}`, 'Phủ bóng']);

    // Keyboard reordering: choose the third lesson's handle, move up past the gaps between the
    // other lessons (its own gap first), drop it at the top.
    const handle = dialog.getByRole('button', { name: 'Kéo để sắp xếp' }).nth(2);
    await handle.focus();
    await page.keyboard.press('Enter');
    // React Aria sets the drag up on the next animation frame and then moves focus to the first
    // drop position; arrows pressed before that are lost (seen once in CI under load).
    await expect(handle).not.toBeFocused();
    for (let step = 0; step < 3; step += 1) await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(lessonTitles).toEqual(['Phủ bóng', 'Chuẩn bị móng', `Vẽ hoa mai ${tag}`]);

    // Renaming in place.
    await dialog.getByLabel('Tên bài học 1').fill('Phủ bóng gel');
    await screenshot(page, 'course-form');
    await dialog.getByRole('button', { name: 'Tạo khóa học' }).click();
    await expect(
      page
        .getByRole('status')
        // No instructor was ticked, and the message says so (not "và phân công giảng viên").
        .filter({ hasText: 'Đã tạo khóa học. Chưa có giảng viên nào được phân công' })
        .last(),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article').filter({ hasText: name });
    await expect(card).toContainText('3 bài học');
    // The cover as a card shows it: the uploaded photo's medium variant.
    await expect(card.locator('img').first()).toHaveAttribute(
      'src',
      /^\/media\/[a-f0-9]{64}-md\.webp$/,
    );
    await screenshot(page, 'courses');
    // A phone shows more than two courses a screen, not one and a bit.
    if (isPhone(page)) {
      const box = (await card.boundingBox())!;
      expect(box.height / page.viewportSize()!.height).toBeLessThan(0.36);
    }

    // The grid/list choice is remembered.
    await page.getByRole('radio', { name: 'Dạng danh sách' }).click();
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Dạng danh sách' })).toBeChecked();
    await page.getByRole('radio', { name: 'Dạng lưới' }).click();

    // Search without diacritics finds the course and the lesson, grouped; the keyboard opens one.
    const search = page.getByRole('combobox', { name: 'Tìm khóa học, bài học, học viên…' });
    await search.fill(`dap bot nghe thuat ${tag}`);
    const results = page.getByRole('listbox');
    await expect(results.getByRole('option', { name, exact: true })).toBeVisible();
    await expect(results.getByText('Khóa học', { exact: true })).toBeVisible();
    await search.fill(`ve hoa mai ${tag}`);
    await expect(
      results.getByRole('option', { name: new RegExp(`Vẽ hoa mai ${tag}`) }),
    ).toBeVisible();
    await expect(results.getByText('Bài học', { exact: true })).toBeVisible();
    // On a phone the results are as wide as the screen allows, not the narrow field's width.
    if (isPhone(page)) {
      const list = (await results.boundingBox())!;
      const field = (await search.boundingBox())!;
      expect(list.width).toBeGreaterThan(field.width + 40);
      expect(list.x).toBeGreaterThanOrEqual(0);
      expect(list.x + list.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
    await screenshot(page, 'course-search');
    await search.fill(`dap bot nghe thuat ${tag}`);
    await expect(results.getByRole('option')).toHaveCount(1);
    await expect(results.getByRole('option', { name, exact: true })).toBeVisible();
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(page).toHaveURL(/#\/courses\/[0-9a-f-]{36}$/);
    testInfo.annotations.push({ type: 'course', description: name });
  },
);

test('a wrong course form says what is wrong, and nothing is saved', async ({ page }) => {
  await page.goto('/#/courses');
  await page.getByRole('button', { name: 'Thêm khóa học' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Thêm khóa học' });
  await dialog.getByLabel('Tên khóa học').fill('A');
  await dialog.getByLabel('Tên bài học mới').fill('Bài một');
  await dialog.getByLabel('Tên bài học mới').press('Enter');
  await dialog.getByLabel('Tên bài học 1').fill('   ');
  await dialog.getByRole('button', { name: 'Tạo khóa học' }).click();
  await expect(dialog.getByText('Tên khóa học cần ít nhất 2 ký tự.')).toBeVisible();
  await expect(dialog.getByText('Vui lòng nhập tên bài học.')).toBeVisible();
  // Deleting a lesson asks first.
  await dialog.getByRole('button', { name: 'Xóa bài học 1' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Xóa bài học " "?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Xóa bài học' }).click();
  await expect(dialog.getByText('Chưa có bài học nào.', { exact: false })).toBeVisible();
  await expect(dialog.getByLabel('Tên bài học mới')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('an admin edits a course from its page, then deletes it after being told what happens', async ({
  page,
}) => {
  const tag = unique();
  const created = await page.request.post('/api/courses', {
    data: { name: `Sơn thạch ${tag}`, lessons: [{ title: 'Sơn nền' }, { title: 'Sơn màu' }] },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  await page.goto(`/#/courses/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Sơn thạch ${tag}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Nội dung' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Sơn màu' })).toBeVisible();

  await page.getByRole('button', { name: 'Sửa' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sửa khóa học' });
  await dialog.getByLabel('Tên khóa học').fill(`Sơn thạch nâng cao ${tag}`);
  await dialog.getByLabel('Tên bài học 2').fill('Sơn màu thạch');
  await dialog.getByRole('button', { name: 'Lưu khóa học' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Đã cập nhật khóa học.' }).last(),
  ).toBeVisible();
  await expect(
    page.getByRole('heading', { level: 1, name: `Sơn thạch nâng cao ${tag}` }),
  ).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Sơn màu thạch' })).toBeVisible();
  await screenshot(page, 'course-detail');

  await page.getByRole('button', { name: 'Xóa khóa học' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Không thể hoàn tác.');
  await confirm.getByRole('button', { name: 'Xóa khóa học' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Đã xóa khóa học.' }).last(),
  ).toBeVisible();
  await expect(page).toHaveURL(/#\/courses$/);
  await expect(page.getByRole('article').filter({ hasText: tag })).toHaveCount(0);

  // The deleted course's address now says so, as does one that never existed.
  for (const address of [`/#/courses/${id}`, '/#/courses/not-a-course']) {
    await page.goto(address);
    await expect(page.getByTestId('course-not-found')).toContainText('Không tìm thấy khóa học');
  }
});

test(
  'a course page: lessons with completion and new activity, posts by lesson and page, students sorted, statistics charted',
  BOTH_SIZES,
  async ({ page }) => {
    const tag = unique();
    const me = (await (await page.request.get('/api/me')).json()).person;
    const lessons = ['Dũa form', 'Sơn nền', 'Vẽ hoa', 'Đính đá', 'Phủ bóng'];
    const created = await page.request.post('/api/courses', {
      data: {
        name: `Vẽ cọ bản ${tag}`,
        lessons: lessons.map((title) => ({ title })),
        instructorIds: [me.id],
      },
    });
    const course = await created.json();
    // Five students at 0, 1, 3, 4 and 5 of 5 lessons; one rated evaluation per completed lesson.
    await seedClass(course.id, me.email);

    // Content first: every lesson with posts is new to this person.
    await page.goto(`/#/courses/${course.id}?tab=content`);
    await expect(page.getByRole('tab', { name: 'Nội dung' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const rows = page.getByTestId('course-lesson');
    await expect(rows).toHaveCount(5);
    await expect(rows.nth(0)).toContainText('4/5 học viên đã hoàn thành');
    await expect(rows.nth(4)).toContainText('1/5 học viên đã hoàn thành');
    await expect(rows.filter({ hasText: 'Mới' })).toHaveCount(5);
    await screenshot(page, 'course-content');

    // A lesson opens its activity; having seen it, it is no longer new.
    await rows.nth(4).click();
    await expect(page).toHaveURL(/tab=activity&lesson=/);
    await expect(page.getByRole('link', { name: 'Bỏ lọc bài học' })).toContainText('Phủ bóng');
    const posts = page.getByRole('article');
    await expect(posts).toHaveCount(1);
    await expect(posts.first()).toContainText('Võ Thị Hằng');
    await page.getByRole('tab', { name: 'Nội dung' }).click();
    await expect(rows.filter({ hasText: 'Mới' })).toHaveCount(4);
    await expect(rows.nth(4)).not.toContainText('Mới');

    // All the course's posts: ten, then the other three as the person scrolls, then the end.
    await page.getByRole('tab', { name: 'Hoạt động' }).click();
    await expect(page).toHaveURL(/tab=activity$/);
    await expect(posts).toHaveCount(10);
    await expect(posts.first()).toContainText('đánh giá');
    await screenshot(page, 'course-activity');
    // As a person does: scrolls to the end, and again if cards still settling moved it away.
    await expect
      .poll(async () => {
        await page
          .getByTestId('activity-end')
          .or(page.getByRole('button', { name: 'Xem thêm' }))
          .scrollIntoViewIfNeeded();
        return posts.count();
      })
      .toBe(13);
    await expect(page.getByTestId('activity-end')).toHaveText(
      'Bạn đã xem hết bài đăng của khóa học.',
    );

    // Students: sortable; names in Vietnamese order by given name.
    await page.getByRole('tab', { name: 'Học viên' }).click();
    const students = page.getByTestId('course-student');
    await expect(students).toHaveCount(5);
    const names = () => students.locator('span.truncate').allTextContents();
    await expect
      .poll(names)
      .toEqual(['Trần Văn Bình', 'Lê Thị Cúc', 'Phạm Minh Đức', 'Võ Thị Hằng', 'Nguyễn Thị Hoa']);
    await page.getByLabel('Sắp xếp theo').selectOption({ label: 'Tiến độ' });
    await page.getByRole('button', { name: 'Tăng dần' }).click();
    await expect(students.first()).toContainText('Võ Thị Hằng');
    await expect(students.first()).toContainText('Đã học 5/5 bài');
    await expect(students.last()).toContainText('Nguyễn Thị Hoa');
    await expect(students.last()).toContainText('Chưa có đánh giá');
    await screenshot(page, 'course-students');

    // Statistics: four charts drawn from the seeded data, each with its table.
    await page.getByRole('tab', { name: 'Thống kê' }).click();
    const charts = page.getByTestId('statistics-chart');
    await expect(charts).toHaveCount(4);
    for (const chart of await charts.all()) {
      await expect(chart.locator('svg.recharts-surface')).toBeVisible();
      await expectAxisLabelsApart(chart);
    }
    await expect(charts.nth(0).locator('.recharts-bar-rectangle')).toHaveCount(5);
    await expect(charts.nth(2).locator('.recharts-line-curve')).toBeVisible();
    await charts.nth(0).getByText('Xem dạng bảng').click();
    const table = charts.nth(0).getByRole('table');
    await expect(table.getByRole('row', { name: /1\. Dũa form/ })).toContainText('4');
    await expect(table.getByRole('row', { name: /5\. Phủ bóng/ })).toContainText('1');
    await screenshot(page, 'course-statistics');

    // A student's page shows her progress here and the evaluations about her, newest first.
    await page.getByRole('tab', { name: 'Học viên' }).click();
    await students.filter({ hasText: 'Võ Thị Hằng' }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Võ Thị Hằng' })).toBeVisible();
    await expect(page.getByRole('region', { name: `Vẽ cọ bản ${tag}` })).toContainText(
      'Đã học 5/5 bài',
    );
    const evaluations = page.getByRole('article');
    await expect(evaluations).toHaveCount(5);
    await expect(evaluations.first()).toContainText('Phủ bóng');
  },
);

test('an instructor proposes a course and the admin approves it', async ({ page, newVisitor }) => {
  const tag = unique();
  const name = `Nail box ${tag}`;
  const email = uniqueEmail('gv');
  const teacher = await newVisitor();
  await signInByLink(teacher, email);
  await onboard(teacher, 'Giảng viên', 'Đỗ Thu Trang');
  // A pending instructor leaves the notice for the login screen; once approved, signs in again.
  await leavePendingNotice(teacher);
  await activatePerson(email);
  await signInByLink(teacher, email);
  await expect(teacher).toHaveURL(/#\/activity$/);
  await teacher.goto('/#/courses');
  await teacher.getByRole('button', { name: 'Đề xuất khóa học' }).first().click();
  const dialog = teacher.getByRole('dialog', { name: 'Đề xuất khóa học' });
  await dialog.getByLabel('Tên khóa học').fill(name);
  await dialog.getByLabel('Tên bài học mới').fill('Gắn móng úp');
  await dialog.getByLabel('Tên bài học mới').press('Enter');
  await dialog.getByRole('button', { name: 'Gửi đề xuất' }).click();
  await expect(
    teacher.getByRole('status').filter({ hasText: 'Đã gửi đề xuất.' }).last(),
  ).toBeVisible();
  const proposed = teacher.getByRole('article').filter({ hasText: name });
  await expect(proposed).toContainText('Chờ duyệt');

  await page.goto('/#/courses');
  const pending = page.getByRole('article').filter({ hasText: name });
  await expect(pending).toContainText('Chờ duyệt');
  await expectHeadingsInOrder(page);
  await pending.getByRole('button', { name: 'Duyệt' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Đã duyệt khóa học "${name}".` })
      .last(),
  ).toBeVisible();
  await expect(pending).not.toContainText('Chờ duyệt');
  await expectHeadingsInOrder(page);

  await teacher.reload();
  await expect(proposed).toBeVisible();
  await expect(proposed).not.toContainText('Chờ duyệt');
});
