import { BOTH_SIZES, expect, screenshot, test } from './fixtures.ts';
import { activeInstructor, signInByLink } from './support/accounts.ts';
import {
  feedReadyOffline,
  loadStudents,
  postsAbout,
  studentInCourse,
  unique,
  writeEvaluation,
} from './support/evaluation.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { photoFile } from './support/photos.ts';

/*
 * Evaluating in class without a signal: the post form works offline, a new post waits in the
 * outbox on the phone (IndexedDB) and sends itself once, photos and all, whatever happens on
 * the way.
 */

// The service worker stays blocked (as in every other journey): each journey goes offline in a
// page that has loaded the app, as a phone does in class, and `page.route` does not see requests
// a service worker answers. The app opened offline from what it kept, and the service worker
// sending the outbox (Background Sync), are in pwa.spec.ts.

test(
  'an evaluation written offline with three photos waits on the phone, survives a closed page and arrives once',
  BOTH_SIZES,
  async ({ page, context, newVisitor, allowProblems }) => {
    test.slow();
    allowProblems(/net::ERR_INTERNET_DISCONNECTED/);
    const tag = unique();
    const student = await studentInCourse(page, tag);
    const watcher = await activeInstructor(newVisitor, `Lê Văn Tám ${tag}`);
    await loadStudents(page, tag, student.name);

    await context.setOffline(true);
    await expect(page.getByTestId('offline-banner')).toContainText('Ngoại tuyến');
    await expect(page.getByTestId('offline-notice')).toHaveCount(0);
    const text = `Dũa form đều tay, còn lem sơn ở ngón áp út ${tag}`;
    await writeEvaluation(page, tag, student.name, text);

    const queued = page.getByTestId('queued-post');
    await expect(queued).toHaveCount(1);
    await expect(queued).toContainText('Đang chờ gửi · sẽ tự gửi khi có mạng');
    await expect(queued).toContainText(student.name);
    await expect(queued.getByRole('img')).toHaveCount(3);
    await screenshot(page, 'outbox-waiting');

    // The page is closed with the post still on the phone; the app is opened again later.
    await page.close();
    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto('/#/activity');
    await expect(again.getByTestId('queued-post')).toHaveCount(0, { timeout: 30_000 });
    const post = again.getByRole('article').filter({ hasText: text });
    await expect(post).toHaveCount(1);
    await expect(post.getByRole('img', { name: /Ảnh \d của bài đăng/ }).first()).toBeVisible();

    const posts = await postsAbout(again, student.id);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ text, rating: 8 });
    expect(posts[0]?.media).toHaveLength(3);
    // Another device sees it live.
    await expect(watcher.getByRole('article').filter({ hasText: text })).toHaveCount(1);
  },
);

test('a connection dropped in the middle of the second photo, then a 500: the post still arrives once', async ({
  page,
  context,
  allowProblems,
}) => {
  test.slow();
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/, /ERR_CONNECTION_RESET/, /500/);
  const tag = unique();
  const student = await studentInCourse(page, tag);
  await loadStudents(page, tag, student.name);

  // Photos chosen offline wait on the phone; the form posts them to the outbox.
  await context.setOffline(true);
  const text = `Màu gel đều, viền sạch ${tag}`;
  await writeEvaluation(page, tag, student.name, text);
  await expect(page.getByTestId('queued-post')).toHaveCount(1);

  // Online again: the second photo's upload breaks off half-way, and the first answer to the
  // post itself is a server error.
  let uploads = 0;
  await page.route('**/api/uploads**', async (route) => {
    uploads += 1;
    if (uploads === 2) await route.abort('connectionreset');
    else await route.continue();
  });
  let posts = 0;
  await page.route('**/api/posts', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    if (posts === 1)
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'internal_error', message: 'Đã có lỗi xảy ra. Vui lòng thử lại sau.' },
        }),
      });
    return route.continue();
  });
  await context.setOffline(false);

  const queued = page.getByTestId('queued-post');
  // It says why it waits, and sends itself again without a tap.
  await expect(queued).toContainText('Đang chờ gửi', { timeout: 30_000 });
  await expect(queued).toHaveCount(0, { timeout: 90_000 });
  await expect(page.getByRole('article').filter({ hasText: text })).toHaveCount(1);
  // The first photo was not sent again: three photos, the broken one once more.
  expect(uploads).toBe(4);
  expect(posts).toBe(2);
  const about = await postsAbout(page, student.id);
  expect(about).toHaveLength(1);
  expect(about[0]?.media).toHaveLength(3);
});

test('a post that waited while the session ended is sent after signing in again', async ({
  newVisitor,
  allowProblems,
  page,
}) => {
  test.slow();
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/, /401/);
  const tag = unique();
  const email = uniqueEmail('gv');
  const student = await studentInCourse(page, tag);
  const teacher = await activeInstructor(() => newVisitor(), `Phan Thị Mỹ Duyên ${tag}`, email);
  await loadStudents(teacher, tag, student.name);

  await teacher.context().setOffline(true);
  const text = `Bài đánh giá chờ đăng nhập ${tag}`;
  await writeEvaluation(teacher, tag, student.name, text);
  // Meanwhile her session ends (signed out elsewhere, or it expired).
  await teacher.context().clearCookies();
  await teacher.context().setOffline(false);
  await teacher.reload();
  await expect(teacher).toHaveURL(/#\/login/, { timeout: 20_000 });
  expect(await postsAbout(page, student.id)).toHaveLength(0);

  await signInByLink(teacher, email);
  await expect(teacher).toHaveURL(/#\/activity$/);
  await expect(teacher.getByRole('article').filter({ hasText: text })).toHaveCount(1, {
    timeout: 30_000,
  });
  await expect(teacher.getByTestId('queued-post')).toHaveCount(0);
  const about = await postsAbout(page, student.id);
  expect(about).toHaveLength(1);
  expect(about[0]?.media).toHaveLength(3);
});

test('a waiting post is changed or deleted on the phone; a refusal keeps it editable with the reason', async ({
  page,
  context,
  allowProblems,
}) => {
  test.slow();
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/, /404/);
  const tag = unique();
  const student = await studentInCourse(page, tag);
  await loadStudents(page, tag, student.name);

  await context.setOffline(true);
  await writeEvaluation(page, tag, student.name, `Bản đầu ${tag}`);
  const queued = page.getByTestId('queued-post');
  // Changed while it waits: the form opens with what was written, photos and all.
  await queued.getByRole('button', { name: 'Sửa' }).click();
  const form = page.getByRole('dialog', { name: 'Đăng bài' });
  await expect(form.getByLabel('Nội dung')).toHaveValue(`Bản đầu ${tag}`);
  await expect(form.getByTestId('photo-item')).toHaveCount(3);
  await form.getByLabel('Nội dung').fill(`Bản sửa ${tag}`);
  await form.getByRole('button', { name: 'Đăng bài' }).click();
  await expect(queued).toHaveCount(1);
  await expect(queued).toContainText(`Bản sửa ${tag}`);

  // The student is deleted meanwhile: the server refuses, and the post stays to be changed.
  expect((await page.request.delete(`/api/students/${student.id}`)).status()).toBe(200);
  await context.setOffline(false);
  await expect(queued).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
  await expect(queued).toContainText('Đăng bài thất bại.');
  await screenshot(page, 'outbox-refused');
  await queued.getByRole('button', { name: 'Xóa' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Xóa bài' }).click();
  await expect(queued).toHaveCount(0);
});

test('a new post closed before posting is offered again as a draft, photos and all', async ({
  page,
  context,
  allowProblems,
}) => {
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/);
  const tag = unique();
  await feedReadyOffline(page);
  await context.setOffline(true);
  await page.locator('[data-tour="create-post"]').click();
  const form = page.getByRole('dialog', { name: 'Đăng bài' });
  await form.getByText('Bài chung', { exact: true }).click();
  await form.getByLabel('Nội dung').fill(`Nháp lịch học bù ${tag}`);
  await form.locator('input[type=file]').setInputFiles(await photoFile());
  await expect(form.getByTestId('photo-item')).toHaveAttribute('data-status', 'waiting');
  // The tab is closed mid-sentence.
  await page.waitForTimeout(600);
  await page.close();
  await context.setOffline(false);
  const again = await context.newPage();
  await again.goto('/#/activity');
  await again.locator('[data-tour="create-post"]').click();
  const reopened = again.getByRole('dialog', { name: 'Đăng bài' });
  await expect(reopened.getByText('Đã mở lại bản nháp chưa đăng.')).toBeVisible();
  await expect(reopened.getByLabel('Nội dung')).toHaveValue(`Nháp lịch học bù ${tag}`);
  await expect(reopened.getByTestId('photo-item')).toHaveAttribute('data-status', 'done', {
    timeout: 30_000,
  });
  await reopened.getByRole('button', { name: 'Bỏ bản nháp' }).click();
  await expect(reopened.getByLabel('Nội dung')).toHaveValue('');
  await expect(reopened.getByTestId('photo-item')).toHaveCount(0);
});
