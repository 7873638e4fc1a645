/**
 * Photographs the app for the richer install dialog (the manifest's `screenshots`): the feed of
 * the demo nail-art academy at phone size (narrow) and at desktop size (wide), as WebP into
 * web/public/screenshots. Run after `npm run build` when the screens change:
 * `npx tsx scripts/make-store-screenshots.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { loadConfig } from '../server/config.ts';
import { startServer } from '../server/start.ts';
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { browserCookies } from '../server/test/sessions.ts';
import { signInToDemoAcademy } from '../support/demo-academy.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } from '../support/provision.ts';

const outDir = path.resolve(import.meta.dirname, '../web/public/screenshots');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-store-shots-'));
const mail = await startMailCatcher();
const port = await freePort();
const server = await startServer(
  loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: mail.url,
    LOG_LEVEL: 'warn',
  }),
);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  const cookie = await signInToDemoAcademy(server.url, mail);

  fs.mkdirSync(outDir, { recursive: true });
  const shots = [
    { name: 'feed-narrow.webp', viewport: { width: 390, height: 844 }, isMobile: true },
    { name: 'feed-wide.webp', viewport: { width: 1440, height: 900 }, isMobile: false },
  ];
  for (const shot of shots) {
    const context = await browser.newContext({
      viewport: shot.viewport,
      isMobile: shot.isMobile,
      hasTouch: shot.isMobile,
      locale: 'vi-VN',
      timezoneId: 'Asia/Ho_Chi_Minh',
      serviceWorkers: 'block',
    });
    await context.addCookies(browserCookies(cookie, server.url));
    // No guided tour or install offer over the picture.
    await context.addInitScript(() => {
      localStorage.setItem('hv.tutorial.autostart', 'off');
      localStorage.setItem('hv.install.iosSeen', '1');
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/#/activity`);
    // Photos lead: the first evaluation with photos at the top of the screen, photos loaded.
    const withPhotos = page
      .getByRole('article')
      .filter({ has: page.locator('img[src*="/media/"]') })
      .first();
    await withPhotos.waitFor();
    await withPhotos.evaluate((article) => {
      window.scrollTo(0, article.getBoundingClientRect().top + window.scrollY - 16);
    });
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() =>
      [...document.images]
        .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
        .every((image) => image.complete && image.naturalWidth > 0),
    );
    await page.evaluate(() => document.fonts.ready);
    const png = await page.screenshot();
    await sharp(png).webp({ quality: 80 }).toFile(path.join(outDir, shot.name));
    await context.close();
  }
  console.log(`screenshots written to ${outDir}`);
} finally {
  await browser.close();
  await server.close();
  await mail.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
