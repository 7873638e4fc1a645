import type { vi } from '#shared/locales/vi';
import { type AcademyIdentity, logoPath } from '#shared/schemas/identity';
import { fillPlaceholders } from '#shared/text';
import { escapeHtml } from '../../lib/public-page.ts';
import type { Mail } from './mailer.ts';

type Template = (typeof vi.emails)[keyof typeof vi.emails];

/**
 * A Vietnamese e-mail with one action link, as plain text and as simple HTML, in the academy's
 * name: its sender name, its mark and name at the top (the logo from `origin`, when it has one),
 * its colour on the button and its name as the signature.
 */
export function linkEmail(
  identity: AcademyIdentity,
  template: Template,
  to: string,
  url: string,
  values: Record<string, string> = {},
  origin?: string,
): Mail {
  const fill = (line: string) => fillPlaceholders(line, { ...values, academy: identity.name });
  const greeting = fill(template.greeting).replace(/\s+,$/, ',');
  const body = fill(template.body);
  const action = fill(template.action);
  const text = [greeting, '', body, '', url, '', template.ignore, '', identity.name].join('\n');
  const logo =
    identity.logoVersion && origin
      ? `<img src="${escapeHtml(`${origin}${logoPath(identity.logoVersion, 'icon-192')}`)}" alt="" width="40" height="40" style="vertical-align:middle;border-radius:8px;margin-right:8px">`
      : '';
  const html = `<!doctype html><html lang="vi"><body style="font-family:Arial,sans-serif;color:#1c1917;line-height:1.6">
<p style="font-size:18px;font-weight:bold;color:${identity.themeColor}">${logo}${escapeHtml(identity.name)}</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:${identity.themeColor};color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:bold">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#57534e">${escapeHtml(url)}</p>
<p style="font-size:13px;color:#57534e">${escapeHtml(template.ignore)}</p>
<p>${escapeHtml(identity.name)}</p></body></html>`;
  return { to, subject: fill(template.subject), text, html, fromName: identity.name };
}
