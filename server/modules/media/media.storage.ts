import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { mediumVariantOf, type ProcessedImage } from './image-processing.ts';

export interface StoredImage {
  id: string;
  mainName: string;
  smallName: string;
}

/** The names of a stored photo's files: the photo, then its variants. */
export function mediaFileNames(id: string): { main: string; medium: string; small: string } {
  return { main: `${id}.webp`, medium: `${id}-md.webp`, small: `${id}-sm.webp` };
}

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

async function writeOnce(file: string, data: Buffer): Promise<void> {
  if (await exists(file)) return; // same content, same name: already stored
  // Written under a temporary name and renamed, so a reader never sees half a file.
  const temporary = `${file}.${randomUUID()}.tmp`;
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, file);
}

/** Stores a processed image under names made from its content (never from the uploader). */
export async function storeImage(dataDir: string, image: ProcessedImage): Promise<StoredImage> {
  const id = createHash('sha256').update(image.main).digest('hex');
  const dir = mediaDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const names = mediaFileNames(id);
  await writeOnce(path.join(dir, names.main), image.main);
  await writeOnce(path.join(dir, names.medium), image.medium);
  await writeOnce(path.join(dir, names.small), image.small);
  return { id, mainName: names.main, smallName: names.small };
}

/**
 * The file of a stored photo or variant by its name (already checked against MEDIA_NAME), or
 * undefined when it is not stored. A missing medium variant of a stored photo is made from the
 * photo (photos stored before the variant existed, or restored from an older backup).
 */
export async function storedMediaFile(dataDir: string, name: string): Promise<string | undefined> {
  const file = path.join(mediaDir(dataDir), name);
  if (await exists(file)) return file;
  if (!name.endsWith('-md.webp')) return undefined;
  const main = await fs
    .readFile(path.join(mediaDir(dataDir), mediaFileNames(name.slice(0, 64)).main))
    .catch(() => undefined);
  if (!main) return undefined;
  await writeOnce(file, await mediumVariantOf(main));
  return file;
}
