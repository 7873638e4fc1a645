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
import { startMailCatcher } from '../server/test/mail-catcher.ts';
import { browserCookies } from '../server/test/sessions.ts';
import { TUTORIAL_AUTOSTART_KEY } from '../shared/storage-keys.ts';
import { signInToDemoAcademy } from '../support/demo-academy.ts';
import { audit, type LighthouseScores } from '../support/lighthouse.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/provision.ts';
import { startServer } from './served.ts';

export interface LighthouseResult {
  login: LighthouseScores;
  /** A first visit: storage cleared, so the guided tour opens. */
  activity: LighthouseScores;
  /** The visit instructors make every day: signed in before, tours done, the app cached. */
  activityReturning: LighthouseScores;
  /** Chromium's own installability verdict for the app (errors, empty when installable). */
  installabilityErrors: string[];
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
