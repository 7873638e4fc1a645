import {
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from '@playwright/test';
import { TUTORIAL_AUTOSTART_KEY } from '../shared/storage-keys.ts';

/**
 * `test` whose every page fails the journey on a console error, an uncaught exception, a
 * Content-Security-Policy violation or a 5xx answer from the app, so a journey that "looks
 * fine" cannot hide one. A journey that provokes one on purpose (a server answering 500, the
 * network cut) names what it expects with `allowProblems(/…/)`.
 */
export const test = base.extend<{
  problems: string[];
  allowedProblems: RegExp[];
  allowProblems: (...patterns: RegExp[]) => void;
  newVisitor: (options?: BrowserContextOptions) => Promise<Page>;
  layoutGuard: undefined;
}>({
  // A fresh list for each journey, filled by allowProblems.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixtures take their dependencies first
  allowedProblems: async ({}, use) => {
    await use([]);
  },
  allowProblems: async ({ allowedProblems }, use) => {
    await use((...patterns) => {
      allowedProblems.push(...patterns);
    });
  },
  /**
   * A page in a brand-new browser profile at this project's size: nobody signed in (unless
   * `options` say otherwise, as they may for another server, a user agent or service workers).
   */
  newVisitor: async ({ browser, allowedProblems }, use, testInfo) => {
    const contexts: BrowserContext[] = [];
    const visitorPages: Page[] = [];
    const visitorProblems: string[] = [];
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
      await reportCspViolations(context);
      contexts.push(context);
      const page = await context.newPage();
      watchProblems(page, visitorProblems, new URL(String(options.baseURL ?? baseURL)).origin);
      visitorPages.push(page);
      return page;
    });
    const problems = (await Promise.all(visitorPages.map(layoutProblems))).flat();
    for (const context of contexts) await context.close();
    expect(problems, 'screens wider than the phone, or bars and dialog buttons off screen').toEqual(
      [],
    );
    expect(
      unexpected(visitorProblems, allowedProblems),
      'console errors, exceptions, CSP violations or 5xx answers in a second browser',
    ).toEqual([]);
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
  problems: [
    async ({ page, allowedProblems, baseURL }, use) => {
      const problems: string[] = [];
      watchProblems(page, problems, new URL(String(baseURL)).origin);
      await use(problems);
      expect(
        unexpected(problems, allowedProblems),
        'console errors, exceptions, CSP violations or 5xx answers',
      ).toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    await withoutTours(page.context());
    await watchLayout(page.context());
    await reportCspViolations(page.context());
    await use(page);
  },
});

async function reportCspViolations(context: BrowserContext) {
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}

/*
 * What a journey must not meet. Chromium writes every 4xx answer to the console as "Failed to
 * load resource"; those are the app's own answers to what it asked (a signed-out 401, a deleted
 * post's 404), each handled in words on screen, so they are not counted. A 5xx from the app is
 * counted from the answer itself, whatever the console says.
 */
const CLOUDINARY_TEST_MEDIA = 'https://res.cloudinary.com/hoc-vien-test/';

function watchProblems(page: Page, problems: string[], appOrigin: string) {
  // Only the app's own pages are judged: the stand-in Google's sign-in page is not the app's.
  const onApp = () => page.url().startsWith(appOrigin);
  page.on('pageerror', (error) => {
    if (onApp()) problems.push(`page error: ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error' || !onApp()) return;
    const text = message.text();
    if (/^Failed to load resource: the server responded with a status of 4\d\d\b/.test(text)) {
      return;
    }
    const source = message.location().url;
    // The Cloudinary journeys' stand-in answers with addresses of a test cloud that nothing
    // serves (and this machine reaches no outside host); later journeys show those avatars.
    if (source.startsWith(CLOUDINARY_TEST_MEDIA)) return;
    problems.push(`console error: ${text}${source ? ` (${source.replace(appOrigin, '')})` : ''}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500 && response.url().startsWith(appOrigin)) {
      problems.push(`${response.status()} from ${new URL(response.url()).pathname}`);
    }
  });
}

function unexpected(problems: readonly string[], allowed: readonly RegExp[]): string[] {
  return problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
}

export { expect };

/**
 * Marks a journey that also runs at desktop size. Every journey runs on the phone, where the
 * academy's people work; at desktop run the ones whose screens change with the width (sidebar,
 * dialogs, tables, charts, the tour's spotlight). Running every journey twice doubled the suite's
 * time on a two-core machine, and most of them reach nothing at desktop that the phone run does not.
 */
export const BOTH_SIZES = { tag: '@both-sizes' };

/**
 * The smallest common Android (360×740) and the phone most of the academy's people hold
 * (390×844): a journey about what fits or what is in view runs at both.
 */
export const PHONE_SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

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
 * its bottom with nothing to scroll it into view; and, once a second, a control whose label is
 * broken inside a word short enough to fit on one line ("Khôn / g chấm"). Each finding is kept
 * with the screen's address.
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
          // Unseen, or seen only by screen readers (react-aria's visually hidden "Dismiss",
          // a pixel square that sits wherever its popover is before it is placed).
          if (box.width <= 1 || box.height <= 1) continue;
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
    const controls =
      'button, [role="button"], [role="tab"], [role="menuitem"], label:has(input[type="radio"]), label:has(input[type="checkbox"])';
    /** A word of the control's label laid out on two lines though it would fit on one. */
    const brokenWord = (control: HTMLElement): string | null => {
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
          const lines = new Set(rects.map((rect) => Math.round(rect.top)));
          const width = rects.reduce((sum, rect) => sum + rect.width, 0);
          // A word this short fits on a phone's line: the control was squeezed narrower than
          // it. A longer one (a typed name or address with no space) may have to break.
          if (lines.size > 1 && match[0].length <= 15 && width <= innerWidth / 2) return match[0];
        }
      }
      return null;
    };
    const checkWords = () => {
      const where = location.hash || '/';
      for (const control of document.querySelectorAll<HTMLElement>(controls)) {
        if (control.offsetWidth <= 1 || control.offsetHeight <= 1) continue;
        const word = brokenWord(control);
        if (word) {
          found.add(
            `${where}: "${word}" broken across lines in "${(control.textContent ?? '').trim().slice(0, 40)}"`,
          );
        }
      }
    };
    setInterval(check, 150);
    setInterval(checkWords, 1000);
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
