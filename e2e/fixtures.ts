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
  layoutGuard: undefined;
}>({
  /**
   * A page in a brand-new browser profile at this project's size: nobody signed in (unless
   * `options` say otherwise, as they may for another server, a user agent or service workers).
   */
  newVisitor: async ({ browser }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    const visitorPages: Page[] = [];
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
      await watchLayout(context);
      contexts.push(context);
      const page = await context.newPage();
      visitorPages.push(page);
      return page;
    });
    const problems = (await Promise.all(visitorPages.map(layoutProblems))).flat();
    for (const context of contexts) await context.close();
    expect(problems, 'screens wider than the phone, or bars and dialog buttons off screen').toEqual(
      [],
    );
  },
  /*
   * On in every journey: a screen wider than the viewport, a fixed bar below or beside it, or a
   * dialog's button outside it fails the journey, whichever screen it happened on.
   */
  layoutGuard: [
    async ({ page }, use) => {
      await use(undefined);
      const problems = await layoutProblems(page);
      expect(
        problems,
        'screens wider than the phone, or bars and dialog buttons off screen',
      ).toEqual([]);
    },
    { auto: true },
  ],
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
    await watchLayout(page.context());
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

/*
 * Watches every screen a page shows, several times a second, for what a phone person cannot
 * reach: a page wider than the viewport (the ⋮ menus and the bottom bar slide off), the bottom
 * bar not wholly on screen, or a button of an open dialog outside the viewport's width or below
 * its bottom with nothing to scroll it into view. Each finding is kept with the screen's address.
 */
async function watchLayout(context: BrowserContext) {
  await context.addInitScript(() => {
    // Kept in sessionStorage too, so a finding survives the page being reloaded.
    const key = 'hv.e2e.layout';
    const found = new Set<string>(JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[]);
    const add = found.add.bind(found);
    found.add = (value: string) => {
      add(value);
      sessionStorage.setItem(key, JSON.stringify([...found]));
      return found;
    };
    (window as unknown as { __hvLayout: Set<string> }).__hvLayout = found;
    const check = () => {
      const root = document.documentElement;
      const width = root.clientWidth;
      const where = location.hash || '/';
      if (root.scrollWidth > width + 1) {
        // The element reaching furthest right names the culprit.
        let widest: Element | undefined;
        let right = width;
        for (const element of document.body.querySelectorAll('*')) {
          const edge = element.getBoundingClientRect().right;
          if (edge > right) {
            right = edge;
            widest = element;
          }
        }
        const name = widest
          ? `${widest.tagName.toLowerCase()}.${String(widest.className).split(' ').slice(0, 4).join('.')} "${(widest.textContent ?? '').trim().slice(0, 40)}"`
          : '?';
        found.add(`${where}: page ${root.scrollWidth}px wide at ${width}px (${name})`);
      }
      const bar = document.querySelector<HTMLElement>('[data-testid="bottom-bar"]');
      const barBox = bar?.getBoundingClientRect();
      if (
        barBox &&
        barBox.height > 0 &&
        (barBox.bottom > innerHeight + 1 || barBox.right > width + 1)
      ) {
        found.add(
          `${where}: bottom bar off screen (${Math.round(barBox.bottom)} > ${innerHeight})`,
        );
      }
      for (const dialog of document.querySelectorAll<HTMLElement>(
        '[role="dialog"], [role="alertdialog"]',
      )) {
        for (const button of dialog.querySelectorAll<HTMLButtonElement>('button')) {
          const box = button.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) continue;
          // A dialog's way out and its submit must be reachable without scrolling the page:
          // beside the screen never, and below or above it only when not a close or submit.
          const essential = button.type === 'submit' || button.ariaLabel === 'Đóng';
          const offVertically = box.bottom > innerHeight + 1 || box.top < -1;
          if (box.right > width + 1 || box.left < -1 || (essential && offVertically)) {
            found.add(
              `${where}: dialog button "${button.textContent?.trim() || button.ariaLabel}" off screen`,
            );
          }
        }
      }
    };
    setInterval(check, 150);
    addEventListener('hashchange', () => setTimeout(check, 50));
  });
}

async function layoutProblems(page: Page): Promise<string[]> {
  if (page.isClosed()) return [];
  return page
    .evaluate(() => [...((window as unknown as { __hvLayout?: Set<string> }).__hvLayout ?? [])])
    .catch(() => []);
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
