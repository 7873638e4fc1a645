import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContextOptions, chromium, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, screenshot, test } from './fixtures.ts';
import { onboard, signInByLink } from './support/accounts.ts';
import {
  loadStudents,
  postsAbout,
  studentInCourse,
  unique,
  writeEvaluation,
} from './support/evaluation.ts';
import { keptQueryKeys } from './support/kept-cache.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { photoFile } from './support/photos.ts';
import { type DeployableServer, startDeployableServer } from './support/servers.ts';

test.use({ serviceWorkers: 'allow' });

test('the manifest names the app in Vietnamese with icons including maskable ones', async ({
  request,
}) => {
  const manifestResponse = await request.get('/manifest.webmanifest');
  expect(manifestResponse.ok()).toBe(true);
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({
    name: 'Học viện — Học viện đào tạo',
    short_name: 'Học viện',
    lang: 'vi',
    display: 'standalone',
    start_url: '/#/activity',
    theme_color: '#C2185B',
  });
  expect(manifest.shortcuts).toEqual([
    expect.objectContaining({ name: 'Đăng bài', url: '/#/activity?compose=1' }),
    expect.objectContaining({ name: 'Học viên', url: '/#/students' }),
  ]);
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
  const sizesFor = (purpose: string) =>
    icons.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes);
  expect(sizesFor('any')).toEqual(
    ['48', '72', '96', '144', '192', '256', '384', '512'].map((size) => `${size}x${size}`),
  );
  expect(sizesFor('maskable')).toEqual(['192x192', '512x512']);
  // The richer install dialog: a phone picture and a desktop one, each its stated size.
  const screenshots = manifest.screenshots as Array<{
    src: string;
    sizes: string;
    form_factor: string;
  }>;
  expect(screenshots.map((shot) => shot.form_factor)).toEqual(['narrow', 'wide']);
  for (const image of [...icons, ...screenshots]) {
    const response = await request.get(`/${image.src}`);
    expect(response.ok(), image.src).toBe(true);
    const { width, height } = await sharp(await response.body()).metadata();
    expect(`${width}x${height}`, image.src).toBe(image.sizes);
  }
});

test('Chromium finds the app installable, and the worker precaches the shell but no API', async ({
  baseURL,
}, testInfo) => {
  // Playwright's usual contexts are off the record, where Chromium never offers to install;
  // a persistent profile is what a person's browser is.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    viewport: testInfo.project.use.viewport ?? null,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // Signed out: the login screen is what a person opens before installing.
    await page.goto(`${baseURL}/#/activity`);
    await expect(page.getByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeVisible();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(new URL(scope).pathname).toBe('/');

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);

    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const entry of await (await caches.open(name)).keys()) {
          urls.push(new URL(entry.url).pathname);
        }
      }
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((url) => url.endsWith('.js'))).toBe(true);
    expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);
    // The install dialog's pictures are not part of the shell.
    expect(cached.filter((url) => url.startsWith('/screenshots/'))).toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test("a returning phone has the academy's typeface from the first layout, asked for by the page", async ({
  page,
}) => {
  await page.goto('/#/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The service worker holds the files now: the page asks for every one of them as it is read
  // (vite.config.ts, earlyStart), not the first layout on finding text in them, which would lay
  // every line out a second time when they arrived.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
  const fonts = await page.evaluate(() => ({
    academy: document.documentElement.classList.contains('academy-font'),
    files: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => (entry as PerformanceResourceTiming).initiatorType),
    loaded: [...document.fonts].filter((face) => face.status === 'loaded').length,
  }));
  expect(fonts.academy).toBe(true);
  expect(fonts.files).toEqual(Array(8).fill('link'));
  expect(fonts.loaded).toBe(8);
});

/**
 * The broken-image signs on screen: pictures that failed to load and still show. A photo this
 * device never loaded is hidden in its box instead.
 */
function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.images]
      .filter(
        (image) =>
          image.complete && image.naturalWidth === 0 && getComputedStyle(image).opacity !== '0',
      )
      .map((image) => image.src),
  );
}

test('the app opened with no signal shows what it last loaded: the feed, courses, students, a student', async ({
  page,
  context,
  allowProblems,
}) => {
  test.slow();
  // Offline on purpose: what the device does not hold fails to load.
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/, /ERR_FAILED/);
  const tag = Math.random().toString(36).slice(2, 7);
  const made = await page.request.post('/api/courses', {
    data: { name: `Vẽ hoa nổi ${tag}`, lessons: [{ title: 'Phác thảo' }] },
  });
  expect(made.status()).toBe(201);
  const course = await made.json();
  const name = `Tôn Nữ Thị Hoàng Oanh ${tag} 🌸`;
  const created = await page.request.post('/api/students', {
    data: { name, courseIds: [course.id] },
  });
  expect(created.status()).toBe(201);
  const student = await created.json();
  const text = `Đi nét hoa mảnh, cần đều tay hơn ${tag}`;
  const posted = await page.request.post('/api/posts', {
    data: { kind: 'general', text, courseId: course.id, photos: [] },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  // Before class, with a signal: the app installed, the screens opened once.
  await page.goto('/#/activity');
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect(page.getByRole('article').filter({ hasText: text })).toBeVisible();
  await page.goto('/#/courses');
  await expect(page.getByText(course.name).first()).toBeVisible();
  await page.goto('/#/students');
  await expect(page.getByRole('heading', { level: 1, name: 'Học viên' })).toBeVisible();
  await page.goto(`/#/students/${student.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect
    .poll(async () => (await keptQueryKeys(page)).some((key) => key.includes(student.id)))
    .toBe(true);

  // In class, no signal: the app is opened from scratch.
  await page.close();
  await context.setOffline(true);
  const phone = await context.newPage();
  await phone.goto('/#/activity');
  await expect(phone.getByTestId('offline-banner')).toHaveText(
    'Ngoại tuyến · đang xem nội dung đã tải',
  );
  await expect(phone.getByTestId('offline-notice')).toHaveCount(0);
  await expect(phone.getByRole('article').filter({ hasText: text })).toBeVisible();
  await expect.poll(() => brokenImages(phone)).toEqual([]);
  await screenshot(phone, 'offline-reading-feed');
  await phone.goto('/#/courses');
  await expect(phone.getByText(course.name).first()).toBeVisible();
  await phone.goto('/#/students');
  await expect(phone.getByRole('heading', { level: 1, name: 'Học viên' })).toBeVisible();
  await expect(phone.getByRole('link').first()).toBeVisible();
  await phone.goto(`/#/students/${student.id}`);
  await expect(phone.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect.poll(() => brokenImages(phone)).toEqual([]);
  await screenshot(phone, 'offline-reading-student');

  // The signal returns: the screen asks the server again by itself.
  await context.setOffline(false);
  await expect(phone.getByTestId('offline-banner')).toBeHidden();
  await expect(phone.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('with the app closed, the service worker sends the outbox when the connection returns', async ({
  page,
  context,
  baseURL,
  allowProblems,
}) => {
  test.slow();
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/, /ERR_FAILED/);
  const tag = unique();
  const student = await studentInCourse(page, tag);
  await page.goto('/#/activity');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await loadStudents(page, tag, student.name);

  await context.setOffline(true);
  const text = `Gửi nền khi có mạng ${tag}`;
  await writeEvaluation(page, tag, student.name, text);
  await expect(page.getByTestId('queued-post')).toHaveCount(1);
  // The page asked the browser to wake the worker when the connection returns.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & {
          sync: { getTags(): Promise<string[]> };
        };
        return registration.sync.getTags();
      }),
    )
    .toContain('hoc-vien-outbox');

  // The app is closed; the connection returns. Chromium wakes the worker when its own network
  // monitor sees the connection, which emulated offline is not: the test fires the same event
  // through DevTools, as its "Background services" panel does.
  const devtools = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) => {
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await devtools.send('ServiceWorker.enable');
  const registrationId = await registered;
  await page.goto('about:blank');
  await context.setOffline(false);
  expect(await postsAbout(page, student.id)).toHaveLength(0);
  await devtools.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(baseURL ?? '').origin,
    registrationId,
    tag: 'hoc-vien-outbox',
    lastChance: false,
  });
  await expect.poll(async () => (await postsAbout(page, student.id)).length).toBe(1);
  const [post] = await postsAbout(page, student.id);
  expect(post).toMatchObject({ text, rating: 8 });
  expect(post?.media).toHaveLength(3);

  // Opened again, the app has nothing left waiting and shows the post.
  await page.goto('/#/activity');
  await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(1);
  await expect(page.getByTestId('queued-post')).toHaveCount(0);
});

test('the installed app’s “Đăng bài” shortcut opens the post form at once', async ({ page }) => {
  await page.goto('/#/activity?compose=1');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/#\/activity$/);
});

test('photos shared from the gallery to the installed app open the post form with them', async ({
  page,
  request,
}) => {
  await page.goto('/#/activity');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const manifest = await (await page.request.get('/manifest.webmanifest')).json();
  expect(manifest.share_target).toMatchObject({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
    params: { files: [{ name: 'photos', accept: ['image/*'] }] },
  });
  const jpeg = fs.readFileSync(await photoFile()).toString('base64');
  // What the phone does on a share: a form POST of the photos to the share target.
  await page.evaluate((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const files = new DataTransfer();
    files.items.add(new File([bytes], 'mong-1.jpg', { type: 'image/jpeg' }));
    files.items.add(new File([bytes], 'mong-2.jpg', { type: 'image/jpeg' }));
    files.items.add(new File(['không phải ảnh'], 'ghi-chu.txt', { type: 'text/plain' }));
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share-target';
    form.enctype = 'multipart/form-data';
    const input = document.createElement('input');
    input.type = 'file';
    input.name = 'photos';
    input.multiple = true;
    input.files = files.files;
    form.append(input);
    document.body.append(form);
    form.submit();
  }, jpeg);
  const dialog = page.getByRole('dialog', { name: 'Đăng bài' });
  await expect(dialog.getByTestId('photo-item')).toHaveCount(2);
  await expect(page).toHaveURL(/#\/activity$/);
  // Taken once: opening the form again does not bring them back.
  await dialog.getByRole('button', { name: 'Hủy' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Bỏ bài viết' }).click();
  // A new page load, as the share target's redirect is: only changing the hash would let the
  // open feed take the parameters off before a reload could read them.
  await page.goto('about:blank');
  await page.goto('/#/activity?compose=1&shared=1');
  await expect(page.getByRole('dialog', { name: 'Đăng bài' })).toBeVisible();
  await expect(page.getByTestId('photo-item')).toHaveCount(0);
  // Without the worker (a first visit), the server opens the form rather than failing.
  const direct = await request.post('/share-target', {
    multipart: { photos: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('x') } },
    maxRedirects: 0,
  });
  expect(direct.status()).toBe(303);
  expect(direct.headers().location).toBe('/#/activity?compose=1');
});

test('photos once seen stay readable offline, and are forgotten when someone signs out', async ({
  page,
  newVisitor,
  allowProblems,
}) => {
  // Offline on purpose: what the service worker does not hold fails to load.
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/);
  test.slow();
  // A photo in the academy (uploaded by the owner).
  const upload = await page.request.post('/api/uploads?use=post', {
    multipart: {
      file: {
        name: 'mong.jpg',
        mimeType: 'image/jpeg',
        buffer: fs.readFileSync(await photoFile()),
      },
    },
  });
  expect(upload.status()).toBe(201);
  const photo = (await upload.json()).secure_url as string;

  // Someone new on this device, with the service worker in charge.
  const visitor = await newVisitor({ serviceWorkers: 'allow' });
  const context = visitor.context();
  await signInByLink(visitor, uniqueEmail('thiet-bi'));
  await onboard(visitor, 'Giảng viên', 'Người Dùng Chung Máy');
  await expect(visitor.getByTestId('onboarding-pending')).toBeVisible();
  await visitor.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await visitor.reload();
  await visitor.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const stored = (url: string) =>
    visitor.evaluate(async (address) => {
      const cache = await caches.open('hv-media');
      return (await cache.match(address)) !== undefined;
    }, url);
  expect(await visitor.evaluate(async (url) => (await fetch(url)).status, photo)).toBe(200);
  await expect.poll(() => stored(photo)).toBe(true);

  // Offline, the photo still opens.
  await context.setOffline(true);
  expect(await visitor.evaluate(async (url) => (await fetch(url)).status, photo)).toBe(200);
  await context.setOffline(false);

  // Signing out forgets what this device kept (a refused account opening the app is signed out).
  await visitor.goto('/#/activity');
  await expect(visitor).toHaveURL(/#\/login$/);
  await expect(visitor.getByTestId('toast').filter({ hasText: 'Tài khoản đang' })).toBeVisible();
  // The sign-out finishes after the login screen shows: the cache goes with it.
  await expect.poll(() => visitor.evaluate(() => caches.has('hv-media'))).toBe(false);
  // And what was loaded for reading offline goes too.
  await expect.poll(() => keptQueryKeys(visitor)).toEqual([]);
});

/** Which deployment's worker controls the page: 2 for the new one, 1 when it does not answer. */
function controllingDeployment(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const timer = setTimeout(() => resolve(1), 1_000);
        navigator.serviceWorker.addEventListener('message', (event) => {
          if (event.data?.deployment === undefined) return;
          clearTimeout(timer);
          resolve(event.data.deployment);
        });
        navigator.serviceWorker.controller?.postMessage({ type: 'DEPLOYMENT?' });
      }),
  );
}

/**
 * An instructor with the app open on a server of its own (so its web app can be redeployed),
 * the service worker in charge of the page.
 */
async function openAppOnDeployableServer(
  newVisitor: (options: BrowserContextOptions) => Promise<Page>,
): Promise<{ page: Page; server: DeployableServer }> {
  const server = await startDeployableServer();
  const page = await newVisitor({ baseURL: server.url, serviceWorkers: 'allow' });
  await signInByLink(page, uniqueEmail('cap-nhat'));
  await onboard(page, 'Giảng viên', 'Người Dùng Bản Cũ');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { page, server };
}

/** Deploys, and brings the app back to the foreground, when it looks for a new version. */
async function deployWhileOpen(page: Page, server: DeployableServer): Promise<Locator> {
  server.deployNewVersion();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const modal = page.getByTestId('new-version-modal');
  await expect(modal).toBeVisible({ timeout: 15_000 });
  await expect(modal.getByRole('heading', { name: 'Đã có phiên bản mới' })).toBeVisible();
  return modal;
}

test('a new deployment is offered in the open app, and “Cập nhật ngay” reloads into it', async ({
  newVisitor,
  allowProblems,
}) => {
  test.slow();
  const { page, server } = await openAppOnDeployableServer(newVisitor);
  try {
    expect(await controllingDeployment(page)).toBe(1);
    const modal = await deployWhileOpen(page, server);
    await screenshot(page, 'new-version-deployed');

    await page.evaluate(() => {
      (window as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    await modal.getByRole('button', { name: 'Cập nhật ngay' }).click();
    // A reload: the marker set on the old page is gone, and the new worker is in charge.
    await page.waitForFunction(() => !(window as { beforeUpdate?: boolean }).beforeUpdate);
    await expect(page.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
    await expect(modal).toBeHidden();
    expect(await controllingDeployment(page)).toBe(2);
  } finally {
    // The browser is still open when its server stops: what it asks for then is refused, and
    // the event stream open at that moment is cut (Chromium says "not connected" when the cut
    // falls while the stream's socket is still connecting).
    allowProblems(/net::ERR_(CONNECTION_(REFUSED|RESET)|SOCKET_NOT_CONNECTED)/);
    await server.stop();
  }
});

test('“Để sau” puts the new version off, and the running one keeps working', async ({
  newVisitor,
  allowProblems,
}) => {
  test.slow();
  const { page, server } = await openAppOnDeployableServer(newVisitor);
  try {
    const modal = await deployWhileOpen(page, server);
    await modal.getByRole('button', { name: 'Để sau' }).click();
    await expect(modal).toBeHidden();

    // Screens not opened yet still load though the server has only the new version's files:
    // the running version's files are in its own precache.
    await page.route(/\/assets\/.+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
    await page.evaluate(() => {
      window.location.hash = '#/courses';
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Khóa học' })).toBeVisible();
    expect(await controllingDeployment(page)).toBe(1);
  } finally {
    // The browser is still open when its server stops: what it asks for then is refused, and
    // the event stream open at that moment is cut.
    allowProblems(/net::ERR_(CONNECTION_(REFUSED|RESET)|SOCKET_NOT_CONNECTED)/);
    await server.stop();
  }
});
