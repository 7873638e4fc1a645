import { formatCertificateCode } from '#shared/certificate-code';
import { formatDate } from '#shared/format';
import { certificateText } from '#shared/locales/vi/certificate';
import type { AcademyIdentity } from '#shared/schemas/identity';
import { fillPlaceholders } from '#shared/text';
import { academyHeader, escapeHtml, publicPage } from '../../lib/public-page.ts';
import type { CertificateContent } from './certificate-pdf.ts';

/*
 * A certificate's public page (`/c/<code>`, the address its QR code holds): whether the academy
 * stands by it. It says who finished which course and when, as the paper does, and nothing more.
 */

const text = certificateText.page;

/** The page for a certificate, standing or revoked; undefined content: no such code. */
export function certificatePageHtml(
  content: CertificateContent | undefined,
  identity: AcademyIdentity,
): string {
  const academy = identity.name;
  if (!content) {
    return publicPage(
      `<title>${escapeHtml(text.unknown)}</title>\n<meta name="robots" content="noindex">`,
      `${academyHeader(identity)}\n<h1 class="gone">${escapeHtml(text.unknown)}</h1>\n<p>${escapeHtml(text.unknownBody)}</p>`,
      identity,
    );
  }
  const values = {
    academy,
    name: content.studentName,
    course: content.courseName,
    date: formatDate(content.issuedAt),
    revokedDate: content.revokedAt === null ? '' : formatDate(content.revokedAt),
    names: content.instructors.join(', '),
    code: formatCertificateCode(content.code),
  };
  const revoked = content.revokedAt !== null;
  const heading = revoked ? text.revoked : text.valid;
  const lines = [
    academyHeader(identity),
    `<h1 class="${revoked ? 'gone' : 'ok'}">${escapeHtml(heading)}</h1>`,
    `<p>${escapeHtml(fillPlaceholders(revoked ? text.revokedBody : text.validBody, values))}</p>`,
    content.instructors.length > 0
      ? `<p>${escapeHtml(fillPlaceholders(text.instructors, values))}</p>`
      : '',
    `<p>${escapeHtml(fillPlaceholders(text.code, values))}</p>`,
  ];
  return publicPage(
    `<title>${escapeHtml(`${heading} · ${text.title}`)}</title>\n<meta name="robots" content="noindex">`,
    lines.filter(Boolean).join('\n'),
    identity,
  );
}
