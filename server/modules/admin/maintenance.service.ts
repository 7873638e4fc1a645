import type { Readable } from 'node:stream';
import type { CleanupResult } from '#shared/schemas/admin';
import { createBackup } from '../../backup/backup.ts';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteStaleMappings } from '../accounts/accounts.repository.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { cleanUpUnreferencedMedia } from '../media/media.cleanup.ts';

/**
 * The admin tools' clean-up: sign-in mappings left by identities that no longer exist (spec 8:
 * a stale mapping is deleted), and stored photos nothing refers to any more.
 */
export async function cleanUp(
  database: AppDatabase,
  admin: PersonRow,
  dataDir: string,
): Promise<CleanupResult> {
  const mappingsRemoved = await deleteStaleMappings(database.db);
  const media = await cleanUpUnreferencedMedia(database, dataDir);
  const result = {
    mappingsRemoved,
    mediaRemoved: media.removed,
  };
  await insertActivityLog(database.db, {
    actorId: admin.id,
    action: 'maintenance.cleaned',
    target: null,
    details: result,
    now: Date.now(),
  });
  return result;
}

/**
 * A backup for an admin to download (SQLite: the database copy and the photos; PostgreSQL
 * academies are told to use pg_dump), recorded in the activity log.
 */
export async function backUp(
  database: AppDatabase,
  admin: PersonRow,
  dataDir: string,
): Promise<{ stream: Readable; fileName: string }> {
  if (database.kind !== 'sqlite') throw new AppError('backup_postgres', 409);
  const stream = await createBackup(database, dataDir);
  const now = new Date();
  await insertActivityLog(database.db, {
    actorId: admin.id,
    action: 'maintenance.backup',
    target: null,
    now: now.getTime(),
  });
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return { stream, fileName: `hoc-vien-${stamp}.tar.gz` };
}
