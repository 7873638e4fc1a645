import fs from 'node:fs';
import type { Route } from '@playwright/test';
import { expect, screenshot, test } from './fixtures.ts';
import { seedClass } from './support/fixtures-api.ts';
import { photoFile } from './support/photos.ts';

test('the feed opens still and with phone-sized photos: no layout shift, no 2048 px photo', async ({
  page,
  newVisitor,
}) => {
  // The newest post carries two photos and the one before it one, so the first cards have
  // photos in a grid and alone.
  const photos = [];
  for (let index = 0; index < 3; index += 1) {
    const upload = await page.request.post('/api/uploads?use=post', {
      multipart: {
        file: {
          name: `mong-${index}.jpg`,
          mimeType: 'image/jpeg',
          buffer: fs.readFileSync(await photoFile({ width: 3000, height: 2250 })),
        },
      },
    });
    expect(upload.status()).toBe(201);
    const { secure_url: url, width, height } = await upload.json();
    expect(width).toBe(2048);
    photos.push({ url, width, height });
  }
  const text = `Bộ móng hoa mai cho khách, chụp ngay sau buổi học ${Date.now()}`;
  for (const photosOfPost of [photos.slice(0, 1), photos.slice(1)]) {
    const created = await page.request.post('/api/posts', {
      data: { kind: 'general', text, photos: photosOfPost },
    });
    expect(created.status()).toBe(201);
  }

  // A phone opening the app afresh, as an instructor does at the start of a class: the page's
  // own record of layout shifts (those not caused by the person) and of every photo asked for.
  // A dense phone screen (three pixels to the point) is where a wrong variant costs most.
  const visitor = await newVisitor({
    storageState: await page.context().storageState(),
    deviceScaleFactor: 3,
    serviceWorkers: 'allow',
  });
  await visitor.context().addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const asked: string[] = [];
  visitor.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/media/')) asked.push(pathname);
  });
  await visitor.goto('/#/activity');
  const first = visitor.getByRole('article').filter({ hasText: text }).first();
  const firstPhoto = first.getByRole('img', { name: /Ảnh 1/ });
  await expect(firstPhoto).toBeVisible();
  await expect.poll(() => firstPhoto.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  await expect(firstPhoto).toHaveAttribute('fetchpriority', 'high');
  // Everything the first screen loads has come in and been drawn.
  await visitor.waitForLoadState('networkidle');
  await visitor.waitForTimeout(500);

  const shifted = await visitor.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
  );
  expect(shifted, 'the first screen moved under the person (CLS)').toBeLessThanOrEqual(0.05);

  expect(asked.length).toBeGreaterThan(0);
  const fullSize = asked.filter((pathname) => /^\/media\/[a-f0-9]{64}\.webp$/.test(pathname));
  expect(fullSize, 'a phone asked for the 2048 px photos').toEqual([]);
  // The photos the cards show are the medium ones (a 390 px screen at twice the density).
  expect(asked.some((pathname) => pathname.endsWith('-md.webp'))).toBe(true);
  await screenshot(visitor, 'feed-photos-first-visit');

  // Coming back the next day: the same screen from the app's cache, still without moving.
  const again = await visitor.context().newPage();
  await again.goto('/#/activity');
  await expect(again.getByRole('article').filter({ hasText: text }).first()).toBeVisible();
  await again.waitForLoadState('networkidle');
  await again.waitForTimeout(500);
  const shiftedAgain = await again.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((a, b) => a + b, 0),
  );
  expect(shiftedAgain, 'the returning screen moved (CLS)').toBeLessThanOrEqual(0.05);
  await screenshot(again, 'feed-photos-returning');
});

test('the feed is read once when the app opens, and still hears what changed meanwhile', async ({
  page,
  newVisitor,
}) => {
  const first = await page.request.post('/api/posts', {
    data: { kind: 'general', text: 'Lịch học tuần này: thứ Ba và thứ Năm.' },
  });
  expect(first.status()).toBe(201);
  const storageState = await page.context().storageState();
  /** A phone opening the feed, its live stream held back until released. */
  const openFeed = async () => {
    const visitor = await newVisitor({ storageState });
    const feedReads: string[] = [];
    visitor.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname === '/api/posts') feedReads.push(url.search);
    });
    const held: Route[] = [];
    let released = false;
    await visitor.route('**/api/events*', async (route) => {
      if (released) await route.continue();
      else held.push(route);
    });
    await visitor.goto('/#/activity');
    await expect(visitor.getByRole('article').first()).toBeVisible();
    await expect.poll(() => held.length).toBe(1);
    const release = async () => {
      released = true;
      for (const route of held) await route.continue();
    };
    return { visitor, feedReads, release };
  };

  // Nothing changes while it opens: the stream's opening reads nothing again.
  const quiet = await openFeed();
  await quiet.release();
  await quiet.visitor.waitForTimeout(1_500);
  expect(quiet.feedReads).toHaveLength(1);

  // A colleague posts between what the page read and the stream's opening: it still arrives.
  const busy = await openFeed();
  const text = `Bài đăng giữa lúc trang mở ${Date.now()} 💅`;
  const created = await page.request.post('/api/posts', { data: { kind: 'general', text } });
  expect(created.status()).toBe(201);
  await busy.release();
  await expect(busy.visitor.getByRole('article').filter({ hasText: text })).toBeVisible();
});

test('a course, a student and a post opened for the first time never move the whole page', async ({
  page,
  newVisitor,
}) => {
  const created = await page.request.post('/api/posts', {
    data: { kind: 'general', text: `Ôn lại bài vẽ hoa mai ${Date.now()}` },
  });
  expect(created.status()).toBe(201);
  const { id: postId } = await created.json();
  const me = (await (await page.request.get('/api/me')).json()).person;
  const createdCourse = await page.request.post('/api/courses', {
    data: {
      name: `Vẽ hoa mai ${Date.now()}`,
      lessons: ['Nền', 'Cánh hoa', 'Nhụy', 'Lá', 'Phủ bóng'].map((title) => ({ title })),
      instructorIds: [me.id],
    },
  });
  expect(createdCourse.status(), await createdCourse.text()).toBe(201);
  const course = await createdCourse.json();
  // Its students, with progress and evaluations: a student's page to open.
  await seedClass(course.id, me.email);
  const students = (await (await page.request.get('/api/students')).json()).students;
  expect(students.length).toBeGreaterThan(0);

  // A phone that has opened the feed before (the app's files and the feed kept), opening pages
  // it has no answer for yet: each shows its placeholder, then the page.
  const visitor = await newVisitor({
    storageState: await page.context().storageState(),
    serviceWorkers: 'allow',
  });
  await visitor.context().addInitScript(() => {
    const shifts: Array<{ value: number; nodes: string[] }> = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: Array<{ node?: Node | null }>;
        }
      >) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((source) => source.node?.nodeName ?? '?');
        shifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await visitor.goto('/#/activity');
  await expect(visitor.getByRole('article').first()).toBeVisible();
  await visitor.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Over a class's Wi-Fi the page's answer comes after its first paint: the placeholder shows.
  await visitor
    .context()
    .route(/\/api\/(courses|students|posts)\/[^/?]+(\?|$)/, async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await request.continue();
    });
  for (const route of [
    `/courses/${course.id}`,
    `/students/${students[0].id}`,
    `/posts/${postId}`,
  ]) {
    const tab = await visitor.context().newPage();
    await tab.goto(`/#${route}`);
    await expect(tab.getByRole('heading').first()).toBeVisible();
    await tab.waitForLoadState('networkidle');
    await tab.waitForTimeout(500);
    const shifts = await tab.evaluate(
      () =>
        (window as unknown as { layoutShifts: Array<{ value: number; nodes: string[] }> })
          .layoutShifts,
    );
    // A placeholder's top margin collapsing through to <body> moved the whole page.
    expect(
      shifts.flatMap((shift) => shift.nodes),
      `${route}: the page moved`,
    ).not.toContain('BODY');
    await tab.close();
  }
});
