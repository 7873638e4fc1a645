import { sharePage as text } from '#shared/locales/vi/share-page';
import type { AcademyIdentity } from '#shared/schemas/identity';
import { fillPlaceholders } from '#shared/text';
import { academyHeader, escapeHtml, publicPage } from '../../lib/public-page.ts';
import type { SharedWork } from './showcase.service.ts';

/*
 * The page a share link answers: plain HTML with the Open Graph tags that Zalo, Facebook and
 * others read to draw a preview (the photo, "Tác phẩm của Lan · Sơn gel"), and the photo itself
 * for a person who opens the link. No script runs on it.
 */

/**
 * The page of a shared work. `base` is the academy's public address; `imageUrl` the absolute
 * address of the preview photo.
 */
export function sharePageHtml(
  work: SharedWork,
  base: string,
  imageUrl: string,
  identity: AcademyIdentity,
): string {
  const academy = identity.name;
  const values = { name: work.givenName, course: work.course ?? '', academy };
  const title = fillPlaceholders(work.course ? text.titleCourse : text.title, values);
  const description = fillPlaceholders(
    work.course ? text.descriptionCourse : text.description,
    values,
  );
  const url = `${base}/s/${work.token}`;
  const meta = (property: string, content: string) =>
    `<meta property="${property}" content="${escapeHtml(content)}">`;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    meta('og:type', 'website'),
    meta('og:site_name', academy),
    meta('og:locale', 'vi_VN'),
    meta('og:title', title),
    meta('og:description', description),
    meta('og:url', url),
    meta('og:image', imageUrl),
    meta('og:image:alt', fillPlaceholders(text.photo, values)),
    `<meta name="twitter:card" content="summary_large_image">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ].join('\n');
  const body = `<img src="${escapeHtml(imageUrl)}" alt="${escapeHtml(fillPlaceholders(text.photo, values))}"${
    work.photo.width && work.photo.height
      ? ` width="${work.photo.width}" height="${work.photo.height}"`
      : ''
  }>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(description)}</p>
<a href="${escapeHtml(`${base}/#/showcase`)}">${escapeHtml(text.more)}</a>`;
  return publicPage(head, `${academyHeader(identity)}\n${body}`, identity);
}

/** What a link whose work is no longer shown answers (with 404). */
export function goneSharePageHtml(base: string, identity: AcademyIdentity): string {
  return publicPage(
    `<title>${escapeHtml(text.goneTitle)}</title>\n<meta name="robots" content="noindex">`,
    `<h1>${escapeHtml(text.goneTitle)}</h1>
<p>${escapeHtml(text.goneBody)}</p>
<a href="${escapeHtml(`${base}/#/showcase`)}">${escapeHtml(text.more)}</a>`,
    identity,
  );
}
