import { expect, screenshot, test } from './fixtures.ts';

test('instructors are listed with the courses they teach, and a profile shows them', async ({
  page,
}) => {
  await page.goto('/#/instructors');
  const owner = page.getByRole('link', { name: /Trần Thu Hà/ });
  await expect(owner).toContainText('Quản trị viên');
  await expect(owner).toContainText('Sơn gel cơ bản');
  await screenshot(page, 'instructors');
  await owner.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trần Thu Hà' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sơn gel cơ bản' })).toBeVisible();
  await screenshot(page, 'instructor-detail');
  await page.goto('/#/instructors/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('instructor-not-found')).toContainText('Không tìm thấy giảng viên');
});

test('my profile: details edited, privacy switches saved, feedback sent with its status', async ({
  page,
}) => {
  const tag = Math.random().toString(36).slice(2, 7);
  await page.goto('/#/profile');
  const details = page.getByRole('region', { name: 'Thông tin cá nhân' });
  await details.getByRole('button', { name: 'Sửa thông tin' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sửa thông tin' });
  await dialog.getByLabel('Số điện thoại').fill('123');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(dialog.getByText('Số điện thoại không hợp lệ.')).toBeVisible();
  await dialog.getByLabel('Số điện thoại').fill('0912 345 678');
  await dialog.getByLabel('Giới thiệu').fill(`Giảng viên vẽ móng ${tag}`);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Đã cập nhật thông tin.' }).last(),
  ).toBeVisible();
  await expect(details).toContainText(`Giảng viên vẽ móng ${tag}`);

  const hide = page.getByRole('switch', { name: 'Ẩn bài đăng của tôi' });
  await hide.click();
  await expect(hide).toHaveAttribute('aria-checked', 'true');
  await expect(
    page.getByRole('status').filter({ hasText: 'Đã lưu cài đặt quyền riêng tư.' }).last(),
  ).toBeVisible();
  await page.reload();
  await expect(hide).toHaveAttribute('aria-checked', 'true');
  await hide.click();
  await expect(hide).toHaveAttribute('aria-checked', 'false');

  // Nothing bookmarked yet (bookmarking arrives with the feed).
  await expect(
    page.getByRole('region', { name: 'Bài đã lưu' }).getByText('Bạn chưa lưu bài nào.'),
  ).toBeVisible();
  const feedback = page.getByRole('region', { name: 'Góp ý cho quản trị viên' });
  await feedback.getByRole('button', { name: 'Gửi góp ý' }).click();
  await expect(feedback.getByText('Vui lòng nhập nội dung góp ý.')).toBeVisible();
  await feedback.getByLabel('Nội dung góp ý').fill(`Thêm mẫu móng Tết ${tag}`);
  await feedback.getByRole('button', { name: 'Gửi góp ý' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Đã gửi góp ý. Cảm ơn bạn!' }).last(),
  ).toBeVisible();
  await expect(feedback.getByTestId('my-feedback')).toContainText(`Thêm mẫu móng Tết ${tag}`);
  await expect(feedback.getByTestId('my-feedback')).toContainText('Đã gửi');
  await screenshot(page, 'profile');
});
