import type { Page } from '@playwright/test';

/**
 * Holds back the built chunk whose file name starts with `name` (e.g. "post-menu") until the
 * returned function is called: what a person sees when they reach for something before its code
 * has arrived. (Service workers are blocked in the journeys, so every fetch passes here.)
 */
export async function holdChunk(page: Page, name: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/assets/${name}-[^/]*\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
