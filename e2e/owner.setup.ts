import fs from 'node:fs';
import { expect, test } from './fixtures.ts';
import { linkFromMail, uniqueEmail } from './support/mailbox.ts';
import { OWNER_STATE } from './support/paths.ts';

/*
 * The first journey of every run, on an empty academy: the owner signs in by e-mail link and
 * onboards as an instructor with a proposed course, so becomes the admin and the course is
 * created at once (spec 4). Its session is what the other journeys start from.
 */
test('the first instructor signs in by e-mail link, becomes admin, and the proposed course exists', async ({
  page,
}) => {
  const email = uniqueEmail('owner');
  await page.goto('/');
  await expect(page).toHaveURL(/#\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Gửi liên kết đăng nhập' }).click();
  await expect(page.getByTestId('toast')).toHaveText(
    'Đã gửi liên kết đăng nhập. Vui lòng kiểm tra email của bạn!',
  );
  await expect(page.getByTestId('link-sent')).toContainText(email);

  const link = await linkFromMail(email);
  expect(link).toContain('/#/finishLogin?token=');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Hoàn tất đăng nhập' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();

  await expect(page).toHaveURL(/#\/onboarding$/);
  await page.getByText('Giảng viên', { exact: true }).click();
  await page.getByLabel('Họ và tên').fill('Trần Thu Hà');
  await page.getByLabel('Số điện thoại').fill('0912 345 678');
  await page.getByLabel('Đề xuất một khóa học (không bắt buộc)').check();
  await page.getByLabel('Tên khóa học').fill('Sơn gel cơ bản');
  await page.getByLabel('Mô tả khóa học').fill('Nhập môn sơn gel cho người mới.');
  await page.getByRole('button', { name: 'Hoàn tất' }).click();

  await expect(page).toHaveURL(/#\/activity$/);
  const me = await (await page.request.get('/api/me')).json();
  expect(me).toMatchObject({ state: 'member', person: { role: 'admin', status: 'active', email } });
  await page.goto('/#/profile');
  await expect(page.getByText(`Quản trị viên · ${email}`)).toBeVisible();

  fs.mkdirSync('.test-artifacts', { recursive: true });
  await page.context().storageState({ path: OWNER_STATE });
});
