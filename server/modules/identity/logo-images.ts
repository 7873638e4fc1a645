import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { limits } from '#shared/limits';
import { LOGO_VARIANTS, type LogoVariant } from '#shared/schemas/identity';
import { AppError } from '../../lib/app-error.ts';

/*
 * An academy's logo, made from one upload into every square PNG the app names itself with: the
 * manifest's icons (any purpose, on transparency), the maskable icon and the Apple touch icon (on
 * white: a launcher's mask or iOS would otherwise crop it or fill it black), and the favicon.
 * Only raster formats are read: an SVG is never decoded, nor served.
 */

const ACCEPTED = new Set(['png', 'jpeg', 'webp']);
const SMALLEST_SIDE = 192;
/** How much of a maskable icon's side the logo takes: inside the launcher's safe circle. */
const MASKABLE_SHARE = 0.58;
/** How much of the Apple touch icon the logo takes, on its white square. */
const APPLE_SHARE = 0.84;
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
const CLEAR = { r: 0, g: 0, b: 0, alpha: 0 };

export interface LogoImages {
  /** The logo's version: a hash of the upload, so a new logo is a new address. */
  version: string;
  variants: { variant: LogoVariant; png: Buffer }[];
}

/** The logo square, on transparency, at `side`. */
function square(upload: Buffer, side: number) {
  return sharp(upload, { failOn: 'error', limitInputPixels: limits.logoPixels })
    .rotate()
    .resize(side, side, { fit: 'contain', background: CLEAR });
}

/** The logo at `share` of a white square of `side`. */
async function onWhite(upload: Buffer, side: number, share: number): Promise<Buffer> {
  const inner = Math.round(side * share);
  const logo = await square(upload, inner).png().toBuffer();
  return sharp({ create: { width: side, height: side, channels: 4, background: WHITE } })
    .composite([{ input: logo, gravity: 'centre' }])
    .flatten({ background: WHITE })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** Checks an uploaded logo by its content and makes its variants; refuses in Vietnamese. */
export async function makeLogoImages(upload: Buffer): Promise<LogoImages> {
  if (upload.length > limits.logoBytes) throw new AppError('logo_too_large', 413);
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    // The header alone: no pixel is decoded before the format and the size are known.
    ({
      format,
      width = 0,
      height = 0,
    } = await sharp(upload, { limitInputPixels: false }).metadata());
  } catch {
    throw new AppError('logo_unreadable', 415);
  }
  if (!format || !ACCEPTED.has(format)) throw new AppError('logo_unreadable', 415);
  if (width * height > limits.logoPixels) throw new AppError('logo_too_large', 413);
  if (Math.min(width, height) < SMALLEST_SIDE) throw new AppError('logo_too_small', 422);
  try {
    const variants = await Promise.all(
      (Object.entries(LOGO_VARIANTS) as [LogoVariant, number][]).map(async ([variant, side]) => ({
        variant,
        png:
          variant === 'maskable-512'
            ? await onWhite(upload, side, MASKABLE_SHARE)
            : variant === 'apple-touch-180'
              ? await onWhite(upload, side, APPLE_SHARE)
              : await square(upload, side).png({ compressionLevel: 9 }).toBuffer(),
      })),
    );
    const version = createHash('sha256').update(upload).digest('hex').slice(0, 16);
    return { version, variants };
  } catch {
    // A header that reads but pixels that do not (truncated, corrupt).
    throw new AppError('logo_unreadable', 415);
  }
}
