import { BOTH_SIZES, expect, navigation, screenshot, test } from './fixtures.ts';
import { activeInstructor } from './support/accounts.ts';
import { holdChunk } from './support/held-chunks.ts';
import { keptQueryKeys } from './support/kept-cache.ts';
import { OWNER_STATE } from './support/paths.ts';

const destinations = [
  { key: 'activity', label: 'Hoạt động', hash: '#/activity', heading: 'Hoạt động' },
  { key: 'courses', label: 'Khóa học', hash: '#/courses', heading: 'Khóa học' },
  { key: 'students', label: 'Học viên', hash: '#/students', heading: 'Học viên' },
  { key: 'notifications', label: 'Thông báo', hash: '#/notifications', heading: 'Thông báo' },
  { key: 'profile', label: 'Tôi', hash: '#/profile', heading: 'Tôi' },
];

test('the app opens on the activity feed, in Vietnamese', async ({ page, problems }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/activity$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
  await expect(page).toHaveTitle('Học viện');
  expect(problems).toEqual([]);
});

test(
  'every destination is reachable from the navigation, highlighted when active',
  BOTH_SIZES,
  async ({ page, problems }) => {
    await page.goto('/#/activity');
    const nav = navigation(page);
    await expect(nav).toBeVisible();
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(5);
    for (const [index, destination] of destinations.entries()) {
      // Thông báo may also say that something is unread.
      await expect(links.nth(index)).toHaveAccessibleName(new RegExp(`^${destination.label}`));
    }
    for (const destination of destinations) {
      await nav.getByRole('link', { name: new RegExp(`^${destination.label}`) }).click();
      await expect(page).toHaveURL(new RegExp(`${destination.hash}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: destination.heading }),
      ).toBeVisible();
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(nav.locator(`[data-nav="${destination.key}"]`)).toHaveAttribute(
        'aria-current',
        'page',
      );
      await screenshot(page, destination.key);
    }
    expect(problems).toEqual([]);
  },
);

test(
  'Tôi stays highlighted on the screens reached from the profile',
  BOTH_SIZES,
  async ({ page }) => {
    await page.goto('/#/profile');
    const nav = navigation(page);
    for (const [label, hash, heading] of [
      ['Quản lý người dùng', '#/user-management', 'Quản lý người dùng'],
      ['Công cụ quản trị', '#/admin-tools', 'Công cụ quản trị'],
      ['Giảng viên', '#/instructors', 'Giảng viên'],
      ['Bảng điều khiển', '#/dashboard', 'Bảng điều khiển'],
    ] as const) {
      await page.goto('/#/profile');
      await page.getByRole('main').getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`${hash}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(nav.locator('[data-nav="profile"]')).toHaveAttribute('aria-current', 'page');
    }
    await page.goto('/#/instructors/abc');
    await expect(nav.locator('[data-nav="profile"]')).toHaveAttribute('aria-current', 'page');
  },
);

test(
  'the feed’s title and its create button line up with the column of cards under them',
  BOTH_SIZES,
  async ({ page }) => {
    await page.goto('/#/activity');
    const title = page.getByRole('heading', { level: 1, name: 'Hoạt động' });
    const search = page.getByRole('searchbox', { name: /Tìm theo người đăng/ });
    await expect(search).toBeVisible();
    // Where the header's content starts and ends, inside its padding.
    const headerContent = await page.locator('header', { has: title }).evaluate((header) => {
      const box = header.getBoundingClientRect();
      const style = getComputedStyle(header);
      return {
        left: box.left + Number.parseFloat(style.paddingLeft),
        right: box.right - Number.parseFloat(style.paddingRight),
      };
    });
    const titleBox = await title.boundingBox();
    const searchBox = await search.boundingBox();
    if (!titleBox || !searchBox) throw new Error('the feed is not drawn');
    expect(Math.abs(titleBox.x - searchBox.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(headerContent.left - searchBox.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(headerContent.right - (searchBox.x + searchBox.width))).toBeLessThanOrEqual(1);
  },
);

test('Hoạt động stays highlighted on a post page', BOTH_SIZES, async ({ page }) => {
  await page.goto('/#/posts/some-post');
  await expect(navigation(page).locator('[data-nav="activity"]')).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a screen one level down offers "Quay lại": to the screen before it, or to its parent when opened first', async ({
  page,
}) => {
  // From Tôi to the dashboard and back, as an installed app without a browser's back button.
  await page.goto('/#/notifications');
  await page.goto('/#/profile');
  await page.getByRole('link', { name: /Bảng điều khiển/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bảng điều khiển' })).toBeVisible();
  await page.getByRole('link', { name: 'Quay lại' }).click();
  await expect(page).toHaveURL(/#\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tôi' })).toBeVisible();

  // A post opened from a search of the feed, scrolled down, goes back to that search and place.
  const text = `Quay lại ${Date.now()}`;
  let id = '';
  for (const n of [5, 4, 3, 2, 1]) {
    const created = await page.request.post('/api/posts', {
      data: { kind: 'general', text: `${text} (${n})` },
    });
    if (n === 3) ({ id } = await created.json());
  }
  const feed = await page.context().newPage();
  await feed.goto('/#/activity');
  const search = feed.getByRole('searchbox', { name: /Tìm theo người đăng/ });
  await search.fill('Thu Hà');
  await expect(feed).toHaveURL(/#\/activity\?q=Thu\+H/);
  const card = feed.getByRole('article').filter({ hasText: `${text} (3)` });
  await expect(feed.getByRole('article').filter({ hasText: `${text} (5)` })).toBeVisible();
  // Its card is the third or lower (a parallel journey may post too): scrolled to the middle.
  const comments = card.getByRole('link', { name: /Bình luận/ });
  await comments.evaluate((link) => link.scrollIntoView({ block: 'center' }));
  const scrolled = await feed.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(0);
  await comments.click();
  await expect(feed).toHaveURL(new RegExp(`#/posts/${id}$`));
  // The address changes before the post page is drawn; once it is, it starts at the top.
  await expect(feed.getByRole('textbox', { name: 'Viết bình luận…' })).toBeVisible();
  await expect.poll(() => feed.evaluate(() => window.scrollY)).toBe(0);
  await feed.getByRole('link', { name: 'Quay lại' }).click();
  await expect(search).toHaveValue('Thu Hà');
  await expect(feed).toHaveURL(/#\/activity\?q=Thu\+H/);
  await expect(card).toBeVisible();
  await expect.poll(() => feed.evaluate(() => window.scrollY)).toBe(scrolled);
  await feed.close();

  // Opened first, in a new tab (from a notification or a shared link), it leads to its parent.
  const fresh = await page.context().newPage();
  await fresh.goto(`/#/posts/${id}`);
  await fresh.getByRole('link', { name: 'Quay lại' }).click();
  await expect(fresh).toHaveURL(/#\/activity$/);
  await expect(fresh.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
  await fresh.close();
});

test('coming back to a long feed lands on the same card, though cards off screen are not drawn', async ({
  page,
  newVisitor,
}) => {
  test.slow();
  const name = `Hà Diệu Linh ${Date.now().toString(36)}`;
  const author = await activeInstructor(newVisitor, name);
  // Thirty posts of different lengths: cards of different heights.
  for (let n = 1; n <= 30; n += 1) {
    const text = `Buổi ${n}. ${'Nhắc lại cách tán màu gel cho đều. '.repeat(1 + (n % 6))}`;
    const created = await author.request.post('/api/posts', { data: { kind: 'general', text } });
    expect(created.status()).toBe(201);
  }
  await page.goto(`/#/activity?q=${encodeURIComponent(name)}`);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(10);
  while ((await cards.count()) < 30) {
    await page
      .getByTestId('activity-end')
      .or(page.getByRole('button', { name: 'Xem thêm' }))
      .scrollIntoViewIfNeeded();
    await page.waitForTimeout(200);
  }
  const card = cards.filter({ hasText: 'Buổi 6.' });
  await card.getByRole('link', { name: /Bình luận/ }).scrollIntoViewIfNeeded();
  const placeOf = () => card.evaluate((element) => Math.round(element.getBoundingClientRect().top));
  const before = await placeOf();
  await card.getByRole('link', { name: /Bình luận/ }).click();
  await page.getByRole('link', { name: 'Quay lại' }).click();
  await expect(card).toBeVisible();
  await expect.poll(placeOf).toBe(before);
});

test('/classroom lands on /courses', async ({ page }) => {
  await page.goto('/#/classroom');
  await expect(page).toHaveURL(/#\/courses$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Khóa học' })).toBeVisible();
});

test('an unknown route shows a proper not-found screen', async ({ page, problems }) => {
  await page.goto('/#/no-such-screen/at-all');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Không tìm thấy trang' })).toBeVisible();
  await screenshot(page, 'not-found');
  await page.getByRole('link', { name: 'Về trang Hoạt động' }).click();
  await expect(page).toHaveURL(/#\/activity$/);
  expect(problems).toEqual([]);
});

test('offline, a thin banner says so over the screen still shown, and a toast greets the return', async ({
  page,
  context,
  allowProblems,
}) => {
  // Offline on purpose: a photo or a request under way then fails to load.
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/);
  await page.goto('/#/courses');
  const heading = page.getByRole('heading', { level: 1, name: 'Khóa học' });
  await expect(heading).toBeVisible();
  await context.setOffline(true);
  const notice = page.getByTestId('offline-banner');
  await expect(notice).toHaveText('Ngoại tuyến · đang xem nội dung đã tải');
  // What was loaded stays readable and usable: nothing covers it.
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  await expect(heading).toBeVisible();
  await screenshot(page, 'offline');
  await context.setOffline(false);
  await expect(notice).toBeHidden();
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText('Đã có kết nối trở lại.');
  await expect(toast).toHaveAttribute('data-type', 'success');
});

test('a server that does not answer while the browser is online: what was loaded shows under the banner, and no one is signed out', async ({
  page,
  newVisitor,
  allowProblems,
}) => {
  allowProblems(/net::ERR_CONNECTION_REFUSED/);
  await page.goto('/#/courses');
  const heading = page.getByRole('heading', { level: 1, name: 'Khóa học' });
  await expect(heading).toBeVisible();
  await expect.poll(async () => (await keptQueryKeys(page)).length).toBeGreaterThan(0);
  // The academy's machine restarting: every request to it fails before an answer.
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.reload();
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toBeVisible();
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
  expect(page.url()).toMatch(/#\/courses$/);
  // It answers again: the banner goes by itself, still signed in.
  await page.unroute('**/api/**');
  await expect(banner).toBeHidden();
  await expect(heading).toBeVisible();
  await expect(page.getByTestId('toast')).toHaveText('Đã có kết nối trở lại.');

  // A device that kept nothing (the owner on another phone) has nothing to show: the spec's
  // full-screen notice, and still no one is signed out.
  const other = await newVisitor({ storageState: OWNER_STATE });
  await other.route('**/api/**', (route) => route.abort('connectionrefused'));
  await other.goto('/#/courses');
  const notice = other.getByTestId('offline-notice');
  await expect(notice).toBeVisible();
  await expect(other.getByRole('heading', { name: 'Đăng nhập' })).toHaveCount(0);
  await other.unroute('**/api/**');
  await expect(notice).toBeHidden();
  await expect(other.getByRole('heading', { level: 1, name: 'Khóa học' })).toBeVisible();
});

test('a toast dismisses itself after 5 seconds and can be closed by hand', async ({
  page,
  context,
  allowProblems,
}) => {
  // The toast is made by going offline and back: a load under way then fails.
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/);
  await page.goto('/#/activity');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  await context.setOffline(false);
  const toast = page.getByTestId('toast');
  await expect(toast).toBeVisible();
  const shownAt = Date.now();
  await expect(toast).toBeHidden({ timeout: 8_000 });
  const elapsed = Date.now() - shownAt;
  expect(elapsed).toBeGreaterThan(3_500);

  await context.setOffline(true);
  await context.setOffline(false);
  await expect(toast).toBeVisible();
  await page.getByRole('button', { name: 'Đóng thông báo' }).click();
  await expect(toast).toBeHidden({ timeout: 1_000 });
});

test('a screen whose file fails to load while online shows the new-version modal', async ({
  page,
}) => {
  await page.goto('/#/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
  // As after a deployment: the old file name of the students screen is gone.
  await page.route(/\/assets\/students-[^/]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
  await page.evaluate(() => {
    window.location.hash = '#/students';
  });
  const modal = page.getByTestId('new-version-modal');
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Cập nhật ngay' })).toBeVisible();
  await screenshot(page, 'new-version');
  await page.unroute(/\/assets\/students-[^/]+\.js$/);
  await modal.getByRole('button', { name: 'Cập nhật ngay' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Học viên' })).toBeVisible();
});

test('the privacy page says what is stored and why', async ({ page }) => {
  await page.goto('/#/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Quyền riêng tư' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(5);
});

test('the API documentation page renders the OpenAPI document', async ({ page }) => {
  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { name: /Học viện API/ })).toBeVisible();
  await expect(page.getByText('/api/health').first()).toBeVisible();
});

test(
  'every search box’s placeholder fits its field, on a small phone too',
  BOTH_SIZES,
  async ({ page }) => {
    const { width } = page.viewportSize()!;
    // 360 px: the narrowest phones still common.
    for (const size of width < 768 ? [width, 360] : [width]) {
      await page.setViewportSize({ width: size, height: 800 });
      for (const [hash, heading] of [
        ['#/activity', 'Hoạt động'],
        ['#/students', 'Học viên'],
        ['#/user-management', 'Quản lý người dùng'],
      ] as const) {
        await page.goto(`/${hash}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        const box = page.getByRole('main').getByRole('searchbox').first();
        const placeholder = (await box.getAttribute('placeholder')) ?? '';
        // Typed in, the text is drawn as the placeholder is, beside the field's clear button.
        await box.fill(placeholder);
        const overflow = await box.evaluate(
          (input: HTMLInputElement) => input.scrollWidth - input.clientWidth,
        );
        expect(overflow, `${size} px, ${hash}: "${placeholder}"`).toBeLessThanOrEqual(0);
        await box.fill('');
        await box.blur();
        await expect(page).not.toHaveURL(/q=/);
      }
    }
  },
);

test('leaving the feed right after typing a search goes where the person went, while that screen loads', async ({
  page,
}) => {
  const release = await holdChunk(page, 'app/routes/instructors.tsx');
  await page.goto('/#/activity');
  await page.getByRole('searchbox', { name: /Tìm theo người đăng/ }).fill('Thu Hà');
  // Left at once, the box still focused (as the hardware back button leaves), for a screen whose
  // code is on its way: the search's pause in typing (250 ms) ends while it loads.
  await page.evaluate(() => {
    window.location.hash = '#/instructors';
  });
  await page.waitForTimeout(600);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Giảng viên' })).toBeVisible();
  await expect(page).toHaveURL(/#\/instructors$/);
});

test('the academy’s mark shows before any script has arrived, not a blank page', async ({
  newVisitor,
  allowProblems,
}) => {
  // The scripts are held back on purpose.
  allowProblems(/net::ERR_FAILED.*\.js/);
  const visitor = await newVisitor();
  // A phone on a slow connection: the page is here, its scripts are not yet.
  await visitor.route(/\.js(\?|$)/, (route) => route.abort());
  await visitor.goto('/');
  const mark = visitor.locator('#root img[src="/icons/icon-192.png"]');
  await expect(mark).toBeVisible();
  const box = await mark.boundingBox();
  const viewport = visitor.viewportSize()!;
  // Centred on the page.
  expect(Math.abs(box!.x + box!.width / 2 - viewport.width / 2)).toBeLessThan(2);
});
