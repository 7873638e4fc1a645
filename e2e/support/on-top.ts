import type { Locator } from '@playwright/test';

/**
 * Whether nothing (a sheet, a toast, a bar) lies over any part of `target`: its centre and the
 * middle of each edge, just inside it, are all it. A message over only the top of a button still
 * takes the taps of a thumb that lands there. Playwright's own visibility says only that it is
 * drawn somewhere.
 */
export function isOnTop(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inset = 2;
    const middleX = box.left + box.width / 2;
    const middleY = box.top + box.height / 2;
    const points = [
      [middleX, middleY],
      [middleX, box.top + inset],
      [middleX, box.bottom - inset],
      [box.left + inset, middleY],
      [box.right - inset, middleY],
    ] as const;
    return points.every(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element.contains(hit);
    });
  });
}
