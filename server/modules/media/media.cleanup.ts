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
  const ids = await listUnreferencedMedia(database.db, now - DAY);
  await deleteMedia(database.db, ids);
  for (const id of ids) {
    for (const name of Object.values(mediaFileNames(id))) {
      await fs.rm(path.join(mediaDir(dataDir), name), { force: true });
    }
  }
  return { removed: ids.length };
}
