import { expect, test } from './fixtures.ts';
import { xssPayloads } from './support/xss-payloads.ts';

/*
 * Stored hostile text in posts, mention labels, comments and people's names renders as text:
 * no script runs (a hook counts any call) and the fixtures fail the test on any CSP violation
 * or console error.
 */
test('60 hostile payloads in posts, mention labels, comments and names render as text', async ({
  page,
}) => {
  const payloads = xssPayloads(60);
  const me = (await (await page.request.get('/api/me')).json()).person;
  // Names: students with hostile names, evaluated by hostile posts.
  const students: string[] = [];
  for (const payload of payloads.slice(0, 10)) {
    const created = await page.request.post('/api/students', {
      data: { name: payload.slice(0, 100) },
    });
    expect(created.status(), await created.text()).toBe(201);
    students.push((await created.json()).id);
  }
  const postIds: string[] = [];
  for (const [index, payload] of payloads.entries()) {
    const data =
      index < 10
        ? { kind: 'evaluation', studentId: students[index], text: payload, rating: 5 }
        : // The label typed into a mention is never shown; the text around it is.
          { kind: 'general', text: `${payload} @[${payload.slice(0, 90)}](${me.id})` };
    const created = await page.request.post('/api/posts', { data });
    expect(created.status(), await created.text()).toBe(201);
    postIds.push((await created.json()).id);
  }
  for (const [index, postId] of postIds.slice(0, 20).entries()) {
    const comment = await page.request.post(`/api/posts/${postId}/comments`, {
      data: { text: payloads[(index + 30) % payloads.length] },
    });
    expect(comment.status()).toBe(201);
  }

  await page.addInitScript(() => {
    (window as unknown as { __fired: number[] }).__fired = [];
    (window as unknown as { __xss: (n: number) => void }).__xss = (n) =>
      (window as unknown as { __fired: number[] }).__fired.push(n);
  });
  page.on('dialog', (dialog) => {
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });

  await page.goto('/#/activity');
  const articles = page.getByRole('article');
  await expect(articles.first()).toBeVisible();
  // Scroll through all of them (six pages of ten).
  for (let round = 0; round < 8; round += 1) {
    // The button is drawn again when the feed refreshes (live updates from other journeys):
    // scrolling is retried on the new one rather than failing on the detached old one.
    await expect(async () => {
      await page
        .getByTestId('activity-end')
        .or(page.getByRole('button', { name: 'Xem thêm' }))
        .scrollIntoViewIfNeeded({ timeout: 2_000 });
    }).toPass({ timeout: 10_000 });
    await page.waitForTimeout(300);
  }
  for (const [index, postId] of postIds.slice(0, 20).entries()) {
    await page.goto(`/#/posts/${postId}`);
    await expect(page.getByTestId('comment')).toHaveCount(1);
    // The payload is on the page as text.
    await expect(page.getByText(payloads[index]!, { exact: false }).first()).toBeVisible();
  }
  for (const studentId of students.slice(0, 5)) {
    await page.goto(`/#/students/${studentId}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // Long hostile names wrap instead of widening the page (a sideways-scrolling phone misplaces taps).
  for (const address of ['/#/students', '/#/activity']) {
    await page.goto(address);
    await expect(page.getByRole('article').first()).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${address} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  const fired = await page.evaluate(() => (window as unknown as { __fired: number[] }).__fired);
  expect(fired, 'payloads that ran').toEqual([]);
});
