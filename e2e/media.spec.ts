import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, screenshot, test } from './fixtures.ts';
import { photoFile } from './support/photos.ts';

test('a person changes their photo: progress shows while it uploads, then the photo is theirs', async ({
  page,
}) => {
  await page.goto('/#/profile');
  const avatar = page.getByRole('main').locator('img').first();
  // The generated avatar, or a photo another journey of the same owner already set.
  await expect(avatar).toHaveAttribute(
    'src',
    /^(\/api\/avatars\/.+\.svg|\/media\/[a-f0-9]{64}\.webp)$/,
  );
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const before = await avatar.getAttribute('src');

  // A slow mobile connection, so the progress is there to be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  await page.getByLabel('Đổi ảnh đại diện').setInputFiles(await photoFile());
  const progress = page.getByRole('progressbar', { name: 'Tiến độ tải ảnh' });
  await expect(progress).toBeVisible();
  await screenshot(page, 'avatar-uploading');
  await expect(progress).toBeHidden({ timeout: 20_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(
    page.getByTestId('toast').filter({ hasText: 'Đã cập nhật ảnh đại diện.' }),
  ).toBeVisible();
  // An avatar is shown from the photo's small variant.
  await expect(avatar).toHaveAttribute('src', /^\/media\/[a-f0-9]{64}-sm\.webp$/);
  await expect
    .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await avatar.getAttribute('src')).not.toBe(before);
  await screenshot(page, 'avatar-done');
});

test('a file that is not a photo is refused with the server’s Vietnamese message', async ({
  page,
}) => {
  await page.goto('/#/profile');
  const file = path.join(os.tmpdir(), `hv-not-a-photo-${Date.now()}.jpg`);
  fs.writeFileSync(file, '<!doctype html><html><script>alert(1)</script></html>');
  await page.getByLabel('Đổi ảnh đại diện').setInputFiles(file);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Tệp này không phải ảnh được hỗ trợ.' }),
  ).toBeVisible();
});

test('a photo chosen before the upload settings arrive waits for them; settings that cannot load say so', async ({
  page,
  allowProblems,
}) => {
  // The settings' request is cut on purpose.
  allowProblems(/net::ERR_FAILED.*\/api\/upload-target/);
  // Settings that cannot be loaded at all, on a device that never had them (a device that had
  // them sends the photo where it went before): the spec's "try again shortly", nothing sent.
  await page.route('**/api/upload-target', (route) => route.abort());
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/uploads'))
      uploads.push(request.url());
  });
  await page.goto('/#/profile');
  await page.getByLabel('Đổi ảnh đại diện').setInputFiles(await photoFile());
  // The settings query tries three times (1 s and 2 s apart) before it gives up.
  await expect(
    page.getByRole('alert').filter({
      hasText: 'Đang tải cài đặt dịch vụ, vui lòng thử lại sau giây lát.',
    }),
  ).toBeVisible({ timeout: 15_000 });
  expect(uploads).toEqual([]);

  // The settings answer late: the photo chosen meanwhile goes up once they are there.
  let answerSettings!: () => void;
  const settingsHeld = new Promise<void>((resolve) => {
    answerSettings = resolve;
  });
  await page.unroute('**/api/upload-target');
  await page.route('**/api/upload-target', async (route) => {
    await settingsHeld;
    await route.continue();
  });
  await page.reload();
  await page.getByLabel('Đổi ảnh đại diện').setInputFiles(await photoFile());
  await expect(page.getByRole('progressbar', { name: 'Tiến độ tải ảnh' })).toBeVisible();
  answerSettings();
  await expect(
    page.getByTestId('toast').filter({ hasText: 'Đã cập nhật ảnh đại diện.' }),
  ).toBeVisible();
  expect(uploads).toHaveLength(1);
});

test.describe('uploads through Cloudinary @config', () => {
  const cloud = 'hoc-vien-test';
  const standIn = () => `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/cloudinary`;

  test.afterEach(async ({ page }) => {
    await page.request.put('/api/admin/upload-settings', { data: { service: 'builtin' } });
  });

  test('photos go straight to Cloudinary with the preset, and its answer is used', async ({
    page,
  }) => {
    // The admin chooses Cloudinary on the admin tools screen.
    await page.goto('/#/admin-tools');
    // The photos' section: the academy's identity above it has a "Lưu" of its own.
    const uploads = page.getByRole('region', { name: 'Lưu trữ ảnh' });
    await page.getByRole('radio', { name: /^Cloudinary/ }).check();
    // Said in words an admin reads, not "upload preset không ký".
    await expect(page.getByText(/upload preset cho phép tải lên không cần chữ ký/)).toBeVisible();
    await expect(page.getByText(/không ký\)/)).toHaveCount(0);
    // A name Cloudinary would refuse is named under its box, as the server would name it.
    await page.getByLabel('Cloud name', { exact: true }).fill('học viện');
    await uploads.getByRole('button', { name: 'Lưu', exact: true }).click();
    await expect(page.getByText('Chỉ gồm chữ, số, "-" và "_".')).toBeVisible();
    await page.getByLabel('Cloud name', { exact: true }).fill(cloud);
    await expect(page.getByText('Chỉ gồm chữ, số, "-" và "_".')).toBeHidden();
    await page.getByLabel('Upload preset', { exact: true }).fill('hv_unsigned');
    await uploads.getByRole('button', { name: 'Lưu', exact: true }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Đã lưu cài đặt.' }).last(),
    ).toBeVisible();
    await screenshot(page, 'admin-tools');
    // Cloudinary's addresses are answered by the stand-in, which speaks its format.
    await page.route('https://api.cloudinary.com/**', async (route) => {
      const url = new URL(route.request().url());
      route.fulfill({ response: await route.fetch({ url: `${standIn()}${url.pathname}` }) });
    });
    // Chromium's interception cannot read an upload's file bytes back, so the stored image is
    // served from a fixture at Cloudinary's address.
    const fixture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#c2185b' },
    })
      .jpeg()
      .toBuffer();
    await page.route('https://res.cloudinary.com/**', (route) =>
      route.fulfill({ contentType: 'image/jpeg', body: fixture }),
    );
    await page.goto('/#/profile');
    await page.getByLabel('Đổi ảnh đại diện').setInputFiles(await photoFile());
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Đã cập nhật ảnh đại diện.' }),
    ).toBeVisible();
    const avatar = page.getByRole('main').locator('img').first();
    await expect(avatar).toHaveAttribute(
      'src',
      new RegExp(`^https://res\\.cloudinary\\.com/${cloud}/image/upload/`),
    );
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('Cloudinary’s own error message is shown, and a missing preset is named', async ({
    page,
  }) => {
    await page.request.put('/api/admin/upload-settings', {
      data: { service: 'cloudinary', cloudName: cloud, uploadPreset: 'wrong_preset' },
    });
    await page.route('https://api.cloudinary.com/**', async (route) => {
      const url = new URL(route.request().url());
      route.fulfill({ response: await route.fetch({ url: `${standIn()}${url.pathname}` }) });
    });
    // The page has the new settings before the photo is chosen (a photo chosen earlier waits).
    const settingsLoaded = () =>
      page.waitForResponse((r) => r.url().endsWith('/api/upload-target'));
    await Promise.all([settingsLoaded(), page.goto('/#/profile')]);
    await page.getByLabel('Đổi ảnh đại diện').setInputFiles(await photoFile());
    await expect(
      page.getByRole('alert').filter({ hasText: 'Upload preset not found' }),
    ).toBeVisible();

    await page.request.put('/api/admin/upload-settings', {
      data: { service: 'cloudinary', cloudName: cloud, uploadPreset: null },
    });
    await Promise.all([settingsLoaded(), page.reload()]);
    await page.getByLabel('Đổi ảnh đại diện').setInputFiles(await photoFile());
    await expect(
      page.getByRole('alert').filter({
        hasText: 'Cấu hình Cloudinary chưa được thiết lập. Vui lòng vào Bảng điều khiển của Admin.',
      }),
    ).toBeVisible();
  });
});
