import { expect, type Page } from '@playwright/test';

/**
 * The screen's headings go down one level at a time (h1, then h2, then h3): a screen reader's
 * outline of the page, and what Lighthouse's heading-order check asks.
 */
export async function expectHeadingsInOrder(page: Page): Promise<void> {
  const levels = await page
    .locator('main')
    .locator('h1, h2, h3, h4, h5, h6')
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
  expect(levels[0]).toBe(1);
  const skips = levels.filter((level, index) => index > 0 && level > levels[index - 1]! + 1);
  expect(skips, `heading levels ${levels.join(', ')}`).toEqual([]);
}
