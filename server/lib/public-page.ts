import { type AcademyIdentity, logoPath } from '#shared/schemas/identity';

/*
 * The few pages the server writes itself for people outside the app (a shared work, a
 * certificate's check): plain HTML in Vietnamese, readable on a phone, with no script.
 */

/** Text made safe to put in HTML, between tags or in a quoted attribute. */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Such a page's policy: its inline style and images from here or Cloudinary, nothing else. */
export const PUBLIC_PAGE_CSP =
  "default-src 'none'; img-src 'self' https://res.cloudinary.com; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const style = (
  accent: string,
) => `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#fafaf9;color:#1c1917}
main{max-width:40rem;margin:0 auto;padding:1rem}
img{display:block;width:100%;height:auto;border-radius:1rem;background:#e7e5e4}
h1{font-size:1.25rem;margin:1rem 0 .25rem}
p{margin:.25rem 0 1rem;color:#57534e;line-height:1.5}
.ok{color:#15803d}.gone{color:#b91c1c}
header{display:flex;align-items:center;gap:.75rem;margin:.5rem 0 1rem;font-weight:700}
header img{width:48px;height:48px;border-radius:.75rem}
a{display:inline-flex;align-items:center;min-height:44px;padding:0 1rem;border-radius:.75rem;background:${accent};color:#fff;font-weight:600;text-decoration:none}`;

/**
 * The academy's address for links that leave the app (previews, printed QR codes): PUBLIC_URL,
 * or else the address the request came to.
 */
export const publicBase = (
  publicUrl: string | undefined,
  request: { protocol: string; host: string },
) => publicUrl ?? `${request.protocol}://${request.host}`;

/** The address of the academy's square mark at 192 px: its logo, or the product's. */
export const academyMarkPath = (identity: AcademyIdentity) =>
  identity.logoVersion ? logoPath(identity.logoVersion, 'icon-192') : '/icons/icon-192.png';

/** The academy's mark and name, at the top of a page that speaks for it. */
export const academyHeader = (identity: AcademyIdentity) =>
  `<header><img src="${escapeHtml(academyMarkPath(identity))}" alt="" width="48" height="48">${escapeHtml(identity.name)}</header>`;

/**
 * A whole page in the academy's colour: `head` and `body` are HTML already escaped.
 */
export function publicPage(head: string, body: string, identity: AcademyIdentity): string {
  return `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${escapeHtml(identity.themeColor)}">
${head}
<style>${style(identity.themeColor)}</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}
