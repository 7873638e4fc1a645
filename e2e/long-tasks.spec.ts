import type { Page } from '@playwright/test';
import { blockingMs, mainThreadTaskMs, type TraceEvent } from '../support/trace.ts';
import { expect, test } from './fixtures.ts';
import { photoFile } from './support/photos.ts';

/**
 * A budget that holds the phone-speed work in place (issue #51, bench/README.md "Long tasks"):
 * each screen an instructor returns to, opened again with the CPU slowed four times (Lighthouse's
 * mid-range phone), may block the page's main thread for at most this long in all, counted as
 * Lighthouse counts blocking time (each task's time past 50 ms), from the reload until it has
 * been still for three seconds, the best of three openings. On a quiet machine of this kind
 * (service worker off, a small academy) a screen blocks 10-60 ms, so the budget is about three
 * times that: a screen drawing a long list at once, or a library evaluated while it opens, goes
 * over. Which libraries a screen may load at all is held exactly by scripts/size-budget.ts.
 *
 * These machines share their host: its speed swings about twofold from minute to minute
 * (Lighthouse's host CPU index 1,439-2,880), and unchanged screens have measured 20-285 ms here
 * in a full run (bench/README.md). So each screen is opened three times, the journey may run a
 * third time before it fails, and the limit is 300 ms: still over it are a long list drawn at
 * once or widget libraries evaluated as a screen opens (each 100-250 ms), not one small library.
 * The 150 ms that issue #51 asks for needs a steadier machine or measure.
 */
const CPU_SLOWDOWN = 4;
const BLOCKING_LIMIT_MS = 300;

/**
 * The page opened again under a trace: the main thread's tasks over 50 ms from the reload on (the
 * browser's own trace, so parsing and compiling count too, which the page's long-task API misses).
 */
async function reloadTraced(page: Page): Promise<{ blockingMs: number; tasks: number[] }> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
  await page.reload();
  await expect(screenShown(page)).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(3_000);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: TraceEvent[];
  };
  const tasks = mainThreadTaskMs(trace.traceEvents)
    .filter((ms) => ms > 50)
    .map(Math.round);
  return { blockingMs: blockingMs(tasks), tasks };
}

const screenShown = (page: Page) =>
  page.getByRole('heading', { level: 1 }).or(page.getByRole('article')).first();

test.describe.configure({ retries: 2 });

test('each screen an instructor returns to blocks a slowed phone for at most 300 ms', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const tag = Math.random().toString(36).slice(2, 7);
  // A class's worth of content: a course, its students, a feed of evaluations with photos.
  const course = await (
    await page.request.post('/api/courses', {
      data: { name: `Nối móng ${tag}`, lessons: [{ title: 'Chuẩn bị' }, { title: 'Đắp gel' }] },
    })
  ).json();
  const student = await (
    await page.request.post('/api/students', {
      data: { name: `Lê Thu ${tag}`, courseIds: [course.id] },
    })
  ).json();
  const upload = await page.request.post('/api/uploads?use=post', {
    multipart: {
      file: { name: 'mong.jpg', mimeType: 'image/jpeg', buffer: await photoBuffer() },
    },
  });
  const photo = await upload.json();
  let postId = '';
  for (let index = 0; index < 12; index += 1) {
    const created = await page.request.post('/api/posts', {
      data: {
        kind: 'general',
        text: `Bộ móng số ${index} của buổi học hôm nay, ${tag}`,
        photos: [{ url: photo.secure_url, width: photo.width, height: photo.height }],
      },
    });
    expect(created.status()).toBe(201);
    postId = (await created.json()).id;
  }

  const devtools = await page.context().newCDPSession(page);
  const screens = [
    '/activity',
    '/courses',
    '/students',
    `/courses/${course.id}`,
    `/students/${student.id}`,
    `/posts/${postId}`,
    '/notifications',
  ];
  const over: string[] = [];
  for (const route of screens) {
    // Seen once, as a returning instructor has: her answers kept, the files in the cache.
    await page.goto(`/#${route}`);
    await expect(screenShown(page)).toBeVisible();
    await page.waitForTimeout(1_000);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // The best of three openings: a busy or slow host only ever adds to a task.
    const runs = [await reloadTraced(page), await reloadTraced(page), await reloadTraced(page)];
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const best = runs.sort((a, b) => a.blockingMs - b.blockingMs)[0]!;
    console.info(`long tasks ${route}: blocking ${best.blockingMs} ms (${best.tasks.join(', ')})`);
    if (best.blockingMs > BLOCKING_LIMIT_MS) {
      over.push(`${route}: ${best.blockingMs} ms (${best.tasks.join(', ')})`);
    }
  }
  expect(over, 'screens over the blocking-time budget under 4x CPU').toEqual([]);
});

async function photoBuffer(): Promise<Buffer> {
  const fs = await import('node:fs');
  return fs.readFileSync(await photoFile({ width: 1600, height: 1200 }));
}
