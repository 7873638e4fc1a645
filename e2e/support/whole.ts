import type { Locator } from '@playwright/test';

/**
 * Whether an element shows all of its text: nothing cut by an ellipsis, a line clamp or a box
 * too small (its content no wider or taller than the box that shows it).
 */
export function shownWhole(target: Locator): Promise<boolean> {
  return target.evaluate(
    (element) =>
      element.scrollWidth <= element.clientWidth + 1 &&
      element.scrollHeight <= element.clientHeight + 1,
  );
}
