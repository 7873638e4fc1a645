import { shell } from './locales/vi/shell.ts';

/*
 * What names the academy, without a schema: read by the app's first script (web/lib/academy.ts)
 * and the server alike. The schemas of the identity and of an admin's change are in
 * schemas/identity.ts.
 */

/** The product's own name and colour: what an academy shows until it sets its own. */
export const PRODUCT_IDENTITY = {
  name: shell.app.name,
  shortName: shell.app.name,
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
