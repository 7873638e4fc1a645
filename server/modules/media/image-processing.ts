import fs from 'node:fs/promises';
import pLimit from 'p-limit';
import sharp, { type Metadata } from 'sharp';
import { limits } from '#shared/limits';
import { AppError } from '../../lib/app-error.ts';

/** Formats people's phones and cameras produce that we accept, as sharp names them. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

// One image at a time per core: decoding a 12 MP photo takes ~100 MB; a burst of uploads waits
// its turn instead of exhausting memory. libvips' own thread pool is kept to one thread per job.
sharp.concurrency(1);
sharp.cache(false);
const imageSlots = pLimit(2);
const MAX_WAITING = 200;

export interface ProcessedImage {
  main: Buffer;
  medium: Buffer;
  small: Buffer;
  width: number;
  height: number;
}

const MARKUP = /<(?:!doctype|html|script|svg|iframe|object|body|head|\?xml)/i;

/**
 * Files that are an image and something else at once: markup at either end, or bytes after the
 * end of a PNG or JPEG image. Browsers and scanners may read such a file as the other thing.
 * Reads only the first and last 4 KB.
 */
export function looksLikePolyglot(head: Buffer, tail: Buffer, format: string): boolean {
  if (MARKUP.test(head.toString('latin1')) || MARKUP.test(tail.toString('latin1'))) return true;
  if (format === 'png') {
    const iend = tail.lastIndexOf('IEND');
    return iend >= 0 && tail.length > iend + 8;
  }
  if (format === 'jpeg') {
    // Bytes other than padding after the last end-of-image marker. A file with no marker at all
    // is truncated, which decoding reports.
    const eoi = tail.lastIndexOf(Buffer.from([0xff, 0xd9]));
    return eoi >= 0 && tail.subarray(eoi + 2).some((byte) => byte !== 0);
  }
  return false;
}

async function headAndTail(file: string): Promise<{ head: Buffer; tail: Buffer }> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(4096, size));
    const tail = Buffer.alloc(Math.min(4096, size));
    await handle.read(head, 0, head.length, 0);
    await handle.read(tail, 0, tail.length, size - tail.length);
    return { head, tail };
  } finally {
    await handle.close();
  }
}

/** A smaller copy of a stored (WebP) photo, its long side at most `longSide`. */
function shrink(main: Buffer, longSide: number, quality: number): Promise<Buffer> {
  return sharp(main)
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .webp({ quality, effort: 3 })
    .toBuffer();
}

/** A photo's two variants, the same whether made at its upload or again later. */
const mediumOf = (main: Buffer) => shrink(main, limits.imageMediumLongSide, 80);
const smallOf = (main: Buffer) => shrink(main, limits.imageSmallLongSide, 75);

/**
 * The medium variant of a photo stored before variants of that size existed (or restored from a
 * backup that did not carry it), made from the stored photo; in the same two slots as uploads.
 */
export function mediumVariantOf(main: Buffer): Promise<Buffer> {
  return imageSlots(() => mediumOf(main));
}

/** The small variant of a stored photo, as an upload makes it; in the same two slots. */
export function smallVariantOf(main: Buffer): Promise<Buffer> {
  return imageSlots(() => smallOf(main));
}

/**
 * A JPEG copy of a stored photo for link previews (Zalo, Facebook and others read JPEG surely,
 * WebP not everywhere), its long side at most 1,200 px; in the same two slots as uploads.
 */
export function previewJpegOf(main: Buffer): Promise<Buffer> {
  return imageSlots(() =>
    sharp(main)
      .resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer(),
  );
}

async function processNow(file: string): Promise<ProcessedImage> {
  let metadata: Metadata;
  try {
    metadata = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('upload_type_not_allowed', 415);
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new AppError('upload_type_not_allowed', 415);
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > limits.uploadPixels) {
    throw new AppError('upload_too_many_pixels', 413);
  }
  const { head, tail } = await headAndTail(file);
  if (looksLikePolyglot(head, tail, metadata.format))
    throw new AppError('upload_type_not_allowed', 415);

  const input = () =>
    // Read from disk in strips: a 12 MP JPEG is never held whole in memory.
    sharp(file, {
      failOn: 'truncated',
      limitInputPixels: limits.uploadPixels,
      sequentialRead: true,
    })
      // Applies the EXIF orientation. sharp copies no metadata (EXIF, GPS, XMP) to the output
      // unless asked to, and converts colours to sRGB.
      .rotate();
  try {
    const { data: main, info } = await input()
      .resize({
        width: limits.imageLongSide,
        height: limits.imageLongSide,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82, effort: 3 })
      .toBuffer({ resolveWithObject: true });
    const medium = await mediumOf(main);
    const small = await smallOf(main);
    return { main, medium, small, width: info.width, height: info.height };
  } catch {
    throw new AppError('upload_corrupt', 422);
  }
}

/**
 * Checks that a file is a photo of an accepted kind by its content, within the size and pixel
 * limits, and re-encodes it: orientation applied, metadata dropped, long side capped, WebP plus
 * a medium and a small variant. At most two images are processed at once.
 */
export async function processImage(file: string): Promise<ProcessedImage> {
  if (imageSlots.pendingCount >= MAX_WAITING) throw new AppError('upload_busy', 503);
  return imageSlots(() => processNow(file));
}
