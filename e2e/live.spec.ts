import { BOTH_SIZES, expect, navigation, screenshot, test } from './fixtures.ts';
import { activeInstructor } from './support/accounts.ts';

const unique = () => Math.random().toString(36).slice(2, 7);

test(
  'a like, a comment and a new post made in one browser appear in the other without reloading; the red dot appears and clears',
  BOTH_SIZES,
  async ({ newVisitor }) => {
    // Two sign-ups and two browsers: more than the default half minute on a busy machine.
    test.slow();
    const tag = unique();
    const postText = `Lịch học tuần này ${tag}`;
    // Two instructors of their own: the owner's notifications are read by other journeys.
    const author = await activeInstructor(newVisitor, `Lâm Gia Hân ${tag}`);
    const teacher = await activeInstructor(newVisitor, `Mai Phương Thảo ${tag}`);

    // The author's post, open on the author's screen.
    const created = await author.request.post('/api/posts', {
      data: { kind: 'general', text: postText },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    // Going to the post is a change of the hash only: the feed stays on screen until the post page
    // replaces it, and the feed's first card may be another journey's post. The post page is the
    // one with the comment box.
    await author.goto(`/#/posts/${id}`);
    await expect(author.getByRole('textbox', { name: 'Viết bình luận…' })).toBeVisible();
    const post = author.getByRole('article').filter({ hasText: postText });
    const like = post.getByRole('button', { name: /Thích/ });
    await expect(like).toContainText('0');
    const dot = navigation(author).getByTestId('unread-dot');
    await expect(dot).toBeHidden();

    // The other instructor likes and comments in their own browser.
    await teacher.goto(`/#/posts/${id}`);
    const commentBox = teacher.getByRole('textbox', { name: 'Viết bình luận…' });
    await expect(commentBox).toBeVisible();
    await teacher
      .getByRole('article')
      .filter({ hasText: postText })
      .getByRole('button', { name: /Thích/ })
      .click();
    await commentBox.fill(`Đã nhận, cảm ơn chị ${tag}`);
    await teacher.getByRole('button', { name: 'Gửi' }).click();

    await expect(like).toContainText('1');
    await expect(author.getByTestId('comment')).toContainText(`Đã nhận, cảm ơn chị ${tag}`);
    await expect(post.getByRole('link', { name: /Bình luận/ })).toContainText('1');
    await expect(dot).toBeVisible();
    await screenshot(author, 'live-post');

    // A new post appears in the other browser's feed as it is published.
    await teacher.goto('/#/activity');
    await expect(teacher.getByRole('article').first()).toBeVisible();
    const second = await author.request.post('/api/posts', {
      data: { kind: 'general', text: `Nhắc lịch kiểm tra ${tag}` },
    });
    expect(second.status()).toBe(201);
    await expect(
      teacher.getByRole('article').filter({ hasText: `Nhắc lịch kiểm tra ${tag}` }),
    ).toBeVisible();

    // Reading the notifications clears the dot.
    await navigation(author)
      .getByRole('link', { name: /Thông báo/ })
      .click();
    await expect(
      author.getByTestId('notification').filter({ hasText: `Mai Phương Thảo ${tag} đã thích` }),
    ).toBeVisible();
    await expect(dot).toBeHidden();
  },
);

test('the next ten arrive as the person scrolls while posts keep coming in live', async ({
  page,
  newVisitor,
}) => {
  const tag = unique();
  const name = `Kiều Bảo Ngân ${tag}`;
  const author = await activeInstructor(newVisitor, name);
  for (let n = 1; n <= 12; n++) {
    const created = await author.request.post('/api/posts', {
      data: { kind: 'general', text: `Mẫu móng số ${n} ${tag}` },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto(`/#/activity?q=${encodeURIComponent(name)}`);
  const posts = page.getByRole('article');
  await expect(posts).toHaveCount(10);

  // She keeps posting; each post makes the list read itself again.
  let posting = true;
  let more = 0;
  const stream = (async () => {
    while (posting && more < 150) {
      more += 1;
      await author.request.post('/api/posts', {
        data: { kind: 'general', text: `Mẫu mới ${more} ${tag}` },
      });
    }
  })();
  try {
    await expect.poll(() => more, { message: 'posts are streaming in' }).toBeGreaterThan(3);
    await page
      .getByTestId('activity-end')
      .or(page.getByRole('button', { name: 'Xem thêm' }))
      .scrollIntoViewIfNeeded();
    // Stuck at ten before: each live re-read cancelled the next page, and the next page the
    // re-read.
    await expect.poll(() => posts.count()).toBeGreaterThan(15);
  } finally {
    posting = false;
    await stream;
  }
});
