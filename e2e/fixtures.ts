import { test as base, expect, type Page } from '@playwright/test';

/**
 * `test` with a page that fails the test on any console error, uncaught exception or
 * Content-Security-Policy violation, so a journey that "looks fine" cannot hide one.
 */
export const test = base.extend<{ problems: string[] }>({
  problems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    await use(problems);
    expect(problems, 'console errors, exceptions or CSP violations').toEqual([]);
  },
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await use(page);
  },
});

export { expect };

/** Whether this project is the phone one (bottom bar) or the desktop one (sidebar). */
export function isPhone(page: Page): boolean {
  return (page.viewportSize()?.width ?? 0) < 768;
}

/** The navigation the person sees at this size. */
export function navigation(page: Page) {
  return isPhone(page) ? page.getByTestId('bottom-bar') : page.getByTestId('sidebar');
}

/** Saves a screenshot under .test-artifacts/screenshots, named by screen and size. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const size = isPhone(page) ? 'phone' : 'desktop';
  await page.screenshot({
    path: `.test-artifacts/screenshots/${name}-${size}.png`,
    fullPage: false,
  });
}
