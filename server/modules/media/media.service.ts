import type { MultipartFile } from '@fastify/multipart';
import type { MediaUse, UploadResult } from '#shared/schemas/media';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { processImage } from './image-processing.ts';
import { insertMedia } from './media.repository.ts';
import { storeImage } from './media.storage.ts';

async function readUpload(file: MultipartFile | undefined): Promise<Buffer> {
  if (!file || file.fieldname !== 'file') throw new AppError('upload_missing', 400);
  try {
    const data = await file.toBuffer();
    if (file.file.truncated) throw new AppError('upload_too_large', 413);
    if (data.length === 0) throw new AppError('upload_missing', 400);
    return data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // @fastify/multipart raises this when the file passes the size limit.
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('upload_too_large', 413);
    throw error;
  }
}

/**
 * Receives one photo: checked by content, re-encoded, stored by content hash, recorded with its
 * owner and use. Nothing is stored when any check fails.
 */
export async function uploadImage(options: {
  database: AppDatabase;
  dataDir: string;
  owner: PersonRow;
  use: MediaUse;
  file: MultipartFile | undefined;
}): Promise<UploadResult> {
  const data = await readUpload(options.file);
  const image = await processImage(data);
  const stored = await storeImage(options.dataDir, image);
  await insertMedia(options.database.db, {
    id: stored.id,
    ownerId: options.owner.id,
    use: options.use,
    width: image.width,
    height: image.height,
    bytes: image.main.length,
    now: Date.now(),
  });
  return {
    public_id: stored.id,
    secure_url: `/media/${stored.mainName}`,
    thumbnail_url: `/media/${stored.smallName}`,
    width: image.width,
    height: image.height,
    bytes: image.main.length,
    format: 'webp',
  };
}
