import { app } from './locales/vi/app.ts';

/*
 * What names the academy, without a schema: read by the app's first script (web/lib/academy.ts)
 * and the server alike. The schemas of the identity and of an admin's change are in
 * schemas/identity.ts.
 */

/** The product's own name and colour: what an academy shows until it sets its own. */
export const PRODUCT_IDENTITY = {
  name: app.name,
  shortName: app.name,
  themeColor: '#c2185b',
} as const;

/** The sizes an academy's logo is made into, each a square PNG (server/modules/identity). */
export const LOGO_VARIANTS = {
  'icon-192': 192,
  'icon-512': 512,
  'maskable-512': 512,
  'apple-touch-180': 180,
  'favicon-32': 32,
} as const;
export type LogoVariant = keyof typeof LOGO_VARIANTS;

/** Where a logo's variant is served: its version in the path, so it is cached for ever. */
export const logoPath = (version: string, variant: LogoVariant) =>
  `/academy-logo/${version}/${variant}.png`;

/** How the academy names and shows itself; the product's own until an admin sets them. */
export interface AcademyIdentityValue {
  name: string;
  shortName: string;
  themeColor: string;
  /** The logo's version (its variants' address), or null for the product's mark. */
  logoVersion: string | null;
}

/** The CSS variable the academy's colour is set in; styles.css mixes the accent's shades from it. */
export const ACCENT_VARIABLE = '--academy-accent';

/** Where the browser keeps the academy as it last heard it (web/lib/academy.ts). */
export const ACADEMY_KEY = 'hv.academy';

/** WCAG's contrast ratio of white against `hex` (#rrggbb): the same as `hex` against white. */
export function contrastWithWhite(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

/** The ratio as a person reads it: rounded down, so 4.49 never reads as 4.5. */
export const contrastText = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2);
