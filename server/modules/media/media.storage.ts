import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ProcessedImage } from './image-processing.ts';

export interface StoredImage {
  id: string;
  mainName: string;
  smallName: string;
}

export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

async function writeOnce(file: string, data: Buffer): Promise<void> {
  try {
    await fs.access(file);
    return; // same content, same name: already stored
  } catch {
    // not stored yet
  }
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
  const mainName = `${id}.webp`;
  const smallName = `${id}-sm.webp`;
  await writeOnce(path.join(dir, mainName), image.main);
  await writeOnce(path.join(dir, smallName), image.small);
  return { id, mainName, smallName };
}
