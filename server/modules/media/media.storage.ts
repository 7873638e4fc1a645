import { createHash, randomUUID } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import { AppError } from '../../lib/app-error.ts';
import { mediumVariantOf, type ProcessedImage, smallVariantOf } from './image-processing.ts';
import {
  type ByteRange,
  type MediaObject,
  type MediaStore,
  MediaStoreUnavailable,
} from './media.store.ts';

export interface StoredImage {
  id: string;
  mainName: string;
  smallName: string;
}

/** The names of a stored photo's files: the photo, then its variants. */
export function mediaFileNames(id: string): { main: string; medium: string; small: string } {
  return { main: `${id}.webp`, medium: `${id}-md.webp`, small: `${id}-sm.webp` };
}

/** A store that cannot be reached is the server's passing trouble (503): the phone tries again. */
export function asStoreError(error: unknown): never {
  if (error instanceof MediaStoreUnavailable) {
    throw new AppError('media_store_unavailable', 503, { cause: error });
  }
  throw error;
}

/**
 * Stores a processed image under names made from its content (never from the uploader). The
 * variants go first and the photo last: a photo whose name is stored has its variants.
 */
export async function storeImage(store: MediaStore, image: ProcessedImage): Promise<StoredImage> {
  const id = createHash('sha256').update(image.main).digest('hex');
  const names = mediaFileNames(id);
  try {
    await store.put(names.small, image.small);
    await store.put(names.medium, image.medium);
    await store.put(names.main, image.main);
  } catch (error) {
    asStoreError(error);
  }
  return { id, mainName: names.main, smallName: names.small };
}

/**
 * A stored photo or variant by its name (already checked against MEDIA_NAME), or undefined when
 * it is not stored. A missing variant of a stored photo is made from the photo (`madeVariant`).
 */
export async function storedMedia(
  store: MediaStore,
  name: string,
  range?: ByteRange,
): Promise<MediaObject | undefined> {
  try {
    const stored = await store.open(name, range);
    if (stored || !(await madeVariant(store, name))) return stored;
    return await store.open(name, range);
  } catch (error) {
    asStoreError(error);
  }
}

/** The size of a stored photo or variant (a missing variant made as above), or undefined. */
export async function storedMediaSize(
  store: MediaStore,
  name: string,
): Promise<number | undefined> {
  try {
    const size = await store.size(name);
    if (size !== undefined || !(await madeVariant(store, name))) return size;
    return await store.size(name);
  } catch (error) {
    asStoreError(error);
  }
}

/**
 * Makes the variant `name` (medium or small) from its stored photo; false when it names no
 * variant or there is no photo. Photos stored before a variant existed, and every restored
 * photo (a restore never takes variants from the backup), get theirs here.
 */
async function madeVariant(store: MediaStore, name: string): Promise<boolean> {
  const size = name.endsWith('-md.webp') ? 'medium' : name.endsWith('-sm.webp') ? 'small' : null;
  if (!size) return false;
  const main = await store.read(mediaFileNames(name.slice(0, 64)).main);
  if (!main) return false;
  await store.put(name, await (size === 'medium' ? mediumVariantOf(main) : smallVariantOf(main)));
  return true;
}

/**
 * The bytes a `Range` header asks of a file of `size` bytes (RFC 9110, one range): a range, or
 * 'unsatisfiable' when it starts past the end. Undefined for no header, several ranges or one
 * that is not understood: the whole file is answered then, as the RFC allows.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1]!, match[2]!];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Why photos cannot be kept in the store, or null: a probe file is written, read back and
 * removed, as an upload and its serving would (doctor, and the start's warning). The probe's
 * name is never a photo's, so it is never served.
 */
export async function mediaStoreProblem(store: MediaStore): Promise<string | null> {
  const name = `probe-${randomUUID()}.txt`;
  const written = Buffer.from(`hoc-vien ${new Date().toISOString()}`);
  try {
    await store.put(name, written);
    const readBack = await readsBack(store, name, (read) => read.equals(written));
    await store.remove(name);
    if (!readBack) return `${store.describe()}: a file written was not read back`;
    return null;
  } catch (error) {
    return `${store.describe()}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** How often, and how far apart, a file that reads back different is read again. */
const READ_BACK_TRIES = 4;
const READ_BACK_WAIT_MS = 250;

/**
 * Whether a file just written reads back as `matches` expects. A store may answer a read of an
 * object it is still writing (the S3 stand-in of the tests does; so do S3-compatible servers that
 * are consistent only eventually): it is read again a few times, under a second in all, before
 * the write counts as lost.
 */
export async function readsBack(
  store: MediaStore,
  name: string,
  matches: (data: Buffer) => boolean,
): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    const data = await store.read(name);
    if (data && matches(data)) return true;
    if (attempt === READ_BACK_TRIES) return false;
    await setTimeout(READ_BACK_WAIT_MS);
  }
}
