import fs from 'node:fs';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { leavePendingNotice, onboard, setSwitch, signInByLink } from './support/accounts.ts';
import { unique } from './support/evaluation.ts';
import { activatePerson } from './support/fixtures-api.ts';
import { uniqueEmail } from './support/mailbox.ts';
import { PHONE, shotsAtThreeSizes } from './support/shots.ts';

/*
 * The showcase (#54): a student agrees that her work may be shown; her instructor features one
 * photo; anyone sees it on the academy's public page and its share link previews it with Open
 * Graph tags; she withdraws and the link is gone. It flips academy switches, so it runs with the
 * other @config journeys, at a phone's size.
 */

test.describe('the public showcase @config', () => {
  test.use(PHONE);

  test('she agrees, a photo is featured and shared, she withdraws and the link is gone', async ({
    page,
    newVisitor,
  }) => {
    test.slow();
    const tag = unique();
    await setSwitch(page, 'Cho phép học viên đăng nhập', true);
    await setSwitch(page, 'Trang tác phẩm tiêu biểu', true);

    // A student with her own account, enrolled in a course.
    const email = uniqueEmail('hv');
    const student = await newVisitor(PHONE);
    await signInByLink(student, email);
    await onboard(student, 'Học viên', `Lý ${tag} Thị Mai`);
    await leavePendingNotice(student);
    const { activated: studentId } = (await activatePerson(email)) as { activated: string };
    await signInByLink(student, email);
    await expect(student).toHaveURL(/#\/activity$/);
    const course = await (
      await page.request.post('/api/courses', {
        data: { name: `Vẽ hoa ${tag}`, lessons: [{ title: 'Hoa mai' }] },
      })
    ).json();
    const me = await (await page.request.get(`/api/students/${studentId}`)).json();
    const enrolled = await page.request.put(`/api/students/${studentId}`, {
      data: { name: me.name, phone: me.phone, courseIds: [course.id] },
    });
    expect(enrolled.status(), await enrolled.text()).toBe(200);

    // Three evaluations of one lesson, each with a photo.
    for (const [colour, rating] of [
      ['#f8bbd0', 5],
      ['#ec407a', 7],
      ['#880e4f', 9],
    ] as const) {
      const photo = await sharp({
        create: { width: 1200, height: 900, channels: 3, background: colour },
      })
        .jpeg()
        .toBuffer();
      const uploaded = await page.request.post('/api/uploads?use=post', {
        multipart: { file: { name: 'bai.jpg', mimeType: 'image/jpeg', buffer: photo } },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
      const { secure_url, width, height } = await uploaded.json();
      const made = await page.request.post('/api/posts', {
        data: {
          kind: 'evaluation',
          studentId,
          courseId: course.id,
          lessonId: course.lessons[0].id,
          text: `Hoa mai, điểm ${rating}`,
          rating,
          photos: [{ url: secure_url, width, height }],
        },
      });
      expect(made.status(), await made.text()).toBe(201);
    }

    // Before she agrees, her instructor cannot feature anything, and is told why.
    await page.goto(`/#/students/${studentId}`);
    const portfolio = page.getByRole('region', { name: 'Tác phẩm' });
    await expect(portfolio.getByText('3 ảnh')).toBeVisible();
    await expect(portfolio.getByTestId('showcase-consent-note')).toContainText('chưa đồng ý');
    await expect(
      portfolio.getByRole('button', { name: 'Chọn làm tác phẩm tiêu biểu' }),
    ).toHaveCount(0);

    // She agrees, in her own profile.
    await student.goto('/#/profile');
    const consent = student.getByRole('switch', {
      name: 'Cho phép học viện giới thiệu tác phẩm của tôi',
    });
    await expect(consent).toHaveAttribute('aria-checked', 'false');
    await consent.click();
    await expect(consent).toHaveAttribute('aria-checked', 'true');
    await expect(
      student.getByTestId('toast').filter({ hasText: 'Đã cho phép giới thiệu tác phẩm của bạn.' }),
    ).toBeVisible();
    await consent.scrollIntoViewIfNeeded();
    await shotsAtThreeSizes(student, 'showcase-consent');

    // Her instructor's screen hears of it and offers the star; one photo is featured.
    await expect(portfolio.getByTestId('showcase-consent-note')).toContainText('đã đồng ý');
    const stars = portfolio.getByRole('button', { name: 'Chọn làm tác phẩm tiêu biểu' });
    await expect(stars).toHaveCount(3);
    await stars.first().click();
    const featured = portfolio.getByRole('button', { name: 'Bỏ chọn tác phẩm tiêu biểu' });
    await expect(featured).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Đã chọn làm tác phẩm tiêu biểu.' }),
    ).toBeVisible();
    await expect(portfolio.getByRole('button', { name: 'Chia sẻ' })).toHaveCount(1);
    await portfolio
      .getByRole('heading', { name: 'Tác phẩm' })
      .evaluate((heading) => window.scrollBy(0, heading.getBoundingClientRect().top - 16));
    await shotsAtThreeSizes(page, 'portfolio-featured');
    const { works } = await (await page.request.get(`/api/students/${studentId}/portfolio`)).json();
    const token = works.find((work: { featured: boolean }) => work.featured).shareToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // Admins see who agreed, and how many of her photos are featured.
    await page.goto('/#/admin-tools');
    const consents = page.getByTestId('showcase-consents');
    await expect(
      consents.getByRole('link', { name: new RegExp(`Lý ${tag} Thị Mai`) }),
    ).toContainText('1 tác phẩm tiêu biểu');
    await consents.scrollIntoViewIfNeeded();
    await shotsAtThreeSizes(page, 'showcase-consents');
    await page.goto(`/#/students/${studentId}`);
    await expect(portfolio.getByText('3 ảnh')).toBeVisible();

    // Anyone sees it on the showcase: her given name and the course, nothing else of her.
    // (With the service worker, as on an installed phone: it must leave /s/ to the server.)
    const visitor = await newVisitor({ ...PHONE, serviceWorkers: 'allow' });
    await visitor.goto('/#/showcase');
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Tác phẩm tiêu biểu' }),
    ).toBeVisible();
    const card = visitor.getByTestId('showcase-work').filter({ hasText: `Vẽ hoa ${tag}` });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('Mai');
    await expect(card).not.toContainText('Lý');
    await expect(card.getByRole('img')).toHaveAttribute(
      'alt',
      `Tác phẩm của Mai, khóa Vẽ hoa ${tag}`,
    );
    await shotsAtThreeSizes(visitor, 'showcase');

    // Its share link: the page a chat app reads for its preview, and the preview photo.
    const shared = await visitor.request.get(`/s/${token}`);
    expect(shared.status()).toBe(200);
    const html = await shared.text();
    const origin = new URL(visitor.url()).origin;
    expect(html).toContain(`<meta property="og:image" content="${origin}/s/${token}/anh.jpg">`);
    expect(html).toContain(`<meta property="og:title" content="Tác phẩm của Mai · Vẽ hoa ${tag}">`);
    const preview = await visitor.request.get(`/s/${token}/anh.jpg`);
    expect(preview.status()).toBe(200);
    expect(preview.headers()['content-type']).toBe('image/jpeg');
    expect((await sharp(await preview.body()).metadata()).format).toBe('jpeg');
    await visitor.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await visitor.reload();
    await expect
      .poll(() => visitor.evaluate(() => Boolean(navigator.serviceWorker.controller)))
      .toBe(true);
    await visitor.goto(`/s/${token}`);
    await expect(
      visitor.getByRole('heading', { name: `Tác phẩm của Mai · Vẽ hoa ${tag}` }),
    ).toBeVisible();
    await shotsAtThreeSizes(visitor, 'share-page');

    // She withdraws: the work leaves the showcase and its link answers 404 at once.
    await student.goto('/#/profile');
    await consent.click();
    await expect(consent).toHaveAttribute('aria-checked', 'false');
    await expect(
      student
        .getByTestId('toast')
        .filter({ hasText: 'Đã tắt: tác phẩm của bạn không còn hiển thị công khai.' }),
    ).toBeVisible();
    expect((await visitor.request.get(`/s/${token}`)).status()).toBe(404);
    expect((await visitor.request.get(`/s/${token}/anh.jpg`)).status()).toBe(404);
    await visitor.goto('/#/showcase');
    await visitor.reload();
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Tác phẩm tiêu biểu' }),
    ).toBeVisible();
    await expect(
      visitor.getByTestId('showcase-work').filter({ hasText: `Vẽ hoa ${tag}` }),
    ).toHaveCount(0);
    await expect(portfolio.getByTestId('showcase-consent-note')).toContainText('chưa đồng ý');

    // The course is finished: she is "Đã hoàn thành" and has a certificate.
    const ticked = await page.request.put(
      `/api/students/${studentId}/progress/${course.lessons[0].id}`,
      { data: { completed: true } },
    );
    expect(ticked.status(), await ticked.text()).toBe(200);
    await page.reload();
    const section = page.getByRole('region', { name: `Vẽ hoa ${tag}` });
    await section.getByRole('button', { name: 'Hoàn thành khóa học' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Đã ghi nhận học viên hoàn thành khóa học.' }),
    ).toBeVisible();
    await expect(page.getByText('Đã hoàn thành', { exact: true }).first()).toBeVisible();
    const certificate = section.getByTestId('course-certificate');
    await expect(certificate).toContainText('Chứng nhận hoàn thành');
    const [certificateCode] = /[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/.exec(
      (await certificate.textContent()) ?? '',
    ) ?? [''];
    const code = certificateCode.replaceAll('-', '');
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    await certificate.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shotsAtThreeSizes(page, 'certificate-on-her-page');

    // Hers too, on her own page; the PDF opens, and is kept to be looked at.
    await student.goto(`/#/students/${studentId}`);
    await expect(
      student.getByTestId('course-certificate').getByRole('link', { name: 'Tải chứng nhận (PDF)' }),
    ).toHaveAttribute('href', `/api/certificates/${code}/pdf`);
    const file = await student.request.get(`/api/certificates/${code}/pdf`);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    const pdf = await file.body();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    fs.writeFileSync('.test-artifacts/screenshots/certificate.pdf', pdf);

    // Its page, opened from the QR code by anyone, confirms it.
    await visitor.goto(`/c/${code}`);
    await expect(visitor.getByRole('heading', { name: 'Chứng nhận hợp lệ' })).toBeVisible();
    await expect(visitor.getByText(`Lý ${tag} Thị Mai`)).toBeVisible();
    await shotsAtThreeSizes(visitor, 'certificate-page');

    // An admin revokes it: the page says so, and it is not printed again.
    await certificate.getByRole('button', { name: 'Thu hồi' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Thu hồi' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Đã thu hồi chứng nhận.' }),
    ).toBeVisible();
    await expect(section.getByTestId('certificate-revoked')).toContainText('đã bị thu hồi');
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: 'Chứng nhận đã bị thu hồi' })).toBeVisible();
    expect((await student.request.get(`/api/certificates/${code}/pdf`)).status()).toBe(409);

    // Closing the showcase closes the page for everyone.
    await setSwitch(page, 'Trang tác phẩm tiêu biểu', false);
    await visitor.goto('/#/showcase');
    await expect(
      visitor.getByText('Trang tác phẩm tiêu biểu của học viện đang tắt.'),
    ).toBeVisible();
  });
});
