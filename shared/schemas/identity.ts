import { limits } from '../limits.ts';
import { shell } from '../locales/vi/shell.ts';
import { fillPlaceholders } from '../text.ts';
import { z } from '../zod.ts';

export { LOGO_VARIANTS, type LogoVariant, logoPath, PRODUCT_IDENTITY } from '../identity.ts';

/** WCAG's contrast ratio of white against `hex` (#rrggbb): the same as `hex` against white. */
export function contrastWithWhite(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

/** The ratio as the refusal says it: rounded down, so 4.49 never reads as 4.5. */
const ratioText = (ratio: number) => (Math.floor(ratio * 100) / 100).toFixed(2);

/**
 * A theme colour: #rrggbb, on which white text (the buttons' labels) is readable to WCAG AA, and
 * which is readable as text on white (links, the active tab).
 */
export const ThemeColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: shell.validation.themeColorFormat })
  .transform((hex) => hex.toLowerCase())
  .superRefine((hex, context) => {
    const ratio = contrastWithWhite(hex);
    if (ratio < limits.themeContrastMin) {
      context.addIssue({
        code: 'custom',
        message: fillPlaceholders(shell.validation.themeColorContrast, {
          ratio: ratioText(ratio),
        }),
      });
    }
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
