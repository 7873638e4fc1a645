/**
 * Lighthouse on the mobile profile (simulated slow 4G) against the production server, in Debian's
 * Chromium, signed in as an instructor (the admin) of the demo nail-art academy, on fixed phones
 * (issue #68): before each run the host's benchmark index is measured as Lighthouse measures it
 * and the CPU slowdown set to it over the phone's (support/phone.ts): `mid` (index 1,000, the
 * Galaxy A and Redmi phones instructors carry) and `low` (264). `4x` is Lighthouse's own fixed
 * slowdown, a different phone on every host, kept for comparison with older figures.
 * BENCH_LIGHTHOUSE_DEVICES=mid,low,4x chooses (default mid,low). Prints and returns each
 * category's score (0–100), the paint and blocking figures, the index and slowdown of every run,
 * and whether the installability checks pass.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { browserCookies } from '../server/test/sessions.ts';
import { TUTORIAL_AUTOSTART_KEY } from '../shared/storage-keys.ts';
import { signInToDemoAcademy } from '../support/demo-academy.ts';
import { audit, type LighthouseScores } from '../support/lighthouse.ts';
import { cpuSlowdownFor, hostBenchmarkIndex, PHONES, type PhoneTier } from '../support/phone.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/provision.ts';
import { startServer, stopServer } from './served.ts';

/** One page at one kind of visit: the median run (by performance) of `runs`. */
export type Device = PhoneTier | '4x';

export interface LighthouseRow extends LighthouseScores {
  page: string;
  visit: 'first' | 'returning' | 'signed out';
  device: Device;
  /** Every run's performance score, to show the spread. */
  runs: number[];
  /** Every run's host index and the slowdown it ran with. */
  indexes: number[];
  slowdowns: number[];
}

const devices = (): Device[] =>
  (process.env.BENCH_LIGHTHOUSE_DEVICES ?? 'mid,low')
    .split(',')
    .map((name) => name.trim())
    .filter((name): name is Device => name === '4x' || name in PHONES);

/** This host's benchmark index now, by the clock as Lighthouse counts it, in a blank tab. */
async function hostIndexNow(port: number): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    const index = await hostBenchmarkIndex(page, { by: 'clock' });
    await page.close();
    return index;
  } finally {
    await browser.close();
  }
}

export interface LighthouseResult {
  rows: LighthouseRow[];
  /** Chromium's own installability verdict for the app (errors, empty when installable). */
  installabilityErrors: string[];
}

/** The screens an instructor returns to, by their route with the demo academy's ids. */
export async function returningPages(url: string, cookie: string): Promise<string[]> {
  const read = async <T>(path: string) =>
    (await (await fetch(`${url}/api${path}`, { headers: { cookie } })).json()) as T;
  const course = (await read<{ courses: Array<{ id: string }> }>('/courses')).courses[0]!;
  const student = (await read<{ students: Array<{ id: string }> }>('/students')).students[0]!;
  const post = (await read<{ posts: Array<{ id: string }> }>('/posts')).posts[0]!;
  return [
    '/activity',
    '/courses',
    '/students',
    `/courses/${course.id}`,
    `/students/${student.id}`,
    `/posts/${post.id}`,
    '/notifications',
  ];
}

/**
 * Lighthouse's mobile profile on the demo academy, each page `runs` times (the median is kept,
 * BENCH_LIGHTHOUSE_RUNS overrides): /login signed out; /activity on an instructor's first visit
 * (signed in, nothing stored, the tour opens); then every screen an instructor returns to, with
 * the app installed and the tours done. BENCH_LIGHTHOUSE_ONLY=<text> keeps the pages whose route
 * contains it.
 */
export async function measureLighthouse(
  runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
): Promise<LighthouseResult> {
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
  const only = process.env.BENCH_LIGHTHOUSE_ONLY ?? '';
  const rows: LighthouseRow[] = [];
  const measure = async (
    page: string,
    visit: LighthouseRow['visit'],
    options: Parameters<typeof audit>[2],
  ) => {
    if (!page.includes(only)) return;
    for (const device of devices()) {
      const results = [];
      const indexes = [];
      for (let run = 0; run < runs; run += 1) {
        // Measured before each run: the host's speed moves from minute to minute.
        const index = device === '4x' ? 0 : await hostIndexNow(chrome.port);
        indexes.push(index);
        results.push(
          await audit(`${server.url}/#${page}`, chrome.port, {
            ...options,
            name: `${visit}-${device}-${run}`,
            ...(device === '4x' ? {} : { cpuSlowdownMultiplier: cpuSlowdownFor(index, device) }),
          }),
        );
      }
      const sorted = [...results].sort((a, b) => a.performance - b.performance);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const row = {
        page,
        visit,
        device,
        ...median,
        runs: results.map((result) => result.performance),
        indexes,
        slowdowns: results.map((result) => result.cpuSlowdownMultiplier),
      };
      console.info(
        `lighthouse ${device} ${visit} ${page}: ${row.runs.join(', ')} (FCP ${row.fcpMs} LCP ${row.lcpMs} TBT ${row.tbtMs} CLS ${row.cls}; a11y ${row.accessibility}; host index ${indexes.join(', ')} before, ${results.map((result) => result.benchmarkIndex).join(', ')} in Lighthouse; CPU ×${row.slowdowns.join(', ×')})`,
      );
      rows.push(row);
    }
  };
  try {
    const cookie = await signInToDemoAcademy(server.url, mail);
    await measure('/login', 'signed out', {});
    await measure('/activity', 'first', { cookie });
    const installabilityErrors = await installability(server.url, chrome.port);
    await becomeReturningInstructor(server.url, chrome.port, cookie);
    for (const page of await returningPages(server.url, cookie)) {
      await measure(page, 'returning', { keepStorage: true });
    }
    return { rows, installabilityErrors };
  } finally {
    chrome.kill();
    await stopServer(server.child);
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
  const { rows, installabilityErrors } = await measureLighthouse();
  console.table(
    rows.map(
      ({ page, visit, device, runs, fcpMs, lcpMs, tbtMs, cls, accessibility, bestPractices }) => ({
        page,
        visit,
        device,
        performance: runs.join(', '),
        'FCP / LCP / TBT ms': `${fcpMs} / ${lcpMs} / ${tbtMs}`,
        cls,
        'a11y / practices': `${accessibility} / ${bestPractices}`,
      }),
    ),
  );
  console.info(`installability errors: ${installabilityErrors.join(', ') || 'none'}`);
}
