import { type AcademyIdentity, logoPath } from '#shared/schemas/identity';
import { escapeHtml } from '../../lib/public-page.ts';

/*
 * The web app's page and manifest in the academy's own name, colour and mark: what a browser
 * reads before any script runs (the tab's title, the status bar's colour, the icon a phone puts
 * on its home screen) and what an installed app takes on its next update. Without the academy's
 * own, both are the build's as they are.
 */

/** Replaces the first match of `pattern` in `text` with `replacement`; fails loudly if none. */
function replaceOne(text: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(text)) throw new Error(`app shell: ${pattern} is not in index.html`);
  return text.replace(pattern, replacement);
}

/** The built index.html with the academy's title, colour, home-screen name and icons. */
export function academyIndexHtml(html: string, identity: AcademyIdentity): string {
  let page = html;
  page = replaceOne(page, /<title>[^<]*<\/title>/, `<title>${escapeHtml(identity.name)}</title>`);
  page = replaceOne(
    page,
    /<meta name="theme-color" content="[^"]*"/,
    `<meta name="theme-color" content="${escapeHtml(identity.themeColor)}"`,
  );
  page = replaceOne(
    page,
    /<meta name="apple-mobile-web-app-title" content="[^"]*"/,
    `<meta name="apple-mobile-web-app-title" content="${escapeHtml(identity.shortName)}"`,
  );
  // What the app reads at start to name itself before it asks the server (web/lib/academy.ts).
  page = replaceOne(
    page,
    /<\/title>/,
    `</title>\n    <meta name="academy" content="${escapeHtml(JSON.stringify(identity))}" />`,
  );
  const version = identity.logoVersion;
  if (version) {
    page = replaceOne(
      page,
      /href="\/icons\/favicon-32\.png"/,
      `href="${logoPath(version, 'favicon-32')}"`,
    );
    page = replaceOne(page, /\s*<link rel="icon" type="image\/svg\+xml" href="[^"]*" \/>/, '');
    page = replaceOne(
      page,
      /<link rel="apple-touch-icon" href="[^"]*"/,
      `<link rel="apple-touch-icon" href="${logoPath(version, 'apple-touch-180')}"`,
    );
    page = replaceOne(
      page,
      /src="\/icons\/icon-192\.png"/,
      `src="${logoPath(version, 'icon-192')}"`,
    );
  }
  return page;
}

interface WebManifest {
  name?: string;
  short_name?: string;
  theme_color?: string;
  icons?: { src: string; sizes: string; type: string; purpose?: string }[];
  shortcuts?: { icons?: { src: string; sizes: string; type: string }[] }[];
  [key: string]: unknown;
}

/** The build's manifest with the academy's names, colour and icons. */
export function academyManifest(manifest: WebManifest, identity: AcademyIdentity): WebManifest {
  const version = identity.logoVersion;
  const icon = (variant: 'icon-192' | 'icon-512' | 'maskable-512', purpose: string) => ({
    src: logoPath(version ?? '', variant),
    sizes: variant === 'icon-192' ? '192x192' : '512x512',
    type: 'image/png',
    purpose,
  });
  return {
    ...manifest,
    name: identity.name,
    short_name: identity.shortName,
    theme_color: identity.themeColor,
    ...(version
      ? {
          icons: [
            icon('icon-192', 'any'),
            icon('icon-512', 'any'),
            icon('maskable-512', 'maskable'),
          ],
          shortcuts: manifest.shortcuts?.map((shortcut) => ({
            ...shortcut,
            icons: [{ src: logoPath(version, 'icon-192'), sizes: '192x192', type: 'image/png' }],
          })),
        }
      : {}),
  };
}
