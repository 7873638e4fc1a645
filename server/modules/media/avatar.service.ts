import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { findMedia } from './media.repository.ts';

/** A person sets their own photo to an image they uploaded, or removes it. */
export async function setOwnAvatar(
  database: AppDatabase,
  person: PersonRow,
  mediaId: string | null,
) {
  let url: string | null = null;
  if (mediaId) {
    const media = await findMedia(database.db, mediaId);
    if (!media || media.owner_id !== person.id) throw new AppError('media_not_found', 404);
    url = `/media/${media.id}.webp`;
  }
  await database.db
    .updateTable('people')
    .set({ avatar_url: url, updated_at: Date.now() })
    .where('id', '=', person.id)
    .execute();
}
