import type { Page } from '@playwright/test';
import { hostBenchmarkIndex, type PhoneTier, phoneFactor } from '../support/phone.ts';
import { blockingMs, mainThreadTaskCpuMs, type TraceEvent } from '../support/trace.ts';
import { expect, test } from './fixtures.ts';
import { photoFile } from './support/photos.ts';

/**
 * A budget that holds the phone-speed work in place (issues #51 and #68, bench/README.md "Long
 * tasks"): each screen an instructor returns to, opened again, may block the mid-tier phone's
 * main thread for at most this long in all, counted as Lighthouse counts blocking time (each
 * task's time past 50 ms), from the reload until it has been still for three seconds, the best
 * of up to three openings. A long list drawn at once or a widget library evaluated as a screen opens
 * (each 100-250 ms on that phone) goes over; which libraries a screen may load at all is held
 * exactly by scripts/size-budget.ts.
 *
 * The phone's task is this host's task scaled by the two speeds (support/phone.ts), in CPU time:
 * on a two-core host shared with the server, the browser and neighbours, a clock (and the
 * DevTools CPU throttling that runs by it) also counts the time others had the CPU, so a busy
 * minute failed an unchanged screen and a quiet one let a slower screen pass. The host's index
 * is measured, the same way, before each opening.
 * LONG_TASKS_PHONE=low runs the same on the low-tier phone, for the bench (not held to this).
 */
const BLOCKING_LIMIT_MS = 150;
const PHONE: PhoneTier = (process.env.LONG_TASKS_PHONE as PhoneTier | undefined) ?? 'mid';

/**
 * The page opened again under a trace: the main thread's tasks over 50 ms from the reload on (the
 * browser's own trace, so parsing and compiling count too, which the page's long-task API misses).
 */
async function reloadTraced(
  page: Page,
): Promise<{ blockingMs: number; tasks: number[]; index: number; factor: number }> {
  // Measured before each opening: this host's speed moves from minute to minute.
  const index = await hostBenchmarkIndex(page);
  const factor = phoneFactor(index, PHONE);
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
  await page.reload();
  await expect(screenShown(page)).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(3_000);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {
    traceEvents: TraceEvent[];
  };
  // Each task as long as it would run on the phone: its CPU time here, scaled by the speeds.
  const tasks = mainThreadTaskCpuMs(trace.traceEvents)
    .map((ms) => ms * factor)
    .filter((ms) => ms > 50)
    .map(Math.round);
  return { blockingMs: blockingMs(tasks), tasks, index, factor: Math.round(factor * 100) / 100 };
}

const screenShown = (page: Page) =>
  page.getByRole('heading', { level: 1 }).or(page.getByRole('article')).first();

test.describe.configure({ retries: 2 });

test('each screen an instructor returns to blocks the mid-tier phone for at most 150 ms', async ({
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
    // The best of up to three openings: a busy or slow host only ever adds to a task, so one
    // within the limit settles it (the verdict of all three, in a third of the time CI has).
    const runs = [await reloadTraced(page)];
    while (runs.length < 3 && Math.min(...runs.map((run) => run.blockingMs)) > BLOCKING_LIMIT_MS) {
      runs.push(await reloadTraced(page));
    }
    const best = runs.sort((a, b) => a.blockingMs - b.blockingMs)[0]!;
    const said = `${route}: ${best.blockingMs} ms (${best.tasks.join(', ')}; host index ${best.index}, CPU time ×${best.factor})`;
    console.info(`long tasks on the ${PHONE}-tier phone ${said}`);
    if (best.blockingMs > BLOCKING_LIMIT_MS) over.push(said);
  }
  expect(over, `screens over the blocking-time budget on the ${PHONE}-tier phone`).toEqual([]);
});

async function photoBuffer(): Promise<Buffer> {
  const fs = await import('node:fs');
  return fs.readFileSync(await photoFile({ width: 1600, height: 1200 }));
}
