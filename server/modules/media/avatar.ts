import { initialsOf } from '#shared/text';

/** Background and text colours for generated avatars: calm, each pair AA-contrast. */
const PALETTE: Array<[string, string]> = [
  ['#FCE4EC', '#880E4F'],
  ['#FEF3C7', '#92400E'],
  ['#D1FAE5', '#065F46'],
  ['#E0F2FE', '#075985'],
  ['#EDE9FE', '#5B21B6'],
  ['#E7E5E4', '#292524'],
];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** The same name always gets the same colours. */
function paletteFor(name: string): [string, string] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

/** An avatar for a person without a photo: their initials on a colour chosen from the name. */
export function avatarSvg(name: string): string {
  const [background, foreground] = paletteFor(name);
  const initials = escapeXml(initialsOf(name));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img" aria-label="${escapeXml(name)}"><rect width="128" height="128" rx="64" fill="${background}"/><text x="64" y="64" dy=".35em" text-anchor="middle" font-family="'Be Vietnam Pro', system-ui, sans-serif" font-size="50" font-weight="600" fill="${foreground}">${initials}</text></svg>`;
}

/** Where the generated avatar of a name is served. */
export function avatarUrl(name: string): string {
  return `/api/avatars/${encodeURIComponent(name.trim() || '?')}.svg`;
}

/** A person as lists show them (who wrote, who handled), or null when the row has none. */
export const personSummary = (id: string | null, name: string | null, url: string | null) =>
  id && name ? { id, name, avatarUrl: url ?? avatarUrl(name) } : null;
