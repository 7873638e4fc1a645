import { limits } from '#shared/limits';

/** A stored photo as posts and courses carry it. */
export interface Photo {
  url: string;
  width: number | null;
  height: number | null;
}

const LOCAL = /^(\/media\/[a-f0-9]{64})\.webp$/;
const CLOUDINARY = /^(https:\/\/res\.cloudinary\.com\/[^/]+\/image\/upload\/)(.+)$/;

/** The width of a photo of `width` × `height` shrunk to fit a `longSide` square. */
function widthWithin(width: number, height: number, longSide: number): number {
  return Math.round(width * Math.min(1, longSide / Math.max(width, height)));
}

/**
 * The address of a photo's variant whose long side is at most `longSide` (one of the stored
 * sizes in `limits`), for a photo stored here or in the academy's Cloudinary; undefined for a
 * photo from elsewhere.
 */
export function photoVariant(url: string, longSide: number): string | undefined {
  const local = LOCAL.exec(url);
  if (local) {
    if (longSide === limits.imageSmallLongSide) return `${local[1]}-sm.webp`;
    if (longSide === limits.imageMediumLongSide) return `${local[1]}-md.webp`;
    return url;
  }
  const cloud = CLOUDINARY.exec(url);
  return cloud ? `${cloud[1]}c_limit,w_${longSide},h_${longSide}/${cloud[2]}` : undefined;
}

/**
 * The `src` and `srcset` of a photo: its small, medium and full variants with their widths, so
 * the browser takes the smallest that fills the photo's box at the screen's density (a phone
 * never loads the 2048 px photo into a card). A photo of unknown size, or from elsewhere, is
 * given as it is.
 */
export function photoSources(photo: Photo): { src: string; srcSet?: string } {
  const { url, width, height } = photo;
  if (!width || !height || !photoVariant(url, limits.imageSmallLongSide)) return { src: url };
  const candidates = new Map<number, string>();
  for (const longSide of [
    limits.imageSmallLongSide,
    limits.imageMediumLongSide,
    limits.imageLongSide,
  ]) {
    const shown = widthWithin(width, height, longSide);
    // A variant no smaller than the next is the same picture: the smaller file is kept.
    if (!candidates.has(shown)) candidates.set(shown, photoVariant(url, longSide)!);
  }
  return {
    src: photoVariant(url, limits.imageMediumLongSide)!,
    srcSet: [...candidates].map(([shown, address]) => `${address} ${shown}w`).join(', '),
  };
}

/**
 * The width a feed card shows each of its `count` photos at, for choosing the variant: the feed's
 * column (42rem less the card's and the page's padding) on wider screens, the screen less them
 * on phones; half in the grid of two or more.
 */
export function feedPhotoSizes(count: number): string {
  return count === 1
    ? '(min-width: 48rem) 40rem, calc(100vw - 4rem)'
    : '(min-width: 48rem) 20rem, calc(50vw - 2.25rem)';
}
