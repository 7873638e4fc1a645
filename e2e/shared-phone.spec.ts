import type { Page } from '@playwright/test';
import { expect, PHONE_SIZES, screenshot, test } from './fixtures.ts';
import { activeInstructor, signInByLink } from './support/accounts.ts';
import {
  loadStudents,
  postsAbout,
  studentInCourse,
  unique,
  writeEvaluation,
} from './support/evaluation.ts';
import { keptQueryKeys } from './support/kept-cache.ts';
import { uniqueEmail } from './support/mailbox.ts';

/*
 * One phone passed between people (the front desk, a colleague's phone): what one person wrote,
 * kept or queued goes out, shows and stays only as that person.
 */

/**
 * Tôi, by the app's own navigation (the bottom bar on a phone, the sidebar from tablet width):
 * in the app, so it works offline too.
 */
async function openProfile(page: Page) {
  await page.getByRole('link', { name: 'Tôi' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/#\/profile/);
}

/** Hoạt động, by the app's own navigation. */
async function openActivity(page: Page) {
  await page.getByRole('link', { name: 'Hoạt động' }).filter({ visible: true }).click();
  await expect(page).toHaveURL(/#\/activity/);
}

/** Signs out from Tôi; with posts still waiting, answers the question with `choice`. */
async function signOutFromProfile(page: Page, choice?: RegExp) {
  await openProfile(page);
  await page.getByRole('button', { name: 'Đăng xuất' }).click();
  if (choice) {
    const asked = page.getByRole('dialog', { name: /bài chưa gửi/ });
    await expect(asked).toBeVisible();
    await asked.getByRole('button', { name: choice }).click();
  }
  await expect(page).toHaveURL(/#\/login/, { timeout: 20_000 });
}

/** A post only she may see (she hides her posts), on her feed; returns its text. */
async function hiddenPostOnScreen(phone: Page, text: string): Promise<string> {
  await phone.request.put('/api/me/privacy', {
    data: { hideMyPosts: true, hideMentionedPosts: false },
  });
  const made = await phone.request.post('/api/posts', { data: { kind: 'general', text } });
  expect(made.status(), await made.text()).toBe(201);
  await phone.goto('/#/activity');
  await expect(phone.getByRole('article').filter({ hasText: text })).toHaveCount(1);
  return text;
}

async function me(page: Page) {
  return (await (await page.request.get('/api/me')).json()) as {
    state: string;
    person?: { id: string; name: string };
  };
}

test('a post queued by one person is never sent as the next: its photo held, she signs out, he signs in', async ({
  page,
  newVisitor,
  allowProblems,
}) => {
  test.slow();
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/, /ERR_ABORTED/, /409/, /401/);
  const tag = unique();
  const student = await studentInCourse(page, tag);
  const emailA = uniqueEmail('gv-a');
  const emailB = uniqueEmail('gv-b');
  // B is an approved instructor who signs in later on A's phone.
  const elsewhere = await activeInstructor(() => newVisitor(), `Đỗ Minh Khôi ${tag}`, emailB);
  await elsewhere.context().close();
  const phone = await activeInstructor(() => newVisitor(), `Vũ Thị Hồng Nhung ${tag}`, emailA);
  const personA = (await me(phone)).person?.id;
  await loadStudents(phone, tag, student.name);

  await phone.context().setOffline(true);
  const text = `Đánh giá của cô Nhung, không phải của ai khác ${tag}`;
  await writeEvaluation(phone, tag, student.name, text);
  await expect(phone.getByTestId('queued-post')).toHaveCount(1);

  // The signal returns and the first photo's answer is held 12 seconds.
  let uploads = 0;
  let firstStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    firstStarted = resolve;
  });
  await phone.route('**/api/uploads**', async (route) => {
    uploads += 1;
    if (uploads > 1) return route.continue();
    firstStarted();
    try {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 12_000));
      await route.fulfill({ response });
    } catch {
      // The page gave the upload up (she signed out): nothing to answer.
    }
  });
  await phone.context().setOffline(false);
  await started;

  // She hands the phone over: signs out (her post is still on its way: she keeps it for her
  // next sign-in here), and he signs in by link in the same tab.
  await signOutFromProfile(phone, /Giữ trên máy/);
  await signInByLink(phone, emailB);
  await expect(phone).toHaveURL(/#\/activity$/);
  await expect(phone.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
  // Long enough for the held photo to answer and a sender that went on to finish.
  await phone.waitForTimeout(16_000);
  expect(await postsAbout(page, student.id)).toEqual([]);
  await expect(phone.getByTestId('queued-post')).toHaveCount(0);
  await expect(phone.getByText(text)).toHaveCount(0);
  await screenshot(phone, 'shared-phone-next-person');

  // She signs in again on the phone: her post waited for her, and goes out as hers.
  await signOutFromProfile(phone);
  await signInByLink(phone, emailA);
  await expect(phone).toHaveURL(/#\/activity$/);
  await expect(phone.getByRole('article').filter({ hasText: text })).toHaveCount(1, {
    timeout: 45_000,
  });
  const about = await postsAbout(page, student.id);
  expect(about).toHaveLength(1);
  const post = (await (await page.request.get(`/api/posts/${about[0]?.id}`)).json()) as {
    author: { id: string };
    media: unknown[];
  };
  expect(post.author.id).toBe(personA);
  expect(post.media).toHaveLength(3);
});

test('a sign-out made without a signal is carried out as soon as the signal returns', async ({
  newVisitor,
  allowProblems,
}) => {
  test.slow();
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/, /401/);
  const tag = unique();
  const phone = await activeInstructor(() => newVisitor(), `Hà Thị Thu Trang ${tag}`);
  const hidden = await hiddenPostOnScreen(phone, `Bài riêng của cô Trang ${tag}`);

  await phone.goto('/#/profile');
  await expect(phone.getByRole('button', { name: 'Đăng xuất' })).toBeVisible();
  await phone.context().setOffline(true);
  await phone.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(phone).toHaveURL(/#\/login/, { timeout: 20_000 });
  await expect(phone.getByText(hidden)).toHaveCount(0);
  await screenshot(phone, 'shared-phone-signed-out-offline');

  // Back online, the app is opened again: the sign-out goes first, and no one is signed in.
  await phone.context().setOffline(false);
  await phone.goto('/');
  await expect(phone).toHaveURL(/#\/login/, { timeout: 20_000 });
  await expect(phone.getByText(hidden)).toHaveCount(0);
  expect((await me(phone)).state).toBe('anonymous');
  expect(await keptQueryKeys(phone)).toEqual([]);
});

test('the next person to sign in on a phone never sees what the last one kept', async ({
  newVisitor,
  allowProblems,
}) => {
  test.slow();
  allowProblems(/401/);
  const tag = unique();
  const emailB = uniqueEmail('gv-b');
  const other = await activeInstructor(() => newVisitor(), `Lâm Quốc Bảo ${tag}`, emailB);
  await other.context().close();
  const phone = await activeInstructor(() => newVisitor(), `Trịnh Thị Diệu Linh ${tag}`);
  const hidden = await hiddenPostOnScreen(phone, `Bài riêng của cô Linh ${tag}`);
  // What she loaded is kept on the phone for reading offline.
  await expect.poll(() => keptQueryKeys(phone), { timeout: 10_000 }).toContain('["me"]');

  // Her session ends elsewhere (a block, a sign-out on another device); the phone is not told.
  await phone.context().clearCookies();
  // He signs in on the phone; his own feed is slow to come.
  await phone.route('**/api/posts?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    await route.continue().catch(() => undefined);
  });
  await signInByLink(phone, emailB);
  await expect(phone).toHaveURL(/#\/activity$/);
  await expect(phone.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
  // While his feed is on its way, and after it came: nothing of hers.
  for (let look = 0; look < 8; look += 1) {
    expect(await phone.getByText(hidden).count()).toBe(0);
    await phone.waitForTimeout(500);
  }
  await phone.unroute('**/api/posts?**');
  await expect(phone.getByRole('article').first()).toBeVisible({ timeout: 20_000 });
  await expect(phone.getByText(hidden)).toHaveCount(0);
  expect((await me(phone)).person?.name).toContain('Lâm Quốc Bảo');
});

for (const size of PHONE_SIZES) {
  test(`a sign-out with work still waiting asks first: kept for her, sent, or deleted with her say (${size.width}×${size.height})`, async ({
    page,
    newVisitor,
    allowProblems,
  }) => {
    test.slow();
    allowProblems(/net::ERR_INTERNET_DISCONNECTED/, /ERR_ABORTED/, /401/, /503/);
    const tag = unique();
    const student = await studentInCourse(page, tag);
    const emailA = uniqueEmail('gv-a');
    const emailB = uniqueEmail('gv-b');
    const elsewhere = await activeInstructor(() => newVisitor(), `Phan Văn Đức ${tag}`, emailB);
    await elsewhere.context().close();
    const phone = await activeInstructor(() => newVisitor(), `Lê Thị Bích Ngọc ${tag}`, emailA);
    await phone.setViewportSize(size);
    const personA = (await me(phone)).person?.id;
    await loadStudents(phone, tag, student.name);
    // Tôi, once with a signal: a screen is there offline once it was opened.
    await openProfile(phone);
    await openActivity(phone);

    // Offline, an evaluation waits on the phone; she goes to sign out.
    await phone.context().setOffline(true);
    const kept = `Đánh giá giữ lại cho cô Ngọc ${tag}`;
    await writeEvaluation(phone, tag, student.name, kept);
    await openProfile(phone);
    await phone.getByRole('button', { name: 'Đăng xuất' }).click();
    const asked = phone.getByRole('dialog', { name: 'Còn 1 bài chưa gửi' });
    await expect(asked).toBeVisible();
    await expect(asked).toContainText(student.name);
    await expect(asked.getByRole('button', { name: 'Gửi ngay rồi đăng xuất' })).toBeDisabled();
    await expect(asked).toContainText('Máy đang mất mạng');
    await screenshot(phone, `sign-out-with-waiting-posts-${size.width}`);
    // "Stay": nothing happens to her or the post.
    await asked.getByRole('button', { name: /Ở lại/ }).click();
    await expect(asked).toBeHidden();
    await expect(phone).toHaveURL(/#\/profile/);
    // Kept for her next sign-in here.
    await signOutFromProfile(phone, /Giữ trên máy/);
    await phone.context().setOffline(false);

    // The next person on the phone sees nothing of it, and nothing goes out as him.
    await signInByLink(phone, emailB);
    await expect(phone).toHaveURL(/#\/activity$/, { timeout: 30_000 });
    await expect(phone.getByRole('heading', { level: 1, name: 'Hoạt động' })).toBeVisible();
    await phone.waitForTimeout(3_000);
    await expect(phone.getByTestId('queued-post')).toHaveCount(0);
    await expect(phone.getByText(kept)).toHaveCount(0);
    expect(await postsAbout(page, student.id)).toEqual([]);
    await signOutFromProfile(phone);

    // She signs in again: it was kept for her and goes out as hers.
    await signInByLink(phone, emailA);
    await expect(phone.getByRole('article').filter({ hasText: kept })).toHaveCount(1, {
      timeout: 45_000,
    });
    const sent = await postsAbout(page, student.id);
    expect(sent.map((post) => post.text)).toEqual([kept]);
    const post = (await (await page.request.get(`/api/posts/${sent[0]?.id}`)).json()) as {
      author: { id: string };
    };
    expect(post.author.id).toBe(personA);

    // Waiting behind a busy server, she chooses to send it now: it goes, then she is signed out.
    await phone.route('**/api/posts', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 503, body: '{"code":"unavailable","message":"Bận"}' })
        : route.continue(),
    );
    const sentNow = `Đánh giá gửi ngay trước khi đăng xuất ${tag}`;
    await writeEvaluation(phone, tag, student.name, sentNow);
    await openProfile(phone);
    await phone.getByRole('button', { name: 'Đăng xuất' }).click();
    const again = phone.getByRole('dialog', { name: 'Còn 1 bài chưa gửi' });
    await expect(again).toBeVisible();
    await phone.unroute('**/api/posts');
    await again.getByRole('button', { name: 'Gửi ngay rồi đăng xuất' }).click();
    await expect(phone).toHaveURL(/#\/login/, { timeout: 30_000 });
    expect((await postsAbout(page, student.id)).map((each) => each.text)).toContain(sentNow);

    // Offline again, she deletes what waits: a second tap to be sure; nothing is ever sent.
    await signInByLink(phone, emailA);
    await expect(phone).toHaveURL(/#\/activity$/, { timeout: 30_000 });
    await loadStudents(phone, tag, student.name);
    await openProfile(phone);
    await openActivity(phone);
    await phone.context().setOffline(true);
    const deleted = `Đánh giá viết nhầm, xóa trước khi đăng xuất ${tag}`;
    await writeEvaluation(phone, tag, student.name, deleted);
    await openProfile(phone);
    await phone.getByRole('button', { name: 'Đăng xuất' }).click();
    const last = phone.getByRole('dialog', { name: 'Còn 1 bài chưa gửi' });
    await last.getByRole('button', { name: 'Xóa 1 bài rồi đăng xuất' }).click();
    await expect(phone).toHaveURL(/#\/profile/);
    await last.getByRole('button', { name: /Chắc chắn xóa 1 bài/ }).click();
    await expect(phone).toHaveURL(/#\/login/, { timeout: 20_000 });
    await phone.context().setOffline(false);
    await signInByLink(phone, emailA);
    await expect(phone).toHaveURL(/#\/activity$/, { timeout: 30_000 });
    await phone.waitForTimeout(3_000);
    await expect(phone.getByTestId('queued-post')).toHaveCount(0);
    expect((await postsAbout(page, student.id)).map((each) => each.text)).not.toContain(deleted);
  });
}
