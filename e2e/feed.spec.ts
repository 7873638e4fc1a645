import type { Page } from '@playwright/test';
import { BOTH_SIZES, expect, isPhone, navigation, screenshot, test } from './fixtures.ts';
import { activeInstructor } from './support/accounts.ts';
import { holdChunk } from './support/held-chunks.ts';
import { photoFile } from './support/photos.ts';

const unique = () => Math.random().toString(36).slice(2, 7);

/** A comment on post `id` (or a reply to `parentId`) sent as the signed-in person; its id. */
async function commentOn(page: Page, id: string, text: string, parentId: string | null) {
  const answer = await page.request.post(`/api/posts/${id}/comments`, {
    data: { text, parentId },
  });
  expect(answer.status()).toBe(201);
  return (await answer.json()).id as string;
}

test(
  'an instructor writes an evaluation with a mention, two photos and a rating; the tagged instructor likes it, replies and saves it',
  BOTH_SIZES,
  async ({ page, newVisitor }) => {
    // Two browsers, a sign-up, two photo uploads and a dozen steps: more than half a minute.
    test.slow();
    const tag = unique();
    const teacherName = `Đỗ Thu Trang ${tag}`;
    const teacher = await activeInstructor(newVisitor, teacherName);

    const studentName = `Hồ Thị Ngọc ${tag}`;
    const course = await (
      await page.request.post('/api/courses', {
        data: { name: `Vẽ hoa ${tag}`, lessons: [{ title: 'Hoa mai' }, { title: 'Hoa đào' }] },
      })
    ).json();
    const created = await page.request.post('/api/students', {
      data: { name: studentName, courseIds: [course.id] },
    });
    expect(created.status()).toBe(201);

    // The owner writes the evaluation from the student's card ("Đánh giá").
    await page.goto('/#/students');
    await page.getByRole('searchbox', { name: 'Tìm học viên…' }).fill(tag);
    await page.getByRole('button', { name: `Thao tác với ${studentName}` }).click();
    await page.getByRole('menuitem', { name: 'Đánh giá' }).click();
    const form = page.getByRole('dialog', { name: 'Đăng bài' });
    await expect(form.getByLabel('Học viên được đánh giá')).toHaveValue(studentName);
    // Her one course and the first lesson she has not finished are chosen for the instructor.
    // Course and lesson are chips, one tap each; her own course is the one offered.
    const courses = form.getByRole('radiogroup', { name: 'Khóa học' });
    await expect(courses.getByRole('radio', { name: `Vẽ hoa ${tag}` })).toBeChecked();
    await expect(courses.getByRole('radio')).toHaveCount(2);
    const lessons = form.getByRole('radiogroup', { name: 'Bài học' });
    await expect(lessons.getByRole('radio', { name: 'Hoa mai' })).toBeChecked();
    // What was chosen for her is nothing to discard: Hủy closes at once, asking nothing.
    await form.getByRole('button', { name: 'Hủy' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await page.getByRole('button', { name: `Thao tác với ${studentName}` }).click();
    await page.getByRole('menuitem', { name: 'Đánh giá' }).click();
    await expect(lessons.getByRole('radio', { name: 'Hoa mai' })).toBeChecked();
    await lessons.getByText('Hoa đào', { exact: true }).click();
    await expect(lessons.getByRole('radio', { name: 'Hoa đào' })).toBeChecked();
    // Every other course is one tap away.
    await courses.getByRole('button', { name: 'Khóa khác…' }).click();
    await expect(courses.getByRole('button', { name: 'Khóa khác…' })).toBeHidden();
    await expect(courses.getByRole('radio', { name: `Vẽ hoa ${tag}` })).toBeChecked();
    // The rating is one tap in a row of 0–10.
    await form
      .getByRole('radiogroup', { name: 'Điểm (0–10)' })
      .getByText('9', { exact: true })
      .click();
    const text = form.getByLabel('Nội dung');
    await text.fill(`Cánh hoa mềm mại. Cảm ơn @do thu trang ${tag}`);
    const mentionList = form.getByRole('listbox', { name: 'Người có thể nhắc đến' });
    await expect(mentionList.getByRole('option')).toHaveCount(1);
    await expect(mentionList.getByRole('option', { name: new RegExp(teacherName) })).toBeVisible();
    await text.press('Enter');
    // The box shows the name as the person wrote it; the id stays out of their sentence.
    await expect(text).toHaveValue(new RegExp(`@${teacherName} $`));
    await expect(text).not.toHaveValue(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    await text.pressSequentially('đã hỗ trợ!');
    await form.locator('input[type=file]').setInputFiles([await photoFile(), await photoFile()]);
    await expect(form.getByRole('img', { name: /Ảnh/ })).toHaveCount(2, { timeout: 20_000 });
    await screenshot(page, 'post-form');
    // Publishing waits for the photos to finish uploading.
    const publish = form.getByRole('button', { name: 'Đăng bài' });
    await expect(publish).toBeEnabled({ timeout: 30_000 });
    await publish.click();
    await expect(page.getByRole('status').filter({ hasText: 'Đã đăng bài.' }).last()).toBeVisible();

    await page.goto('/#/activity');
    const post = page.getByRole('article').filter({ hasText: studentName }).first();
    await expect(post).toContainText('Hoa đào');
    await expect(post.getByRole('link', { name: `@${teacherName}` })).toBeVisible();
    await expect(post.getByText('Điểm 9/10')).toBeAttached();
    await screenshot(page, 'activity');

    // Filtered by the student, typed without diacritics: only her evaluation.
    await page.getByRole('button', { name: 'Lọc theo học viên' }).click();
    await page
      .getByRole('dialog', { name: 'Lọc theo học viên' })
      .getByRole('combobox', { name: 'Tìm học viên' })
      .fill(`ho thi ngoc ${tag}`);
    await page.getByRole('option', { name: studentName }).click();
    await expect(page).toHaveURL(/student=/);
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('article')).toHaveCount(1);
    await page.getByRole('button', { name: 'Bỏ lọc học viên' }).click();
    await expect(page).not.toHaveURL(/student=/);

    // The story viewer: arrows move between photos, Escape closes.
    await post.getByRole('button', { name: 'Xem ảnh 1' }).click();
    const viewer = page.getByRole('dialog', { name: 'Ảnh của bài viết' });
    await expect(viewer.getByText('Ảnh 1/2')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(viewer.getByText('Ảnh 2/2')).toBeVisible();
    await screenshot(page, 'story-viewer');
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // The owner comments; the tagged instructor likes, replies and saves.
    await post.getByRole('link', { name: /Bình luận/ }).click();
    await expect(page).toHaveURL(/#\/posts\/[0-9a-f-]{36}$/);
    const postUrl = page.url();
    await page.getByRole('textbox', { name: 'Viết bình luận…' }).fill('Em giữ phong độ nhé!');
    await page.getByRole('button', { name: 'Gửi' }).click();
    await expect(page.getByTestId('comment')).toHaveCount(1);

    await teacher.goto(postUrl.replace(/^.*#/, '/#'));
    // Only a hash change: until the post page has rendered, the feed (with other journeys' posts
    // first) is still on screen.
    await expect(teacher.getByRole('textbox', { name: 'Viết bình luận…' })).toBeVisible();
    const theirPost = teacher.getByRole('article').first();
    const like = theirPost.getByRole('button', { name: /Thích/ });
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toContainText('1');
    await theirPost.getByRole('button', { name: 'Lưu bài' }).click();
    await expect(theirPost.getByRole('button', { name: 'Lưu bài' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await teacher.getByTestId('comment').getByRole('button', { name: 'Trả lời' }).click();
    // The box comes to them with the caret after the mention: they just type.
    await expect(teacher.getByRole('textbox', { name: 'Viết bình luận…' })).toBeFocused();
    await teacher.keyboard.type('Cảm ơn chị!');
    await teacher.getByRole('button', { name: 'Gửi' }).click();
    await expect(teacher.getByTestId('comment')).toHaveCount(2);
    await expect(teacher.getByTestId('comment').nth(1)).toContainText('Cảm ơn chị!');
    // A reply, under the comment it answers.
    await expect(teacher.getByTestId('comment').first().getByTestId('comment')).toContainText(
      'Cảm ơn chị!',
    );
    await screenshot(teacher, 'post-page');
    await teacher.goto('/#/profile');
    await expect(
      teacher.getByRole('region', { name: 'Bài đã lưu' }).getByRole('article'),
    ).toContainText(studentName);

    // The owner sees the like and the reply, and is told: the red dot, then the list clears it.
    await page.reload();
    await expect(
      page.getByRole('article').first().getByRole('button', { name: /Thích/ }),
    ).toContainText('1');
    await expect(page.getByTestId('comment')).toHaveCount(2);
    const dot = navigation(page).getByTestId('unread-dot');
    await expect(dot).toBeVisible();
    await navigation(page)
      .getByRole('link', { name: /Thông báo/ })
      .click();
    const told = page.getByTestId('notification');
    await expect(
      told.filter({ hasText: `${teacherName} đã thích bài viết của bạn.` }),
    ).toBeVisible();
    await expect(
      told.filter({ hasText: `${teacherName} đã trả lời bình luận của bạn.` }),
    ).toBeVisible();
    await expect(dot).toBeHidden();
    await screenshot(page, 'notifications');
    await told.filter({ hasText: `${teacherName} đã thích bài viết của bạn.` }).click();
    await expect(page).toHaveURL(/#\/posts\/[0-9a-f-]{36}$/);

    // The mentioned instructor was told too.
    await teacher.goto('/#/notifications');
    await expect(
      teacher.getByTestId('notification').filter({ hasText: 'Trần Thu Hà đã nhắc đến bạn.' }),
    ).toBeVisible();
  },
);

test('a hidden post says "Không tìm thấy bài viết."; search in the feed ignores diacritics', async ({
  page,
  newVisitor,
}) => {
  const tag = unique();
  const teacher = await activeInstructor(newVisitor, `Vương Đình Khải ${tag}`);
  const created = await teacher.request.post('/api/posts', {
    data: { kind: 'general', text: `Thông báo lịch học ${tag}` },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  await page.goto('/#/activity');
  await page.getByRole('searchbox', { name: /Tìm theo người đăng/ }).fill(`vuong dinh khai ${tag}`);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article')).toContainText(`Thông báo lịch học ${tag}`);

  await teacher.goto('/#/profile');
  const hide = teacher.getByRole('switch', { name: 'Ẩn bài đăng của tôi' });
  await hide.click();
  await expect(hide).toHaveAttribute('aria-checked', 'true');
  // The feed open in the other browser drops the post live, without a reload.
  await expect(page.getByText('Không có bài đăng nào khớp bộ lọc.')).toBeVisible();
  await page.goto(`/#/posts/${id}`);
  await expect(page.getByTestId('post-not-found')).toContainText('Không tìm thấy bài viết.');
});

test('an author edits and deletes a post from its menu, also when pressed before the menu’s code has arrived', async ({
  page,
}) => {
  const tag = unique();
  const created = await page.request.post('/api/posts', {
    data: { kind: 'general', text: `Lịch học bù ${tag}` },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  // The menu's code is held back, so the first press meets the stand-in button.
  const release = await holdChunk(page, 'features/posts/components/post-menu.tsx');
  await page.goto(`/#/posts/${id}`);
  const post = page.getByRole('article').filter({ hasText: `Lịch học bù ${tag}` });
  const menuButton = post.getByRole('button', { name: 'Thao tác với bài viết' });
  await menuButton.click();
  await expect(page.getByRole('menu')).toHaveCount(0);
  release();
  // Arrived: the menu opens by itself, from the same place, as if pressed then.
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Sửa bài' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(menuButton).toBeFocused();

  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Sửa bài' }).click();
  const form = page.getByRole('dialog', { name: 'Sửa bài' });
  await form.getByLabel('Nội dung').fill(`Lịch học bù ${tag}: thứ bảy, 8 giờ`);
  await form.getByRole('button', { name: 'Lưu' }).click();
  await expect(form).toHaveCount(0);
  await expect(post).toContainText('thứ bảy, 8 giờ');

  await menuButton.click();
  await menu.getByRole('menuitem', { name: 'Xóa bài' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByRole('button', { name: 'Xóa bài' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Đã xóa bài viết.' }).last(),
  ).toBeVisible();
  await expect(post).toHaveCount(0);
  expect((await page.request.get(`/api/posts/${id}`)).status()).toBe(404);
});

test('the feed’s search and filters leave the first post on a phone’s first screen', async ({
  page,
}) => {
  const tag = unique();
  const studentName = `Lâm Thị Đào Hồng Nhung Phương 🌸 ${tag}`;
  const created = await page.request.post('/api/students', { data: { name: studentName } });
  expect(created.status()).toBe(201);
  const post = await page.request.post('/api/posts', {
    data: { kind: 'evaluation', studentId: (await created.json()).id, text: `Nền đều ${tag}` },
  });
  expect(post.status()).toBe(201);
  await page.goto('/#/activity');
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  // Title, one search box and one row of filters: together at most a quarter of the screen.
  const top = (await first.boundingBox())!.y;
  const height = page.viewportSize()!.height;
  if (isPhone(page)) expect(top / height).toBeLessThan(0.25);
  await screenshot(page, 'activity-filters');

  // The student filter is a chip: a sheet to find her, then her name with a way to clear it.
  await page.getByRole('button', { name: 'Lọc theo học viên' }).click();
  const sheet = page.getByRole('dialog', { name: 'Lọc theo học viên' });
  const search = sheet.getByRole('combobox', { name: 'Tìm học viên' });
  await expect(search).toBeFocused();
  await search.fill('dao hong nhung phuong');
  await page.getByRole('option', { name: studentName }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/student=/);
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Bỏ lọc học viên' })).toBeInViewport();
  await screenshot(page, 'activity-student-filter');
  // The filter survives a reload (it lives in the address), and one tap clears it.
  await page.reload();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('button', { name: 'Bỏ lọc học viên' }).click();
  await expect(page).not.toHaveURL(/student=/);
  await expect(page.getByRole('button', { name: 'Lọc theo học viên' })).toBeVisible();
});

test('a comment’s author edits and deletes it from its menu; a reply’s actions stay on one line', async ({
  page,
}) => {
  const tag = unique();
  const me = await (await page.request.get('/api/me')).json();
  const created = await page.request.post('/api/posts', {
    data: { kind: 'general', text: `Dụng cụ cần mang ${tag}` },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();
  const first = await commentOn(page, id, `Nhớ mang cọ bản dẹt ${tag}`, null);
  await commentOn(page, id, `Và giũa móng ${tag}`, first);

  await page.goto(`/#/posts/${id}`);
  const comments = page.getByTestId('comment');
  await expect(comments).toHaveCount(2);
  const reply = comments.nth(1);
  const menuName = `Thao tác với bình luận của ${me.person.name}`;

  // Like, reply and the menu side by side, even in the indented reply on a phone.
  const tops = await Promise.all(
    [/Thích/, 'Trả lời', menuName].map(async (name) => {
      const box = await reply.getByRole('button', { name }).boundingBox();
      return Math.round(box?.y ?? -1);
    }),
  );
  expect(new Set(tops).size, `button tops ${tops.join(', ')}`).toBe(1);
  await screenshot(page, 'comment-actions');

  await reply.getByRole('button', { name: menuName }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sửa' }).click();
  const editBox = reply.getByRole('textbox', { name: 'Sửa' });
  await expect(editBox).toBeFocused();
  await page.keyboard.type(' 180');
  await expect(editBox).toHaveValue(`Và giũa móng ${tag} 180`);
  await editBox.fill(`Và giũa móng 180 ${tag}`);
  await reply.getByRole('button', { name: 'Lưu' }).click();
  await expect(reply).toContainText(`Và giũa móng 180 ${tag}`);
  await expect(reply).toContainText('đã sửa');
  await expect(reply.getByRole('button', { name: menuName })).toBeFocused();

  // The first comment goes, and its reply with it.
  await comments.first().getByRole('button', { name: menuName }).first().click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Xóa' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Xóa' }).click();
  await expect(comments).toHaveCount(0);
  await expect(page.getByText('Chưa có bình luận nào.')).toBeVisible();
  const left = await (await page.request.get(`/api/posts/${id}/comment-threads`)).json();
  expect(left.comments).toHaveLength(0);
});

test(
  'a long discussion opens on its latest twenty threads; earlier ones come at a tap',
  BOTH_SIZES,
  async ({ page }) => {
    const tag = unique();
    const created = await page.request.post('/api/posts', {
      data: { kind: 'general', text: `Hỏi đáp về sơn gel ${tag}` },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    // 23 comments, the first with a reply: three threads and the reply are the earlier four.
    const first = await commentOn(page, id, `Câu hỏi 1 ${tag}`, null);
    await commentOn(page, id, `Trả lời câu 1 ${tag}`, first);
    for (let index = 2; index <= 23; index += 1)
      await commentOn(page, id, `Câu hỏi ${index} ${tag}`, null);

    // The server sends the latest twenty threads, not the whole discussion.
    const opened = page.waitForResponse((response) =>
      response.url().includes(`/api/posts/${id}/comment-threads`),
    );
    await page.goto(`/#/posts/${id}`);
    const sent = await (await opened).json();
    expect(sent.comments).toHaveLength(20);
    expect(sent.earlier.comments).toBe(4);
    const comments = page.getByTestId('comment');
    await expect(comments).toHaveCount(20);
    await expect(comments.first()).toContainText(`Câu hỏi 4 ${tag}`);
    const earlier = page.getByRole('button', { name: 'Xem 4 bình luận trước' });
    await expect(earlier).toBeVisible();

    // Her own comment joins the end; the oldest one drawn stays.
    await page.getByRole('textbox', { name: 'Viết bình luận…' }).fill(`Cảm ơn cả lớp ${tag}`);
    await page.getByRole('button', { name: 'Gửi' }).click();
    await expect(comments).toHaveCount(21);
    await expect(comments.last()).toContainText(`Cảm ơn cả lớp ${tag}`);
    await expect(comments.first()).toContainText(`Câu hỏi 4 ${tag}`);
    // She scrolls back up to the discussion's start.
    await earlier.scrollIntoViewIfNeeded();
    await screenshot(page, 'comments-earlier');

    await earlier.click();
    await expect(comments).toHaveCount(25);
    await expect(comments.first()).toContainText(`Câu hỏi 1 ${tag}`);
    await expect(comments.first().getByTestId('comment')).toContainText(`Trả lời câu 1 ${tag}`);
    await expect(page.getByRole('button', { name: /bình luận trước/ })).toHaveCount(0);
  },
);

test('the composer keeps what was typed: it asks before closing, counts, keeps a photo chosen offline', async ({
  page,
  allowProblems,
}) => {
  test.slow();
  // The photo's upload fails on purpose, with the network cut.
  allowProblems(/net::ERR_INTERNET_DISCONNECTED/);
  const tag = Date.now().toString(36);
  await page.goto('/#/activity');
  await page.locator('[data-tour="create-post"]').click();
  const form = page.getByRole('dialog', { name: 'Đăng bài' });
  await form.getByText('Bài chung', { exact: true }).click();
  const text = form.getByLabel('Nội dung');
  await text.fill(`Lịch học bù ${tag}`);

  // Hủy on a filled form asks first; "Viết tiếp" keeps everything.
  await form.getByRole('button', { name: 'Hủy' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Bỏ bài đang viết?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Viết tiếp' }).click();
  await expect(ask).toBeHidden();
  await expect(text).toHaveValue(`Lịch học bù ${tag}`);

  // Near the limit a count shows; past it, nothing is cut and the overflow is named.
  const long = `${'Móng gel bền màu. '.repeat(250)}`;
  await text.fill(long);
  await expect(form.getByText(/\/5000 ký tự$/)).toBeVisible();
  await text.fill(`${long}${'Thêm nữa. '.repeat(60)}`);
  await expect(form.getByText(/^Quá \d+ ký tự/)).toBeVisible();
  expect((await text.inputValue()).length).toBeGreaterThan(5000);
  await text.fill(`Lịch học bù ${tag}`);

  // A photo chosen offline waits on the phone, saying so, and goes by itself once online.
  await page.context().setOffline(true);
  await form.locator('input[type=file]').setInputFiles(await photoFile());
  const photo = form.getByTestId('photo-item');
  await expect(photo).toHaveAttribute('data-status', 'waiting', { timeout: 20_000 });
  await expect(photo).toContainText('Chờ có mạng');
  await page.context().setOffline(false);
  await expect(photo).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await form.getByRole('button', { name: 'Đăng bài' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Đã đăng bài.' }).last()).toBeVisible();
  const post = page
    .getByRole('article')
    .filter({ hasText: `Lịch học bù ${tag}` })
    .first();
  await expect(post.getByRole('img', { name: /Ảnh 1 của bài đăng/ })).toBeVisible();
});

test('a course’s name typed in the feed’s search points to the course filter', async ({ page }) => {
  const tag = unique();
  const course = await (
    await page.request.post('/api/courses', {
      data: { name: `Sơn gel ${tag}`, lessons: [{ title: 'Sơn nền' }] },
    })
  ).json();
  const posted = await page.request.post('/api/posts', {
    data: {
      id: crypto.randomUUID(),
      kind: 'general',
      taggedInstructorId: null,
      studentId: null,
      courseId: course.id,
      lessonId: null,
      text: `Buổi sơn gel hôm nay ${tag}`,
      rating: null,
      photos: [],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await page.goto('/#/activity');
  await page.getByRole('searchbox', { name: /Tìm theo/ }).fill(`son gel ${tag}`);
  const note = page.getByRole('note');
  await expect(note).toContainText('Ô tìm kiếm tìm theo tên người');
  await note.getByRole('button', { name: `Xem bài của khóa Sơn gel ${tag}` }).click();
  await expect(page.getByRole('searchbox', { name: /Tìm theo/ })).toHaveValue('');
  await expect(page.getByLabel('Khóa học')).toHaveValue(course.id);
  await expect(
    page.getByRole('article').filter({ hasText: `Buổi sơn gel hôm nay ${tag}` }),
  ).toBeVisible();
  await expect(note).toHaveCount(0);
});
