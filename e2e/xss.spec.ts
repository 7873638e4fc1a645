import { expect, test } from './fixtures.ts';
import { signInByLink } from './support/accounts.ts';
import { activatePerson } from './support/fixtures-api.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { watchForPayloads, xssPayloads } from './support/xss-payloads.ts';

/*
 * Stored hostile text (200 payloads in all) in every text field people can fill — posts,
 * mention labels, comments, names, bio, course and lesson names, feedback, ban reasons, error
 * reports — renders as text:
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

  const payloadsThatRan = await watchForPayloads(page);

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
  expect(await payloadsThatRan(), 'payloads that ran').toEqual([]);
});

test('140 more payloads in courses, lessons, an instructor’s name and bio, feedback, a ban reason and the error log render as text', async ({
  page,
  newVisitor,
}) => {
  const payloads = xssPayloads(200).slice(60);
  let used = 0;
  const next = () => payloads[used++ % payloads.length]!;

  // An instructor with a hostile name and bio, who sends hostile feedback.
  const email = uniqueEmail('xss-gv');
  const teacher = await newVisitor();
  await signInByLink(teacher, email);
  await expect(teacher).toHaveURL(/#\/onboarding$/);
  const teacherName = next().slice(0, 100);
  const onboarded = await teacher.request.post('/api/onboarding', {
    data: { role: 'instructor', name: teacherName, phone: '0912 345 678' },
  });
  expect(onboarded.status(), await onboarded.text()).toBe(200);
  await activatePerson(email);
  const bio = next();
  const profile = await teacher.request.put('/api/me/profile', {
    data: { name: teacherName, phone: null, address: null, dob: null, bio },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const teacherId = (await profile.json()).id as string;
  const feedback: string[] = [];
  for (let n = 0; n < 33; n += 1) {
    feedback.push(next());
    const sent = await teacher.request.post('/api/feedback', { data: { text: feedback.at(-1) } });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  // The owner's courses: hostile names, descriptions and lessons, the instructor teaching.
  const courses: Array<{ id: string; name: string; lesson: string }> = [];
  for (let n = 0; n < 3; n += 1) {
    const name = next().slice(0, 120);
    const description = next();
    const lessons = Array.from({ length: 30 }, () => ({ title: next().slice(0, 200) }));
    const created = await page.request.post('/api/courses', {
      data: { name, description, lessons, instructorIds: [teacherId] },
    });
    expect(created.status(), await created.text()).toBe(201);
    courses.push({ id: (await created.json()).id, name, lesson: lessons[0]!.title });
  }
  // Failures the browser reports land in the error log the admin reads (four: reports are
  // limited to 20 a minute per client, and both projects run this journey).
  for (let n = 0; n < 4; n += 1) {
    const reported = await page.request.post('/api/client-errors', {
      data: { context: next().slice(0, 200), message: next() },
    });
    expect(reported.status()).toBe(202);
  }
  const reason = next().slice(0, 300);
  // 1 name + 1 bio + 33 feedback + 3 × (name + description + 30 lessons) + 4 × 2 reports + 1
  // reason: each of the 140 distinct payloads stored once.
  expect(new Set(payloads).size).toBe(140);
  expect(used).toBe(140);
  const blocked = await page.request.post(`/api/admin/people/${teacherId}/block`, {
    data: { reason },
  });
  expect(blocked.status(), await blocked.text()).toBe(200);

  const payloadsThatRan = await watchForPayloads(page);

  await page.goto('/#/courses');
  await expect(page.getByText(courses[0]!.name, { exact: true }).first()).toBeVisible();
  for (const course of courses) {
    await page.goto(`/#/courses/${course.id}`);
    await expect(page.getByRole('heading', { level: 1, name: course.name })).toBeVisible();
    await page.getByRole('tab', { name: 'Nội dung' }).click();
    await expect(page.getByText(course.lesson, { exact: true }).first()).toBeVisible();
  }
  await page.goto(`/#/instructors/${teacherId}`);
  await expect(page.getByText(bio, { exact: false }).first()).toBeVisible();
  await page.goto('/#/admin-tools');
  await expect(page.getByText(feedback.at(-1)!, { exact: false }).first()).toBeVisible();
  // Every list in full, so every stored payload is drawn; a button goes once its list opens.
  const showAll = page.getByRole('button', { name: /^Xem tất cả/ });
  for (let opened = 0; opened < 5 && (await showAll.count()) > 0; opened += 1) {
    await showAll.first().click();
  }
  await page.goto('/#/user-management?view=blocked');
  await expect(page.getByText(reason, { exact: false }).first()).toBeVisible();

  expect(await payloadsThatRan(), 'payloads that ran').toEqual([]);
});
