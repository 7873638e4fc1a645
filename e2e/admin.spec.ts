import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BOTH_SIZES, expect, PHONE_SIZES, screenshot, test } from './fixtures.ts';
import { activeInstructor, signInByLink } from './support/accounts.ts';
import { expectAxisLabelsApart } from './support/charts.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { isOnTop } from './support/on-top.ts';

const unique = () => Math.random().toString(36).slice(2, 7);

test('an admin approves a pending instructor, and the course they proposed appears', async ({
  page,
  newVisitor,
}) => {
  test.slow();
  const tag = unique();
  const name = `Đỗ Minh Khôi ${tag}`;
  const course = `Đắp gel nghệ thuật ${tag}`;
  const visitor = await newVisitor();
  await signInByLink(visitor, uniqueEmail('gv-moi'));
  await expect(visitor).toHaveURL(/#\/onboarding$/);
  await visitor.getByText('Giảng viên', { exact: true }).click();
  await visitor.getByLabel('Họ và tên').fill(name);
  await visitor.getByLabel('Số điện thoại').fill('0987 654 321');
  await visitor.getByLabel('Đề xuất một khóa học (không bắt buộc)').check();
  await visitor.getByLabel('Tên khóa học').fill(course);
  await visitor.getByRole('button', { name: 'Hoàn tất' }).click();
  await expect(visitor.getByRole('heading', { name: 'Đã gửi yêu cầu' })).toBeVisible();

  await page.goto('/#/user-management');
  await page.getByRole('searchbox', { name: 'Tìm theo tên hoặc email' }).fill(tag);
  const card = page.getByRole('article', { name });
  await expect(card).toContainText(`Đề xuất khóa học: ${course}`);
  await expect(card).toContainText('Chờ duyệt');
  await screenshot(page, 'user-management');
  await card.getByRole('button', { name: 'Phê duyệt' }).click();
  await expect(
    page
      .getByTestId('toast')
      .filter({ hasText: `Đã phê duyệt ${name} và tạo khóa học` })
      .last(),
  ).toBeVisible();
  await expect(card).toBeHidden();

  await page.goto('/#/courses');
  await expect(page.getByRole('link', { name: new RegExp(course) }).first()).toBeVisible();

  // The new instructor is in: the app opens for them, and they were told.
  await visitor.reload();
  await expect(visitor).toHaveURL(/#\/activity$/);
  await visitor.getByRole('link', { name: 'Thông báo' }).first().click();
  await expect(
    visitor.getByText('Tài khoản của bạn đã được phê duyệt. Chào mừng bạn!'),
  ).toBeVisible();
});

test('an admin merges a pending student into the profile the academy already keeps', async ({
  page,
  newVisitor,
}) => {
  test.slow();
  const tag = unique();
  const kept = `Hoàng Thị Mai ${tag}`;
  const email = uniqueEmail('hv-moi');
  const created = await page.request.post('/api/students', { data: { name: kept } });
  expect(created.status()).toBe(201);

  const visitor = await newVisitor();
  await signInByLink(visitor, email);
  await expect(visitor).toHaveURL(/#\/onboarding$/);
  await visitor.getByText('Học viên', { exact: true }).click();
  await visitor.getByLabel('Họ và tên').fill(`Mai Hoàng ${tag}`);
  await visitor.getByLabel('Số điện thoại').fill('0987 654 322');
  await visitor.getByRole('button', { name: 'Hoàn tất' }).click();
  await expect(visitor.getByRole('heading', { name: 'Đã gửi yêu cầu' })).toBeVisible();

  await page.goto('/#/user-management?view=pending');
  await page.getByRole('searchbox', { name: 'Tìm theo tên hoặc email' }).fill(tag);
  const card = page.getByRole('article', { name: `Mai Hoàng ${tag}` });
  await card.getByRole('button', { name: 'Hợp nhất' }).click();
  const dialog = page.getByRole('dialog', { name: `Hợp nhất "Mai Hoàng ${tag}" vào hồ sơ có sẵn` });
  await dialog.getByRole('button', { name: 'Hợp nhất' }).click();
  await expect(dialog.getByText('Vui lòng chọn hồ sơ học viên để hợp nhất.')).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Tìm học viên' }).fill(`hoang thi mai ${tag}`);
  await dialog.getByRole('radio', { name: new RegExp(kept) }).check();
  await screenshot(page, 'user-management-merge');
  await dialog.getByRole('button', { name: 'Hợp nhất' }).click();
  await expect(
    page
      .getByTestId('toast')
      .filter({ hasText: `Đã hợp nhất hồ sơ vào ${kept}.` })
      .last(),
  ).toBeVisible();
  await expect(card).toBeHidden();

  // One profile remains: the academy's, now with her sign-in's e-mail, studying.
  await page.getByRole('tab', { name: 'Tất cả' }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  const merged = page.getByRole('article', { name: kept });
  await expect(merged).toContainText(email);
  await expect(merged).toContainText('Đang học');
});

test('a student signing up with the e-mail of her profile is offered it; the admin confirms', async ({
  page,
  newVisitor,
}) => {
  test.slow();
  const tag = unique();
  const kept = `Phạm Ngọc Bảo Trâm 💅 ${tag}`;
  const email = uniqueEmail('hv-co-ho-so');
  const created = await page.request.post('/api/students', { data: { name: kept, email } });
  expect(created.status()).toBe(201);

  const visitor = await newVisitor();
  await signInByLink(visitor, email);
  await expect(visitor).toHaveURL(/#\/onboarding$/);
  await visitor.getByText('Học viên', { exact: true }).click();
  await expect(visitor.getByTestId('known-profile')).toContainText(
    `Học viện đã có hồ sơ học viên với email này: ${kept}.`,
  );
  await expect(visitor.getByLabel('Họ và tên')).toHaveValue(kept);
  await screenshot(visitor, 'onboarding-known-profile');
  // An instructor signing up is not offered a student's profile.
  await visitor.getByText('Giảng viên', { exact: true }).click();
  await expect(visitor.getByTestId('known-profile')).toBeHidden();
  await visitor.getByText('Học viên', { exact: true }).click();
  await visitor.getByLabel('Họ và tên').fill(`Trâm ${tag}`);
  await visitor.getByLabel('Số điện thoại').fill('0987 654 323');
  await visitor.getByRole('button', { name: 'Hoàn tất' }).click();
  await expect(visitor.getByRole('heading', { name: 'Đã gửi yêu cầu' })).toBeVisible();

  await page.goto('/#/user-management?view=pending');
  await page.getByRole('searchbox', { name: 'Tìm theo tên hoặc email' }).fill(tag);
  const card = page.getByRole('article', { name: `Trâm ${tag}` });
  await expect(card.getByTestId('matching-profile')).toContainText(kept);
  await card.getByRole('button', { name: 'Hợp nhất vào hồ sơ này' }).click();
  // The profile comes chosen: one more tap confirms.
  const dialog = page.getByRole('dialog', { name: `Hợp nhất "Trâm ${tag}" vào hồ sơ có sẵn` });
  await expect(dialog.getByRole('radio', { name: new RegExp(tag) })).toBeChecked();
  await dialog.getByRole('button', { name: 'Hợp nhất' }).click();
  await expect(
    page
      .getByTestId('toast')
      .filter({ hasText: `Đã hợp nhất hồ sơ vào ${kept}.` })
      .last(),
  ).toBeVisible();
  await expect(card).toBeHidden();
});

test('an admin handles feedback in admin tools: its author is told live, and the log shows it', async ({
  page,
  newVisitor,
}) => {
  test.slow();
  const tag = unique();
  const name = `Lưu Thanh Hà ${tag}`;
  const visitor = await newVisitor();
  await signInByLink(visitor, uniqueEmail('gv-gopy'));
  await expect(visitor).toHaveURL(/#\/onboarding$/);
  await visitor.getByText('Giảng viên', { exact: true }).click();
  await visitor.getByLabel('Họ và tên').fill(name);
  await visitor.getByLabel('Số điện thoại').fill('0987 654 323');
  await visitor.getByRole('button', { name: 'Hoàn tất' }).click();
  await expect(visitor.getByRole('heading', { name: 'Đã gửi yêu cầu' })).toBeVisible();
  const pending = await page.request.get(`/api/admin/people?view=pending&q=${tag}`);
  const [person] = (await pending.json()).people;
  expect((await page.request.post(`/api/admin/people/${person.id}/approve`)).status()).toBe(200);

  await visitor.reload();
  await expect(visitor).toHaveURL(/#\/activity$/);
  await visitor.getByRole('link', { name: 'Tôi' }).first().click();
  const feedback = visitor.getByRole('region', { name: 'Góp ý cho quản trị viên' });
  await feedback.getByLabel('Nội dung góp ý').fill(`Xin thêm mẫu móng Tết ${tag}`);
  await feedback.getByRole('button', { name: 'Gửi góp ý' }).click();
  await expect(feedback).toContainText('Đã gửi');
  await visitor.getByRole('link', { name: 'Thông báo' }).first().click();

  await page.goto('/#/admin-tools');
  const section = page.getByRole('region', { name: 'Góp ý' });
  const item = section.getByRole('listitem').filter({ hasText: `Xin thêm mẫu móng Tết ${tag}` });
  await expect(item).toContainText(`Từ ${name}`);
  await item.getByRole('button', { name: 'Đánh dấu đã xem' }).click();
  await expect(item).toContainText('Đã xem bởi');
  await expect(
    visitor.getByText('Góp ý của bạn đã được xem.'),
    'the author hears of it without reloading',
  ).toBeVisible();
  await item.getByRole('button', { name: 'Đánh dấu đã xử lý' }).click();
  await expect(item).toContainText('Đã xử lý bởi');
  await expect(item.getByRole('button')).toHaveCount(0);

  const log = page.getByRole('region', { name: 'Nhật ký hoạt động' });
  // Other journeys write to the log at the same time: look for ours, not at the first row.
  await expect(
    log.getByRole('listitem').filter({ hasText: 'Trần Thu Hà xử lý góp ý' }).first(),
  ).toBeVisible();
  await screenshot(page, 'admin-tools');
});

test(
  'from a person’s menu an admin blocks with a reason, changes it, unblocks, changes the role and deletes',
  BOTH_SIZES,
  async ({ page, newVisitor }) => {
    test.slow();
    const tag = unique();
    const name = `Tạ Ngọc Diệp ${tag}`;
    const email = uniqueEmail('gv-chan');
    const teacher = await activeInstructor(newVisitor, name, email);

    await page.goto('/#/user-management?view=all');
    await page.getByRole('searchbox', { name: 'Tìm theo tên hoặc email' }).fill(tag);
    const card = page.getByRole('article', { name });
    const menu = card.getByRole('button', { name: `Thao tác với ${name}` });
    const choose = async (item: string) => {
      await menu.click();
      await page.getByRole('menu').getByRole('menuitem', { name: item }).click();
    };
    const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).last();

    await choose('Chặn');
    const blockDialog = page.getByRole('dialog', { name: `Chặn "${name}"` });
    await blockDialog.getByLabel('Lý do').fill(`Nghỉ dạy không báo ${tag}`);
    await blockDialog.getByRole('button', { name: 'Chặn' }).click();
    await expect(toast(`Đã chặn ${name}.`)).toBeVisible();
    await expect(card).toContainText(`Lý do: Nghỉ dạy không báo ${tag}`);
    await expect(card).toContainText('Bị chặn');
    // The blocked instructor's open app is signed out at once and says why; so does signing in.
    const refused = teacher
      .getByTestId('toast')
      .filter({ hasText: 'Tài khoản đang ở trạng thái "Bị chặn".' });
    await expect(refused).toBeVisible();
    await expect(teacher).toHaveURL(/#\/login$/);
    // Closed first (the app's own screens change without a reload, so a toast would stay).
    await refused.getByRole('button', { name: 'Đóng thông báo' }).click();
    await expect(refused).toHaveCount(0);
    await signInByLink(teacher, email);
    await expect(refused).toBeVisible();
    await expect(teacher).toHaveURL(/#\/login$/);

    await choose('Sửa lý do');
    const reasonDialog = page.getByRole('dialog', { name: `Lý do chặn "${name}"` });
    await expect(reasonDialog.getByLabel('Lý do')).toHaveValue(`Nghỉ dạy không báo ${tag}`);
    await reasonDialog.getByLabel('Lý do').fill(`Tạm nghỉ đến tháng sau ${tag}`);
    await reasonDialog.getByRole('button', { name: 'Lưu lý do' }).click();
    await expect(toast('Đã cập nhật lý do.')).toBeVisible();
    await expect(card).toContainText(`Lý do: Tạm nghỉ đến tháng sau ${tag}`);

    await choose('Bỏ chặn');
    await expect(toast(`Đã bỏ chặn ${name}.`)).toBeVisible();
    await expect(card).toContainText('Đang hoạt động');
    await expect(card).not.toContainText('Lý do:');
    await signInByLink(teacher, email);
    await expect(teacher).toHaveURL(/#\/activity$/);

    await choose('Đặt làm quản trị viên');
    await expect(toast(`Đã cập nhật vai trò của ${name}.`)).toBeVisible();
    await expect(card).toContainText('Quản trị viên');
    await choose('Đặt làm giảng viên');
    await expect(card).toContainText('Giảng viên');

    await choose('Xóa người dùng');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Xóa người dùng' }).click();
    await expect(toast(`Đã xóa ${name}.`)).toBeVisible();
    await expect(card).toHaveCount(0);
    const left = await page.request.get(`/api/admin/people?view=all&q=${tag}`);
    expect((await left.json()).people).toHaveLength(0);
  },
);

test(
  'the dashboard shows the academy’s figures and weekly charts, each with its table',
  BOTH_SIZES,
  async ({ page }) => {
    // This week has an evaluation, whichever journeys ran before.
    const tag = Date.now().toString(36);
    const course = await (
      await page.request.post('/api/courses', {
        data: { name: `Bảng điều khiển ${tag}`, lessons: [{ title: 'Một' }] },
      })
    ).json();
    const student = await (
      await page.request.post('/api/students', {
        data: { name: `Học viên số liệu ${tag}`, courseIds: [course.id] },
      })
    ).json();
    const evaluated = await page.request.post('/api/posts', {
      data: {
        kind: 'evaluation',
        studentId: student.id,
        courseId: course.id,
        rating: 8,
        text: 'Tốt',
      },
    });
    expect(evaluated.status()).toBe(201);
    await page.goto('/#/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Bảng điều khiển' })).toBeVisible();
    await expect(page.getByText('Khóa học đang mở')).toBeVisible();
    const charts = page.getByTestId('statistics-chart');
    await expect(charts).toHaveCount(5);
    // A chart with nothing to show says so in words instead of bare axes; the others are drawn.
    const drawn = charts.filter({ has: page.getByText('Xem dạng bảng') });
    await expect(drawn.first()).toBeVisible();
    for (const chart of await drawn.all()) await expectAxisLabelsApart(chart);
    await screenshot(page, 'dashboard');
    const evaluations = charts.filter({ hasText: 'Đánh giá mỗi tuần' });
    await evaluations.getByText('Xem dạng bảng').click();
    await expect(evaluations.getByRole('row')).toHaveCount(13);
    await expect(page.getByRole('region', { name: 'Giảng viên tích cực' })).toBeVisible();
  },
);

test.describe('maintenance of the academy @config', () => {
  test('an admin generates demo data, sees it in the app, wipes it, and downloads a backup', async ({
    page,
  }) => {
    test.slow();
    await page.goto('/#/admin-tools');
    const demo = page.getByRole('region', { name: 'Dữ liệu mẫu' });
    await expect(demo).toContainText('Chưa có dữ liệu mẫu.');
    await demo.getByRole('button', { name: 'Tạo dữ liệu mẫu' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Đã tạo dữ liệu mẫu.' }),
    ).toBeVisible();
    await expect(demo).toContainText('Đang có 15 người, 3 khóa học');

    await page.goto('/#/courses');
    await expect(page.getByRole('link', { name: /Vẽ móng nghệ thuật/ }).first()).toBeVisible();
    await page.goto('/#/activity');
    await expect(page.getByRole('article').first()).toBeVisible();

    await page.goto('/#/admin-tools');
    const backup = page.getByRole('region', { name: 'Sao lưu' });
    const downloading = page.waitForEvent('download');
    await backup.getByRole('button', { name: 'Tải bản sao lưu' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^hoc-vien-\d{8}-\d{6}-\d{3}\.tar\.gz$/);
    await screenshot(page, 'admin-tools-maintenance');
    // These journeys run at desktop size; the admins' phone matters too.
    await page.setViewportSize({ width: 390, height: 844 });
    await backup.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-tools-maintenance');
    await page.setViewportSize({ width: 1440, height: 900 });

    await demo.getByRole('button', { name: 'Xóa dữ liệu mẫu' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Xóa toàn bộ dữ liệu mẫu?' });
    await confirm.getByRole('button', { name: 'Xóa dữ liệu mẫu' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Đã xóa dữ liệu mẫu.' }),
    ).toBeVisible();
    await expect(demo).toContainText('Chưa có dữ liệu mẫu.');
    await page.goto('/#/courses');
    await expect(page.getByRole('link', { name: /Sơn gel cơ bản/ }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Vẽ móng nghệ thuật/ })).toHaveCount(0);
  });
});

test(
  'the admin sees the nightly backups, is warned on the dashboard when the last failed, and it clears',
  BOTH_SIZES,
  async ({ page }) => {
    const dataDir = process.env.E2E_DATA_DIR!;
    const hocVien = (...args: string[]) =>
      spawnSync(process.execPath, ['bin/hoc-vien.mjs', ...args], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: 'utf8',
      });
    await page.goto('/#/admin-tools');
    const backups = page.getByTestId('backup-status');
    await expect(backups).toContainText(
      'Máy chủ tự sao lưu lúc 03:00 mỗi đêm và giữ 7 bản mới nhất.',
    );

    // A backup into a folder that cannot be made, as a full disk or a lost mount would fail.
    const blocked = path.join(dataDir, `not-a-folder-${Date.now()}`);
    fs.writeFileSync(blocked, '');
    expect(hocVien('backup', '--to', blocked).status).toBe(1);
    // The admin opens the app afterwards (the night's failure is read fresh, not from the cache).
    await page.goto('/#/dashboard');
    await page.reload();
    const warning = page
      .getByRole('alert')
      .filter({ hasText: 'Bản sao lưu gần nhất đã quá 2 ngày' });
    await expect(warning).toBeVisible();
    await screenshot(page, 'dashboard-backup-warning');
    await warning.click();
    await expect(page).toHaveURL(/#\/admin-tools$/);
    await expect(backups.getByRole('alert')).toContainText('có một tệp cùng tên');
    await backups.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-tools-backup-failed');

    const taken = hocVien('backup');
    expect(taken.status, taken.stderr).toBe(0);
    await page.reload();
    await expect(backups).toContainText(/Bản gần nhất: .+ \(\d/);
    await expect(backups.getByRole('alert')).toHaveCount(0);
    await page.goto('/#/dashboard');
    await expect(page.getByText('Khóa học đang mở')).toBeVisible();
    await expect(page.getByText('Bản sao lưu gần nhất đã quá 2 ngày')).toHaveCount(0);
  },
);

test('a student is "Bảo lưu" in user management, in the menu, its dialog, the card and the toasts', async ({
  page,
}) => {
  const tag = unique();
  const name = `Khổng Thị Vy ${tag}`;
  const created = await page.request.post('/api/students', { data: { name } });
  expect(created.status()).toBe(201);

  await page.goto('/#/user-management?view=all');
  await page.getByRole('searchbox', { name: 'Tìm theo tên hoặc email' }).fill(tag);
  const card = page.getByRole('article', { name });
  const menu = card.getByRole('button', { name: `Thao tác với ${name}` });
  const toast = (text: string) => page.getByTestId('toast').filter({ hasText: text }).last();

  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Chặn' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Bảo lưu' }).click();
  const dialog = page.getByRole('dialog', { name: `Bảo lưu "${name}"` });
  await dialog.getByLabel('Lý do').fill('Nghỉ sinh con, học lại tháng sau');
  await dialog.getByRole('button', { name: 'Bảo lưu' }).click();
  await expect(toast(`Đã bảo lưu ${name}.`)).toBeVisible();
  await expect(card).toContainText('Bảo lưu bởi');
  await expect(card).not.toContainText('Chặn');

  await menu.click();
  await page.getByRole('menuitem', { name: 'Mở bảo lưu' }).click();
  await expect(toast(`Đã mở bảo lưu cho ${name}.`)).toBeVisible();
});

for (const size of PHONE_SIZES) {
  test(`an admin adds an instructor by e-mail; her first sign-in lands on an active instructor, with no onboarding (${size.width}×${size.height})`, async ({
    page,
    newVisitor,
    allowProblems,
  }) => {
    allowProblems(/status of 409/);
    const tag = unique();
    const name = `Cao Thị Ngọc ${tag}`;
    const email = uniqueEmail('gv-moi');
    await page.setViewportSize(size);
    await page.goto('/#/user-management');
    await page.getByRole('button', { name: 'Thêm giảng viên' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thêm giảng viên' });
    await dialog.getByLabel('Họ và tên').fill(name);
    await dialog.getByLabel('Email').fill('không phải email');
    await dialog.getByRole('button', { name: 'Gửi lời mời' }).click();
    await expect(dialog.getByText('Email không hợp lệ.')).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await screenshot(page, `invite-instructor-${size.width}`);
    await dialog.getByRole('button', { name: 'Gửi lời mời' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: `Đã thêm ${name} và gửi lời mời đến ${email}.` }),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    // The same e-mail twice is refused with the spec's words and the reason.
    await page.getByRole('button', { name: 'Thêm giảng viên' }).click();
    await dialog.getByLabel('Họ và tên').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Gửi lời mời' }).click();
    // Said inside the sheet, beside the button that failed: not under the sheet, nor over what
    // she typed; the sheet and what she typed stay, and closing the message leaves them.
    const failed = dialog.getByTestId('toast').filter({ hasText: 'Thêm giảng viên thất bại.' });
    await expect(failed).toContainText('Email này đã được dùng');
    await expect(dialog).toBeVisible();
    expect(await isOnTop(failed)).toBe(true);
    await screenshot(page, `invite-failed-sheet-open-${size.width}`);
    await failed.getByRole('button', { name: 'Đóng thông báo' }).click();
    await expect(failed).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await dialog.getByRole('button', { name: 'Hủy' }).click();

    const instructor = await newVisitor();
    await signInByLink(instructor, email);
    await expect(instructor).toHaveURL(/#\/activity$/);
    await expect(instructor.locator('[data-tour="create-post"]')).toBeVisible();
    const me = await (await instructor.request.get('/api/me')).json();
    expect(me).toMatchObject({
      state: 'member',
      person: { name, role: 'instructor', status: 'active' },
    });
  });
}
