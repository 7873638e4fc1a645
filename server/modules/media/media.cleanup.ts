import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppDatabase } from '../../db/database.ts';
import { deleteMedia, listUnreferencedMedia } from './media.repository.ts';
import { mediaDir, mediaFileNames } from './media.storage.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Removes stored photos that nothing uses any more (rows and files), keeping anything uploaded
 * in the last day. The admin tools' clean-up runs it. Returns how many were removed.
 */
export async function cleanUpUnreferencedMedia(
  database: AppDatabase,
  dataDir: string,
  now = Date.now(),
) {
  return removeMedia(database, dataDir, await listUnreferencedMedia(database.db, now - DAY));
}

/**
 * Removes these photos, rows and files, where nothing uses them any more, whatever their age:
 * the demo academy's, once it is wiped (a real post that shows the same picture keeps it).
 */
export async function removeUnusedMedia(database: AppDatabase, dataDir: string, among: string[]) {
  const ids = await listUnreferencedMedia(database.db, Number.MAX_SAFE_INTEGER, among);
  return removeMedia(database, dataDir, ids);
}

async function removeMedia(database: AppDatabase, dataDir: string, ids: string[]) {
  await deleteMedia(database.db, ids);
  for (const id of ids) {
    for (const name of Object.values(mediaFileNames(id))) {
      await fs.rm(path.join(mediaDir(dataDir), name), { force: true });
    }
  }
  return { removed: ids.length };
}
