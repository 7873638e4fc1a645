import { vi } from '#shared/locales/vi';
import { fillPlaceholders } from '#shared/text';
import { escapeHtml } from '../../lib/public-page.ts';
import type { Mail } from './mailer.ts';

type Template = (typeof vi.emails)[keyof typeof vi.emails];

/** A Vietnamese e-mail with one action link, as plain text and as simple HTML. */
export function linkEmail(
  template: Template,
  to: string,
  url: string,
  values: Record<string, string> = {},
): Mail {
  const greeting = fillPlaceholders(template.greeting, values).replace(/\s+,$/, ',');
  const text = [greeting, '', template.body, '', url, '', template.ignore, '', vi.app.name].join(
    '\n',
  );
  const html = `<!doctype html><html lang="vi"><body style="font-family:Arial,sans-serif;color:#1c1917;line-height:1.6">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(template.body)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#C2185B;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:bold">${escapeHtml(template.action)}</a></p>
<p style="font-size:13px;color:#57534e">${escapeHtml(url)}</p>
<p style="font-size:13px;color:#57534e">${escapeHtml(template.ignore)}</p>
<p>${escapeHtml(vi.app.name)}</p></body></html>`;
  return { to, subject: template.subject, text, html };
}
