import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { academyTrio, setUpAcademy } from '../../test/academy.ts';
import { multipartBody } from '../../test/multipart.ts';

/*
 * The academy's own name, colour and logo: set by an admin, refused in Vietnamese when unreadable
 * or unsafe, and shown wherever the app names itself (the public config, the page and its
 * manifest, e-mails, push's title is in push.service).
 */

// The built page's head as the server serves it (the source page has the same tags).
const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-identity-web-'));
fs.copyFileSync(
  path.resolve(import.meta.dirname, '../../../web/index.html'),
  path.join(webRoot, 'index.html'),
);
fs.writeFileSync(
  path.join(webRoot, 'manifest.webmanifest'),
  JSON.stringify({
    name: 'Học viện — Học viện đào tạo',
    short_name: 'Học viện',
    theme_color: '#C2185B',
    start_url: '/#/activity',
    icons: [{ src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' }],
    shortcuts: [{ name: 'Đăng bài', url: '/#/activity?compose=1', icons: [] }],
  }),
);
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const { t, call, cookie, mail } = setUpAcademy(academyTrio, { webRoot });

const OWN = { name: 'Học viện Móng Đẹp Sài Gòn', shortName: 'Móng Đẹp', themeColor: '#0F5132' };

/** A square logo: a dark disc on transparency, `side` pixels. */
function logoPng(side = 600, format: 'png' | 'webp' | 'jpeg' = 'png') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><circle cx="${side / 2}" cy="${side / 2}" r="${side / 2.2}" fill="#0f5132"/></svg>`;
  return sharp(Buffer.from(svg))[format]().toBuffer();
}

const uploadLogo = (file: Buffer, filename = 'logo.png', contentType = 'image/png') => {
  const body = multipartBody(file, { filename, contentType });
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/academy/logo',
    headers: { cookie: cookie.admin, ...body.headers },
    payload: body.payload,
  });
};

const publicIdentity = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/public-config' })).json().academy;

describe("the academy's own name and colour", () => {
  it("is the product's own until an admin sets it", async () => {
    expect(await publicIdentity()).toEqual({
      name: 'Học viện',
      shortName: 'Học viện',
      themeColor: '#c2185b',
      logoVersion: null,
    });
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8'));
  });

  it('refuses, in Vietnamese, a colour white text is unreadable on, and what is not a colour', async () => {
    const pale = await call('admin', 'PUT', '/api/admin/academy', {
      ...OWN,
      themeColor: '#F8BBD0',
    });
    expect(pale.statusCode).toBe(400);
    const said = (answer: { json(): { error: { details?: { message: string }[] } } }) =>
      answer
        .json()
        .error.details?.map((detail) => detail.message)
        .join(' ') ?? '';
    expect(said(pale)).toContain('Màu này quá nhạt');
    expect(said(pale)).toContain('cần độ tương phản ít nhất 4.5:1');
    // Just under AA (4.47:1) is refused.
    const under = await call('admin', 'PUT', '/api/admin/academy', {
      ...OWN,
      themeColor: '#777777',
    });
    expect(under.statusCode).toBe(400);
    const word = await call('admin', 'PUT', '/api/admin/academy', { ...OWN, themeColor: 'red' });
    expect(said(word)).toContain('#RRGGBB');
    const long = await call('admin', 'PUT', '/api/admin/academy', {
      ...OWN,
      shortName: 'Móng Đẹp Sài Gòn',
    });
    expect(said(long)).toContain('tối đa 12 ký tự');
    const extra = await call('admin', 'PUT', '/api/admin/academy', { ...OWN, logoVersion: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(await publicIdentity()).toMatchObject({ name: 'Học viện' });
  });

  it('is set by an admin, logged, and names the page, its manifest and every e-mail', async () => {
    const saved = await call('admin', 'PUT', '/api/admin/academy', {
      ...OWN,
      name: `  ${OWN.name} `,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...OWN, themeColor: '#0f5132', logoVersion: null });
    expect(await publicIdentity()).toEqual(saved.json());
    const log = (await call('admin', 'GET', '/api/admin/activity-log')).json();
    expect(log.entries[0]).toMatchObject({ action: 'identity.updated' });

    const page = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(page).toContain(`<title>${OWN.name}</title>`);
    expect(page).toContain('<meta name="theme-color" content="#0f5132"');
    expect(page).toContain('<meta name="apple-mobile-web-app-title" content="Móng Đẹp"');
    expect(page).toContain('<meta name="academy" content="{&#34;name&#34;:');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({
      name: OWN.name,
      short_name: 'Móng Đẹp',
      theme_color: '#0f5132',
      start_url: '/#/activity',
    });

    const arrived = mail.next('lan@example.vn');
    await t.app.inject({
      method: 'POST',
      url: '/api/sign-in/email-link',
      payload: { email: 'lan@example.vn' },
    });
    const message = await arrived;
    expect(message.subject).toBe(`Liên kết đăng nhập ${OWN.name}`);
    expect(message.from).toContain(OWN.name);
    expect(message.text).toContain(`đăng nhập vào ${OWN.name}.`);
    // Signed with the academy's name, after the line on ignoring the mail.
    expect(message.text).toMatch(/email này\.\s+Học viện Móng Đẹp Sài Gòn/);
    expect(message.html).toContain('background:#0f5132');
  });

  it('is for admins only', async () => {
    for (const who of ['teacher', 'student'] as const) {
      const refused = await call(who, 'PUT', '/api/admin/academy', OWN);
      expect(refused.statusCode).toBe(403);
    }
    const anonymous = await call(null, 'PUT', '/api/admin/academy', OWN);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the academy's logo", () => {
  it('makes every icon from one square image, serves them for ever, and names them in the page', async () => {
    const answer = await uploadLogo(await logoPng());
    expect(answer.statusCode, answer.body).toBe(200);
    const { logoVersion } = answer.json();
    expect(logoVersion).toMatch(/^[0-9a-f]{16}$/);
    const expected = {
      'icon-192': { side: 192, opaque: false },
      'icon-512': { side: 512, opaque: false },
      'maskable-512': { side: 512, opaque: true },
      'apple-touch-180': { side: 180, opaque: true },
      'favicon-32': { side: 32, opaque: false },
    };
    for (const [variant, { side, opaque }] of Object.entries(expected)) {
      const image = await t.app.inject({
        method: 'GET',
        url: `/academy-logo/${logoVersion}/${variant}.png`,
      });
      expect(image.statusCode, variant).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['cache-control']).toContain('immutable');
      const info = await sharp(image.rawPayload).metadata();
      expect([info.format, info.width, info.height], variant).toEqual(['png', side, side]);
      // A launcher's mask and iOS get a whole square: no see-through corner.
      const corner = await sharp(image.rawPayload)
        .ensureAlpha()
        .extract({ left: 0, top: 0, width: 1, height: 1 })
        .raw()
        .toBuffer();
      expect(corner[3] === 255, variant).toBe(opaque);
    }
    const manifest = (await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' })).json();
    expect(manifest.icons).toEqual([
      expect.objectContaining({ src: `/academy-logo/${logoVersion}/icon-192.png`, purpose: 'any' }),
      expect.objectContaining({ src: `/academy-logo/${logoVersion}/icon-512.png`, purpose: 'any' }),
      expect.objectContaining({
        src: `/academy-logo/${logoVersion}/maskable-512.png`,
        purpose: 'maskable',
      }),
    ]);
    const page = (await t.app.inject({ method: 'GET', url: '/' })).body;
    expect(page).toContain(`href="/academy-logo/${logoVersion}/favicon-32.png"`);
    expect(page).toContain(
      `<link rel="apple-touch-icon" href="/academy-logo/${logoVersion}/apple-touch-180.png"`,
    );
    expect(page).not.toContain('icon.svg');

    // A new logo is a new address; the old one's images go.
    const next = (await uploadLogo(await logoPng(800, 'webp'), 'logo.webp', 'image/webp')).json();
    expect(next.logoVersion).not.toBe(logoVersion);
    const old = await t.app.inject({
      method: 'GET',
      url: `/academy-logo/${logoVersion}/icon-192.png`,
    });
    expect(old.statusCode).toBe(404);

    const removed = await call('admin', 'DELETE', '/api/admin/academy/logo');
    expect(removed.json()).toMatchObject({ name: OWN.name, logoVersion: null });
    const gone = await t.app.inject({
      method: 'GET',
      url: `/academy-logo/${next.logoVersion}/icon-192.png`,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses what is not a raster image, or too small or too large, and changes nothing', async () => {
    const before = await publicIdentity();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><script>alert(1)</script><rect width="512" height="512"/></svg>',
    );
    const cases: [Buffer, string, string, number, string][] = [
      [svg, 'logo.svg', 'image/svg+xml', 415, 'SVG không được nhận'],
      // An SVG under a PNG's name and type is read by its content.
      [svg, 'logo.png', 'image/png', 415, 'SVG không được nhận'],
      [Buffer.from('not an image at all'), 'logo.png', 'image/png', 415, 'PNG, JPEG hoặc WebP'],
      [await logoPng(100), 'logo.png', 'image/png', 422, 'ít nhất 192 × 192'],
      [(await logoPng()).subarray(0, 400), 'logo.png', 'image/png', 415, 'Không đọc được'],
      [Buffer.alloc(6 * 1024 * 1024, 1), 'logo.png', 'image/png', 413, 'tối đa 5 MB'],
    ];
    for (const [file, filename, type, status, words] of cases) {
      const refused = await uploadLogo(file, filename, type);
      expect(refused.statusCode, `${filename} ${words}`).toBe(status);
      expect(refused.json().error.message).toContain(words);
    }
    // A huge canvas in a small file is refused by its header, before any pixel is decoded.
    const bomb = await sharp({
      create: { width: 6000, height: 6000, channels: 3, background: '#ffffff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await uploadLogo(bomb);
    expect(refused.statusCode).toBe(413);
    expect(await publicIdentity()).toEqual(before);
  });
});
