import { expect, type Page } from '@playwright/test';

/** The phone most of the academy's people hold, as the @config journeys use it. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

/** Waits until every picture on screen has arrived and drawn (a broken one fails the journey). */
export async function picturesShown(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.images]
          .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
          .every((image) => image.complete && image.naturalWidth > 0),
      ),
    )
    .toBe(true);
}

/** Screenshots at 390, 360 and 1440 wide, then back to the phone. */
export async function shotsAtThreeSizes(page: Page, name: string) {
  await picturesShown(page);
  await page.screenshot({ path: `.test-artifacts/screenshots/${name}-phone.png` });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `.test-artifacts/screenshots/${name}-360.png` });
  await page.setViewportSize({ width: 1440, height: 900 });
  await picturesShown(page);
  await page.screenshot({ path: `.test-artifacts/screenshots/${name}-desktop.png` });
  await page.setViewportSize(PHONE.viewport);
}
