import { startS3Server } from '../server/test/s3-server.ts';
import { expect, test } from './fixtures.ts';
import { onboard, signInByLink } from './support/accounts.ts';
import {
  loadStudents,
  postsAbout,
  studentInCourse,
  unique,
  writeEvaluation,
} from './support/evaluation.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { startServerWithBucket } from './support/servers.ts';

/*
 * An academy whose photos are in a bucket (MEDIA_STORE=s3, README "Several servers"), and the
 * bucket goes down in the middle of a class: the evaluation waits on the phone, and goes with
 * its photos, once, when the bucket is back; the photos then show in the feed.
 */
test('the photo store down: the evaluation waits on the phone and goes when the store is back', async ({
  newVisitor,
  allowProblems,
}) => {
  test.slow();
  // The uploads refused while the bucket is down (503 from /api/uploads), as the phone sees them.
  allowProblems(/503/);
  const bucket = await startS3Server();
  const server = await startServerWithBucket(bucket.env);
  try {
    const page = await newVisitor({ baseURL: server.url });
    await signInByLink(page, uniqueEmail('bucket'));
    await onboard(page, 'Giảng viên', 'Chủ Kho Ảnh');
    await expect(page).toHaveURL(/#\/activity$/);
    const tag = unique();
    const student = await studentInCourse(page, tag);
    await loadStudents(page, tag, student.name);

    await bucket.stop();
    const text = `Sơn thạch đều màu ${tag}`;
    await writeEvaluation(page, tag, student.name, text);
    const queued = page.getByTestId('queued-post');
    await expect(queued).toHaveCount(1);
    await expect(queued).toContainText('Đang chờ gửi', { timeout: 30_000 });
    // Nothing reached the academy while the store was down.
    expect(await postsAbout(page, student.id)).toHaveLength(0);

    await bucket.start();
    await expect(queued).toHaveCount(0, { timeout: 90_000 });
    const article = page.getByRole('article').filter({ hasText: text });
    await expect(article).toHaveCount(1);
    const about = await postsAbout(page, student.id);
    expect(about).toHaveLength(1);
    expect(about[0]?.media).toHaveLength(3);
    // Its photos come from the bucket through the server and are drawn.
    const photos = article.locator('img[src*="/media/"]');
    await expect(photos.first()).toBeVisible();
    await expect
      .poll(() => photos.first().evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  } finally {
    await server.stop();
    await bucket.close();
  }
});
