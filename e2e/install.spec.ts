import { expect, screenshot, test } from './fixtures.ts';
import { OWNER_STATE } from './support/paths.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test('on iPhone Safari the add-to-home-screen steps show once, a few seconds in, and say push needs the installed app', async ({
  newVisitor,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'an iPhone is a phone');
  // The owner, signed in, on an iPhone.
  const page = await newVisitor({ userAgent: IPHONE_SAFARI, storageState: OWNER_STATE });
  await page.goto('/#/activity');
  const sheet = page.getByRole('dialog', { name: 'Thêm Học viện vào màn hình chính' });
  await expect(page.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(sheet).toBeVisible({ timeout: 10_000 });
  await expect(sheet).toContainText('Chạm vào nút Chia sẻ');
  await expect(sheet).toContainText('"Thêm vào MH chính"');
  await expect(sheet).toContainText('Thông báo đẩy trên iPhone chỉ hoạt động khi');
  await screenshot(page, 'install-ios');
  await sheet.getByRole('button', { name: 'Đã hiểu' }).click();
  await expect(sheet).toBeHidden();

  // Once: not again on the next visit.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
  await page.waitForTimeout(5_000);
  await expect(sheet).toBeHidden();
});

test('where the browser offers to install, a card offers it a few seconds in and opens the browser’s dialog', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // What Chromium dispatches on an installable site (Playwright's off-the-record contexts
    // never get the real one): an event whose prompt() opens the browser's dialog.
    window.addEventListener('load', () => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      Object.assign(event, {
        prompt: async () => {
          (window as unknown as { prompted: boolean }).prompted = true;
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(event);
    });
  });
  await page.goto('/#/activity');
  const card = page.getByRole('region', { name: 'Cài Học viện lên máy' });
  await expect(card).toBeVisible({ timeout: 10_000 });
  await card.getByRole('button', { name: 'Cài đặt' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted))
    .toBe(true);
  await expect(card).toBeHidden();
});
