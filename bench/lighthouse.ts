/**
 * Lighthouse on the mobile profile (its default: a mid-range phone, simulated slow 4G and CPU)
 * against the production server, in Debian's Chromium: `/login` signed out, and `/activity`
 * signed in as an instructor of the demo nail-art academy. Prints and returns each category's
 * score (0–100) and whether the installability checks pass.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/provision.ts';
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { browserCookies } from '../server/test/sessions.ts';
import { TUTORIAL_AUTOSTART_KEY } from '../web/features/tutorial/tutorial.tsx';
import { signInToDemoAcademy, startServer } from './served.ts';

export interface LighthouseScores {
  /** Where the page ended up (a signed-out visit to /activity ends at /login). */
  finalUrl: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The audits that fail, with their titles (scores under 0.9, for a reader to act on). */
  failing: string[];
  /** First and largest contentful paint and total blocking time, as Lighthouse simulates them. */
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
}

export interface LighthouseResult {
  login: LighthouseScores;
  /** A first visit: storage cleared, so the guided tour opens. */
  activity: LighthouseScores;
  /** The visit instructors make every day: signed in before, tours done, the app cached. */
  activityReturning: LighthouseScores;
  /** Chromium's own installability verdict for the app (errors, empty when installable). */
  installabilityErrors: string[];
}

interface AuditOptions {
  /** Sent with every request: a signed-in visit. */
  cookie?: string;
  categories?: Array<'performance' | 'accessibility' | 'best-practices'>;
  /** Keeps the browser's storage and caches (a returning visit); Lighthouse clears them otherwise. */
  keepStorage?: boolean;
}

/**
 * One Lighthouse run on the mobile profile against a Chromium listening for DevTools on `port`
 * (also used by the journey that holds accessibility and best practices to their floor).
 */
export async function audit(
  url: string,
  port: number,
  {
    cookie,
    categories = ['performance', 'accessibility', 'best-practices'],
    keepStorage = false,
  }: AuditOptions = {},
): Promise<LighthouseScores> {
  // A run Lighthouse could not finish (about one in ten here) has no scores: it is taken again
  // once, then its reason is given rather than zeros.
  let result: RunnerResult | undefined;
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      disableStorageReset: keepStorage,
      ...(cookie ? { extraHeaders: { cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (!result.lhr.runtimeError) break;
  }
  if (!result || result.lhr.runtimeError) {
    const error = result?.lhr.runtimeError;
    throw new Error(`Lighthouse on ${url} did not finish: ${error?.code} ${error?.message}`);
  }
  // BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each full report (open in the Lighthouse viewer).
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) {
    fs.mkdirSync(reports, { recursive: true });
    const name = new URL(url).hash.replace(/\W+/g, '') || 'root';
    fs.writeFileSync(path.join(reports, `${name}.json`), String(result.report));
  }
  const { audits } = result.lhr;
  const score = (key: string) => Math.round((result.lhr.categories[key]?.score ?? 0) * 100);
  const failing = Object.values(audits)
    .filter(
      (item) =>
        item.score !== null &&
        item.score < 0.9 &&
        item.scoreDisplayMode !== 'informative' &&
        item.scoreDisplayMode !== 'manual',
    )
    .map((item) => `${item.id} (${item.score})`);
  const millis = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
  return {
    finalUrl: result.lhr.finalDisplayedUrl,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    failing,
    fcpMs: millis('first-contentful-paint'),
    lcpMs: millis('largest-contentful-paint'),
    tbtMs: millis('total-blocking-time'),
  };
}

export async function measureLighthouse(): Promise<LighthouseResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-lighthouse-'));
  const mail = await startMailCatcher();
  const server = await startServer({ DATA_DIR: dataDir, SMTP_URL: mail.url });
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      '--headless=new',
      ...CHROMIUM_ARGS,
      `--user-data-dir=${path.join(dataDir, 'chromium')}`,
    ],
  });
  try {
    const cookie = await signInToDemoAcademy(server.url, mail);

    const login = await audit(`${server.url}/#/login`, chrome.port);
    const activity = await audit(`${server.url}/#/activity`, chrome.port, { cookie });
    const installabilityErrors = await installability(server.url, chrome.port);
    await becomeReturningInstructor(server.url, chrome.port, cookie);
    const activityReturning = await audit(`${server.url}/#/activity`, chrome.port, {
      keepStorage: true,
    });
    return { login, activity, activityReturning, installabilityErrors };
  } finally {
    chrome.kill();
    server.child.kill('SIGTERM');
    await mail.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Leaves the browser as an instructor's phone is after a first day with the app: signed in, the
 * guided tours no longer opening by themselves, the service worker holding the app's files.
 */
async function becomeReturningInstructor(url: string, port: number, cookie: string) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    await context.addCookies(browserCookies(cookie, url));
    const page = await context.newPage();
    await page.goto(`${url}/#/activity`);
    await page.evaluate((key) => localStorage.setItem(key, 'off'), TUTORIAL_AUTOSTART_KEY);
    await page.reload();
    await page.getByRole('article').first().waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.close();
  } finally {
    await browser.close();
  }
}

/** Asks Chromium itself (DevTools protocol) whether it would offer to install the app. */
async function installability(url: string, port: number): Promise<string[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${url}/#/login`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    return installabilityErrors.map((error) => error.errorId);
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureLighthouse(), null, 2));
}
