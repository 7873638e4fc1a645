import type { AppDatabase } from '../../db/database.ts';
import { deleteMedia, listUnreferencedMedia } from './media.repository.ts';
import { asStoreError, mediaFileNames } from './media.storage.ts';
import type { MediaStore } from './media.store.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Removes stored photos that nothing uses any more (rows and files), keeping anything uploaded
 * in the last day. The admin tools' clean-up runs it. Returns how many were removed.
 */
export async function cleanUpUnreferencedMedia(
  database: AppDatabase,
  store: MediaStore,
  now = Date.now(),
) {
  return removeMedia(database, store, await listUnreferencedMedia(database.db, now - DAY));
}

/**
 * Removes these photos, rows and files, where nothing uses them any more, whatever their age:
 * the demo academy's, once it is wiped (a real post that shows the same picture keeps it).
 */
export async function removeUnusedMedia(database: AppDatabase, store: MediaStore, among: string[]) {
  const ids = await listUnreferencedMedia(database.db, Number.MAX_SAFE_INTEGER, among);
  return removeMedia(database, store, ids);
}

/**
 * The files go first, the photo before its variants, then the rows: a store that fails halfway
 * leaves rows that the next clean-up finds again, never a row whose photo is gone.
 */
async function removeMedia(database: AppDatabase, store: MediaStore, ids: string[]) {
  try {
    for (const id of ids) {
      const names = mediaFileNames(id);
      for (const name of [names.main, names.medium, names.small]) await store.remove(name);
    }
  } catch (error) {
    asStoreError(error);
  }
  await deleteMedia(database.db, ids);
  return { removed: ids.length };
}
