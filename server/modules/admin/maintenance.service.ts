import type { CleanupResult } from '#shared/schemas/admin';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
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
  const mappings = await database.db
    .deleteFrom('login_mappings')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user')
            .select('user.id')
            .whereRef('user.id', '=', 'login_mappings.auth_user_id'),
        ),
      ),
    )
    .executeTakeFirst();
  const media = await cleanUpUnreferencedMedia(database, dataDir);
  const result = {
    mappingsRemoved: Number(mappings.numDeletedRows),
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
