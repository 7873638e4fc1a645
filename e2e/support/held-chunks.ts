import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * Holds back the built chunk of one source module (`module` as the build's manifest names it,
 * e.g. "app/routes/instructors.tsx") until the returned function is called: what a person sees
 * when they reach for something before its code has arrived. The manifest, not a file name,
 * says which chunk it is: two chunks may share a name (a screen and a feature's data, both
 * "instructors"). (Service workers are blocked in the journeys, so every fetch passes here.)
 */
export async function holdChunk(page: Page, module: string): Promise<() => void> {
  const manifest = JSON.parse(
    fs.readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const file = manifest[module]?.file;
  if (!file) throw new Error(`${module} has no chunk of its own in the build`);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) => url.pathname === `/${file}`,
    async (route) => {
      await held;
      await route.continue();
    },
  );
  return release;
}
