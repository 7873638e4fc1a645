import type { SetAvatar } from '#shared/schemas/media';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { setPersonAvatar } from '../accounts/accounts.repository.ts';
import { announcePersonChange } from '../events/announce.ts';
import { isUsableImageUrl } from './image-urls.ts';
import { isMediaUploader } from './media.repository.ts';

/**
 * A person sets their own photo: an image they uploaded here, or one in the academy's
 * Cloudinary account; or removes it (the generated avatar shows instead).
 */
export async function setOwnAvatar(database: AppDatabase, person: PersonRow, choice: SetAvatar) {
  let url: string | null = null;
  if ('url' in choice) {
    // Photos uploaded here are chosen by id (so ownership is checked); by address only Cloudinary's.
    if (choice.url.startsWith('/') || !(await isUsableImageUrl(database, choice.url)))
      throw new AppError('media_not_found', 404);
    url = choice.url;
  } else if (choice.mediaId) {
    if (!(await isMediaUploader(database.db, choice.mediaId, person.id)))
      throw new AppError('media_not_found', 404);
    url = `/media/${choice.mediaId}.webp`;
  }
  await setPersonAvatar(database.db, person.id, url, Date.now());
  await announcePersonChange(database, person.id);
}
