import { contrastWithWhite } from '../identity.ts';
import { limits } from '../limits.ts';
import { shell } from '../locales/vi/shell.ts';
import { z } from '../zod.ts';

export {
  contrastWithWhite,
  LOGO_VARIANTS,
  type LogoVariant,
  logoPath,
  PRODUCT_IDENTITY,
} from '../identity.ts';

/**
 * A theme colour: #rrggbb, on which white text (the buttons' labels) is readable to WCAG AA, and
 * which is readable as text on white (links, the active tab).
 */
export const ThemeColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: shell.validation.themeColorFormat })
  .transform((hex) => hex.toLowerCase())
  .refine((hex) => contrastWithWhite(hex) >= limits.themeContrastMin, {
    message: shell.validation.themeColorContrast,
  });

/** How the academy names and shows itself; the product's own until an admin sets them. */
export const AcademyIdentity = z.object({
  name: z.string(),
  shortName: z.string(),
  themeColor: z.string(),
  /** The logo's version (its variants' address), or null for the product's mark. */
  logoVersion: z.string().nullable(),
});
export type AcademyIdentity = z.infer<typeof AcademyIdentity>;

/** An admin's name, short name and colour for the academy. */
export const AcademyIdentityPatch = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: shell.validation.academyNameRequired })
    .max(limits.academyNameMax, { message: shell.validation.academyNameTooLong }),
  shortName: z
    .string()
    .trim()
    .min(1, { message: shell.validation.academyShortNameRequired })
    .max(limits.academyShortNameMax, { message: shell.validation.academyShortNameTooLong }),
  themeColor: ThemeColor,
});
export type AcademyIdentityPatch = z.input<typeof AcademyIdentityPatch>;
