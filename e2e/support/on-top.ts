import type { Locator } from '@playwright/test';

/**
 * Whether `target` is what a finger would touch at its centre: nothing (a sheet, a toast, a
 * bar) lies over it. Playwright's own visibility says only that it is drawn somewhere.
 */
export function isOnTop(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}
