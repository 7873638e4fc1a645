import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { TUTORIAL_AUTOSTART_KEY } from '../web/features/tutorial/tutorial.tsx';

/**
 * `test` with a page that fails the test on any console error, uncaught exception or
 * Content-Security-Policy violation, so a journey that "looks fine" cannot hide one.
 */
export const test = base.extend<{
  problems: string[];
  newVisitor: (options?: BrowserContextOptions) => Promise<Page>;
}>({
  /**
   * A page in a brand-new browser profile at this project's size: nobody signed in (unless
   * `options` say otherwise, as they may for another server, a user agent or service workers).
   */
  newVisitor: async ({ browser }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const { baseURL, viewport, isMobile, hasTouch, locale, serviceWorkers } =
        testInfo.project.use;
      const context = await browser.newContext({
        baseURL,
        viewport: viewport ?? null,
        isMobile: isMobile ?? false,
        hasTouch: hasTouch ?? false,
        locale: locale ?? 'vi-VN',
        serviceWorkers: serviceWorkers ?? 'block',
        // Explicitly empty: otherwise the project's signed-in owner state would be inherited.
        storageState: { cookies: [], origins: [] },
        extraHTTPHeaders: {
          'x-forwarded-for': `10.${randomByte()}.${randomByte()}.${randomByte()}`,
        },
        ...options,
      });
      await withoutTours(context);
      contexts.push(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },
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
    await withoutTours(page.context());
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await use(page);
  },
});

export { expect };

/**
 * Marks a journey that also runs at desktop size. Every journey runs on the phone, where the
 * academy's people work; at desktop run the ones whose screens change with the width (sidebar,
 * dialogs, tables, charts, the tour's spotlight). Running every journey twice doubled the suite's
 * time on a two-core machine, and most of them reach nothing at desktop that the phone run does not.
 */
export const BOTH_SIZES = { tag: '@both-sizes' };

/**
 * Journeys run without the guided tours opening by themselves (the person's own setting,
 * "Tự mở hướng dẫn"); the tutorial journey turns them on.
 */
async function withoutTours(context: BrowserContext) {
  await context.addInitScript((key) => {
    if (!sessionStorage.getItem('hv.e2e.toursOn')) localStorage.setItem(key, 'off');
  }, TUTORIAL_AUTOSTART_KEY);
}

const randomByte = () => Math.floor(Math.random() * 254) + 1;

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
