import sharp from 'sharp';
import { BOTH_SIZES, expect, screenshot, test } from './fixtures.ts';
import { studentInCourse, unique } from './support/evaluation.ts';

/*
 * A student's portfolio (#54): her evaluated work as photos, the course's ratings over time with
 * each point her photo, and the first and the latest work of one lesson side by side.
 */
test(
  'three evaluations of one lesson: her page shows the works, a chart of three and a before/after',
  BOTH_SIZES,
  async ({ page }) => {
    test.slow();
    const tag = unique();
    const student = await studentInCourse(page, tag);
    const detail = await (await page.request.get(`/api/students/${student.id}`)).json();
    const course = detail.courses[0];
    const lesson = course.lessons[0];

    const upload = async (colour: string) => {
      const photo = await sharp({
        create: { width: 1200, height: 900, channels: 3, background: colour },
      })
        .jpeg()
        .toBuffer();
      const answer = await page.request.post('/api/uploads?use=post', {
        multipart: { file: { name: 'bai.jpg', mimeType: 'image/jpeg', buffer: photo } },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      return (await answer.json()) as { secure_url: string; width: number; height: number };
    };
    const evaluations: string[] = [];
    for (const [colour, rating] of [
      ['#f8bbd0', 5],
      ['#ec407a', 7],
      ['#880e4f', 9],
    ] as const) {
      const photo = await upload(colour);
      const made = await page.request.post('/api/posts', {
        data: {
          kind: 'evaluation',
          studentId: student.id,
          courseId: course.id,
          lessonId: lesson.lessonId,
          text: `Lần ${evaluations.length + 1}: sơn nền ${tag}`,
          rating,
          photos: [{ url: photo.secure_url, width: photo.width, height: photo.height }],
        },
      });
      expect(made.status(), await made.text()).toBe(201);
      evaluations.push((await made.json()).id);
    }

    await page.goto(`/#/students/${student.id}`);
    const portfolio = page.getByRole('region', { name: 'Tác phẩm' });
    await expect(portfolio.getByText('3 ảnh')).toBeVisible();
    // The admin may keep it: photos, evaluations and progress in one file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      portfolio.getByRole('link', { name: 'Tải tác phẩm (ZIP)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^tac-pham-nguyen-thi-phuong-thao-[a-z0-9]+\.zip$/,
    );
    const works = portfolio.getByTestId('portfolio-work');
    await expect(works).toHaveCount(3);
    // Newest first, each saying what it is.
    await expect(works.first().getByRole('img')).toHaveAttribute('alt', /điểm 9\/10$/);
    await expect(works.last().getByRole('img')).toHaveAttribute('alt', /điểm 5\/10$/);

    // The first and the latest work of the lesson, side by side.
    const pair = portfolio.getByTestId('before-after');
    await expect(pair).toContainText('Trước / Sau');
    await expect(pair.getByTestId('before-after-work').first().getByRole('img')).toHaveAttribute(
      'alt',
      /điểm 5\/10$/,
    );
    await expect(pair.getByTestId('before-after-work').last().getByRole('img')).toHaveAttribute(
      'alt',
      /điểm 9\/10$/,
    );

    // The course's ratings over time: three points, each her photo; the table says the same.
    // The chart comes as its place nears the screen.
    await portfolio.getByTestId('portfolio-chart-place').scrollIntoViewIfNeeded();
    const chart = portfolio.getByTestId('statistics-chart');
    await expect(chart).toContainText('Điểm qua các lần đánh giá');
    await expect(chart.locator('svg image')).toHaveCount(3);
    await chart.getByText('Xem dạng bảng').click();
    await expect(chart.getByRole('row')).toHaveCount(4);
    for (const rating of ['5/10', '7/10', '9/10']) {
      await expect(chart.getByRole('cell', { name: rating })).toBeVisible();
    }
    const top = async () =>
      portfolio
        .getByRole('heading', { name: 'Tác phẩm' })
        .evaluate((heading) => window.scrollBy(0, heading.getBoundingClientRect().top - 16));
    await top();
    await screenshot(page, 'student-portfolio');
    await chart.evaluate((figure) => figure.scrollIntoView({ block: 'end' }));
    await screenshot(page, 'student-portfolio-chart');
    if (page.viewportSize()?.width === 390) {
      await page.setViewportSize({ width: 360, height: 740 });
      await top();
      await page.screenshot({ path: '.test-artifacts/screenshots/student-portfolio-360.png' });
      await page.setViewportSize({ width: 390, height: 844 });
    }

    // A work opens full screen; a swipe goes to the one before it; its evaluation is one tap
    // away.
    await works.first().click();
    const viewer = page.getByRole('dialog', { name: 'Tác phẩm' });
    const details = viewer.getByTestId('viewer-work');
    await expect(details).toContainText('9/10');
    const photo = await viewer.getByTestId('story-photo').boundingBox();
    if (!photo) throw new Error('the photo is not on screen');
    const middle = photo.y + photo.height / 2;
    await page.mouse.move(photo.x + photo.width * 0.8, middle);
    await page.mouse.down();
    await page.mouse.move(photo.x + photo.width * 0.2, middle, { steps: 5 });
    await page.mouse.up();
    await expect(details).toContainText('7/10');
    await screenshot(page, 'portfolio-viewer');
    await viewer.getByRole('link', { name: 'Xem đánh giá' }).click();
    await expect(page).toHaveURL(new RegExp(`#/posts/${evaluations[1]}$`));
    await expect(page.getByText(`Lần 2: sơn nền ${tag}`)).toBeVisible();
  },
);
