import type { PublicConfig } from '#shared/schemas/accounts';
import type { PublicConfigPatch } from '#shared/schemas/config';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { insertActivityLog } from '../accounts/accounts.repository.ts';
import { findPublicConfig, updatePublicConfig } from './config.repository.ts';

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** An admin switches student access or guest mode; the change is logged. */
export async function changePublicConfig(
  database: AppDatabase,
  admin: PersonRow,
  patch: PublicConfigPatch,
  googleEnabled: boolean,
): Promise<PublicConfig> {
  const now = Date.now();
  await database.db.transaction().execute(async (trx) => {
    const student = flag(patch.studentAccessEnabled);
    const guest = flag(patch.guestModeEnabled);
    await updatePublicConfig(
      trx,
      {
        ...(student === undefined ? {} : { student_access_enabled: student }),
        ...(guest === undefined ? {} : { guest_mode_enabled: guest }),
      },
      now,
    );
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'config.updated',
      target: 'public_config',
      details: patch,
      now,
    });
  });
  const row = await findPublicConfig(database.db);
  return {
    studentAccessEnabled: row?.student_access_enabled === 1,
    guestModeEnabled: row?.guest_mode_enabled === 1,
    googleEnabled,
  };
}
