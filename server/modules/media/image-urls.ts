import { MEDIA_NAME } from '#shared/schemas/media';
import type { AppDatabase } from '../../db/database.ts';
import { findSettings } from '../config/config.repository.ts';
import { findMedia } from './media.repository.ts';

/**
 * Whether an image address may be stored on a record: a photo uploaded here, or one in the
 * academy's own Cloudinary account. Nothing else (no third-party or script addresses).
 */
export async function isUsableImageUrl(database: AppDatabase, url: string): Promise<boolean> {
  const local = url.match(/^\/media\/([^/]+)$/);
  if (local) {
    const name = local[1]!;
    return MEDIA_NAME.test(name) && (await findMedia(database.db, name.slice(0, 64))) !== undefined;
  }
  const cloud = (await findSettings(database.db))?.cloudinary_cloud_name;
  return Boolean(cloud) && url.startsWith(`https://res.cloudinary.com/${cloud}/image/upload/`);
}
