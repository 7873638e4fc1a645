import fs from 'node:fs';
import sharp from 'sharp';
import { expect, test } from './fixtures.ts';
import { requestLink } from './support/accounts.ts';
import { unique } from './support/evaluation.ts';
import { mailsTo, uniqueEmail } from './support/mailbox.ts';
import { PHONE, shotsAtThreeSizes } from './support/shots.ts';

/*
 * The academy's own app (#66): an admin gives it the academy's name, a short name for the home
 * screen, a logo and a colour, and everywhere the app names itself shows them (the page's title
 * and colour, the manifest and its icons, the header, the login screen, an e-mail, a certificate
 * and its PDF, a share page). It changes how the whole academy looks, so it runs with the other
 * @config journeys, at a phone's size and at a desktop's; the product's own is put back after.
 */
const NAME = 'Học viện Móng Đẹp Sài Gòn';
const SHORT = 'Móng Đẹp';
const GREEN = '#0f5132';

/** A square logo: a green disc with a white nail shape, on transparency. */
function logo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640">
    <circle cx="320" cy="320" r="300" fill="${GREEN}"/>
    <path d="M250 470 Q250 190 320 170 Q390 190 390 470 Z" fill="#fff"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test.describe("the academy's own name and mark @config", () => {
  test.use(PHONE);

  test.afterEach(async ({ page }) => {
    // The product's own again, for every journey after this one.
    await page.request.delete('/api/admin/academy/logo');
    await page.request.put('/api/admin/academy', {
      data: { name: 'Học viện', shortName: 'Học viện', themeColor: '#c2185b' },
    });
  });

  test('an admin sets name, logo and colour; page, manifest, login, mail, certificate and share show them', async ({
    page,
    newVisitor,
    allowProblems,
  }) => {
    test.slow();
    await page.goto('/#/admin-tools');
    const section = page.getByRole('region', { name: 'Nhận diện học viện' });
    await expect(section).toBeVisible();
    await expect(section.getByTestId('academy-logo-preview')).toHaveAttribute(
      'src',
      '/icons/icon-192.png',
    );

    // The logo: one square image, every icon made from it.
    await section.getByTestId('academy-logo-input').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: await logo(),
    });
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Đã lưu biểu tượng mới.' }),
    ).toBeVisible();
    await expect(section.getByTestId('academy-logo-preview')).toHaveAttribute(
      'src',
      /^\/academy-logo\/[0-9a-f]{16}\/icon-192\.png$/,
    );

    // A pale colour is refused where it is typed, with its contrast; nothing is saved.
    await section.getByLabel('Tên học viện').fill(NAME);
    await section.getByLabel('Tên ngắn').fill(SHORT);
    await section.getByRole('textbox', { name: 'Màu chủ đạo' }).fill('#F8BBD0');
    await expect(section.getByTestId('theme-contrast')).toHaveText(
      'Độ tương phản với chữ trắng: 1.61:1 (cần ít nhất 4.5:1)',
    );
    await section.getByRole('button', { name: 'Lưu' }).click();
    await expect(section.getByText(/Màu này quá nhạt.*ít nhất 4\.5:1/)).toBeVisible();
    await expect(page).toHaveTitle('Học viện');

    await section.getByRole('textbox', { name: 'Màu chủ đạo' }).fill(GREEN.toUpperCase());
    await expect(section.getByTestId('theme-preview')).toHaveCSS(
      'background-color',
      'rgb(15, 81, 50)',
    );
    await section.getByRole('button', { name: 'Lưu' }).click();
    await expect(
      page.getByTestId('toast').filter({ hasText: 'Đã lưu tên và màu của học viện.' }),
    ).toBeVisible();

    // The page names itself at once: title, the status bar's colour, the buttons' colour.
    await expect(page).toHaveTitle(NAME);
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', GREEN);
    await expect(section.getByRole('button', { name: 'Lưu' })).toHaveCSS(
      'background-color',
      'rgb(15, 81, 50)',
    );
    await shotsAtThreeSizes(page, 'academy-identity-admin');

    // The desktop's sidebar carries the mark and the name.
    await page.setViewportSize({ width: 1440, height: 900 });
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar.getByText(NAME)).toBeVisible();
    await expect(sidebar.locator('img').first()).toHaveAttribute('src', /\/academy-logo\//);
    await page.setViewportSize(PHONE.viewport);

    // As served, before any script: the page and the manifest an installed app updates from.
    const served = await (await page.request.get('/')).text();
    expect(served).toContain(`<title>${NAME}</title>`);
    expect(served).toContain(`<meta name="apple-mobile-web-app-title" content="${SHORT}"`);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: NAME, short_name: SHORT, theme_color: GREEN });
    expect(manifest.icons.map((icon: { purpose: string }) => icon.purpose)).toEqual([
      'any',
      'any',
      'maskable',
    ]);
    for (const icon of manifest.icons as { src: string; sizes: string }[]) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      const { width, height, format } = await sharp(await image.body()).metadata();
      expect(`${width}x${height}`).toBe(icon.sizes);
      expect(format).toBe('png');
    }

    // Someone arriving: the login screen is the academy's, and so is the mail she gets.
    const visitor = await newVisitor(PHONE);
    await visitor.goto('/#/login');
    await expect(visitor).toHaveTitle(NAME);
    await expect(visitor.getByText(NAME, { exact: true })).toBeVisible();
    await expect(visitor.getByText(`Chào mừng bạn đến với ${NAME}.`)).toBeVisible();
    await expect(visitor.locator('main img').first()).toHaveAttribute('src', /\/academy-logo\//);
    await shotsAtThreeSizes(visitor, 'academy-identity-login');
    const email = uniqueEmail('hv-moi');
    await requestLink(visitor, email);
    const [mail] = (await mailsTo(email)).slice(-1);
    expect(mail?.subject).toBe(`Liên kết đăng nhập ${NAME}`);
    expect(mail?.from).toContain(NAME);
    expect(mail?.text).toContain(`đăng nhập vào ${NAME}.`);

    // A certificate: its PDF carries the mark and the name, and its page too.
    const tag = unique();
    const made = await page.request.post('/api/courses', {
      data: { name: `Vẽ hoa ${tag}`, lessons: [{ title: 'Hoa hồng' }] },
    });
    expect(made.status(), await made.text()).toBe(201);
    const course = await made.json();
    const created = await page.request.post('/api/students', {
      data: { name: `Phạm ${tag} Thị Hoa`, courseIds: [course.id] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const studentId = (await created.json()).id;
    const ticked = await page.request.put(
      `/api/students/${studentId}/progress/${course.lessons[0].id}`,
      { data: { completed: true } },
    );
    expect(ticked.status(), await ticked.text()).toBe(200);
    const finished = await page.request.put(
      `/api/students/${studentId}/courses/${course.id}/finished`,
      { data: { finished: true } },
    );
    expect(finished.status(), await finished.text()).toBe(200);
    const [certificate] = (
      await (await page.request.get(`/api/students/${studentId}/certificates`)).json()
    ).certificates;
    const pdf = await page.request.get(`/api/certificates/${certificate.code}/pdf`);
    expect(pdf.status()).toBe(200);
    const file = '.test-artifacts/screenshots/academy-identity-certificate.pdf';
    fs.writeFileSync(file, await pdf.body());
    // Rendered by the browser's own viewer (a desktop's: a phone's browser downloads it), to be
    // looked at. The journeys' own start scripts find no storage in the viewer's document.
    allowProblems(/reading 'getItem'/);
    const viewer = await newVisitor({
      viewport: { width: 1200, height: 900 },
      isMobile: false,
      hasTouch: false,
      storageState: await page.context().storageState(),
    });
    await viewer.goto(`/api/certificates/${certificate.code}/pdf`);
    // The viewer draws in a document of its own that exposes nothing to read: wait until the
    // page is drawn (a blank viewer's picture is a few kilobytes, the certificate's tens).
    await expect
      .poll(async () => (await viewer.screenshot()).length, { timeout: 15_000 })
      .toBeGreaterThan(30_000);
    await viewer.screenshot({
      path: '.test-artifacts/screenshots/academy-identity-certificate-pdf.png',
    });
    await visitor.goto(`/c/${certificate.code}`);
    await expect(visitor.getByRole('heading', { name: 'Chứng nhận hợp lệ' })).toBeVisible();
    await expect(visitor.locator('header')).toHaveText(NAME);
    await expect(visitor.locator('header img')).toHaveAttribute('src', /\/academy-logo\//);
    await shotsAtThreeSizes(visitor, 'academy-identity-certificate-page');

    // A share link that leads nowhere still speaks as the academy, in its colour.
    const gone = await visitor.request.get('/s/khong-con-nua-khong-con-nua');
    expect(gone.status()).toBe(404);
    expect(await gone.text()).toContain(`background:${GREEN}`);
  });
});
