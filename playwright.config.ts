import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { OWNER_STATE } from './e2e/support/paths.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, freePort } from './support/provision.ts';

/*
 * Browser journeys in Debian's Chromium (never a downloaded browser) against the real server,
 * built app and a fresh SQLite database, at phone and desktop sizes.
 */
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_MAILBOX_PORT ??= String(await freePort());
process.env.E2E_OIDC_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'hv-e2e-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

const phone = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
const desktop = { viewport: { width: 1440, height: 900 } };

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.test-artifacts/playwright',
  fullyParallel: true,
  // One browser at a time. On the two-core machines CI runs on, a second worker makes the run no
  // faster and each journey several times slower, so journeys time out: every step is a chain
  // of processes (page, browser, driver, server), and with both cores busy each link waits its
  // turn (bench/README.md has the figures).
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Generous for a slow machine; a journey that hangs still fails, only later.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    serviceWorkers: 'block',
    // Recording a trace costs about a quarter of a journey's time; only a retry records one.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // The academy's owner signs up first (and so becomes admin); the journeys reuse the session.
    { name: 'setup', testMatch: /\.setup\.ts$/, use: { viewport: { width: 390, height: 844 } } },
    {
      name: 'phone',
      dependencies: ['setup'],
      testIgnore: /\.setup\.ts$/,
      grepInvert: /@config/,
      use: { ...phone, storageState: OWNER_STATE },
    },
    // The journeys whose screens change with the width (BOTH_SIZES in e2e/fixtures.ts).
    {
      name: 'desktop',
      dependencies: ['setup'],
      testIgnore: /\.setup\.ts$/,
      grep: /@both-sizes/,
      grepInvert: /@config/,
      use: { ...desktop, storageState: OWNER_STATE },
    },
    // Journeys that switch the academy's settings (student access, guest mode, upload service)
    // run after all the others, one at a time, so no journey sees a switch flip under it.
    {
      name: 'settings',
      dependencies: ['phone', 'desktop'],
      testIgnore: /\.setup\.ts$/,
      grep: /@config/,
      fullyParallel: false,
      // One worker: files must not run side by side either, or one journey's switch (now seen
      // live by every open app) flips under another.
      workers: 1,
      use: { ...desktop, storageState: OWNER_STATE },
    },
  ],
  webServer: {
    command: 'npx tsx e2e/support/stack.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
  },
});
