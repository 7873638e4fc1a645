import type { PublicConfig } from '#shared/schemas/accounts';
import type { PublicConfigPatch, UploadSettingsPatch, UploadTarget } from '#shared/schemas/config';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow, SettingsRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { lockAccountChanges } from '../accounts/accounts.repository.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { readIdentity } from '../identity/identity.service.ts';
import {
  findPublicConfig,
  findSettings,
  updatePublicConfig,
  updateSettings,
} from './config.repository.ts';

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);

/** An admin switches student access, guest mode or the showcase; the change is logged. */
export async function changePublicConfig(
  database: AppDatabase,
  admin: PersonRow,
  patch: PublicConfigPatch,
  googleEnabled: boolean,
): Promise<PublicConfig> {
  const now = Date.now();
  await inTransaction(database, async (trx) => {
    await lockAccountChanges(trx, database.kind);
    const current = await findPublicConfig(trx);
    const seen = patch.previous ?? {};
    const stale =
      (seen.studentAccessEnabled !== undefined &&
        seen.studentAccessEnabled !== (current?.student_access_enabled === 1)) ||
      (seen.guestModeEnabled !== undefined &&
        seen.guestModeEnabled !== (current?.guest_mode_enabled === 1)) ||
      (seen.showcaseEnabled !== undefined &&
        seen.showcaseEnabled !== (current?.showcase_enabled === 1));
    if (stale) throw new AppError('config_changed', 409);
    const student = flag(patch.studentAccessEnabled);
    const guest = flag(patch.guestModeEnabled);
    const showcase = flag(patch.showcaseEnabled);
    await updatePublicConfig(
      trx,
      {
        ...(student === undefined ? {} : { student_access_enabled: student }),
        ...(guest === undefined ? {} : { guest_mode_enabled: guest }),
        ...(showcase === undefined ? {} : { showcase_enabled: showcase }),
      },
      now,
    );
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'config.updated',
      target: 'public_config',
      details: {
        ...(patch.studentAccessEnabled === undefined
          ? {}
          : { studentAccessEnabled: patch.studentAccessEnabled }),
        ...(patch.guestModeEnabled === undefined
          ? {}
          : { guestModeEnabled: patch.guestModeEnabled }),
        ...(patch.showcaseEnabled === undefined ? {} : { showcaseEnabled: patch.showcaseEnabled }),
      },
      now,
    });
  });
  // Student access or guest mode changed: open streams are checked again (students signed out).
  await database.events.publish({ type: 'config.updated' }, { kind: 'everyone' });
  return readPublicConfig(database, googleEnabled);
}

/** The public config as every visitor sees it (spec: public_config/global), plus Google's switch. */
export async function readPublicConfig(
  database: AppDatabase,
  googleEnabled: boolean,
): Promise<PublicConfig> {
  const [row, academy] = await Promise.all([findPublicConfig(database.db), readIdentity(database)]);
  return {
    studentAccessEnabled: row?.student_access_enabled === 1,
    guestModeEnabled: row?.guest_mode_enabled === 1,
    showcaseEnabled: row?.showcase_enabled === 1,
    googleEnabled,
    academy,
  };
}

function toUploadTarget(row: SettingsRow | undefined): UploadTarget {
  return {
    service: row?.upload_service ?? 'builtin',
    cloudName: row?.cloudinary_cloud_name ?? null,
    uploadPreset: row?.cloudinary_upload_preset ?? null,
  };
}

export async function getUploadTarget(database: AppDatabase): Promise<UploadTarget> {
  return toUploadTarget(await findSettings(database.db));
}

/** An admin chooses where photos go (spec: settings/global); the change is logged. */
export async function changeUploadSettings(
  database: AppDatabase,
  admin: PersonRow,
  patch: UploadSettingsPatch,
): Promise<UploadTarget> {
  const now = Date.now();
  await inTransaction(database, async (trx) => {
    await updateSettings(
      trx,
      {
        upload_service: patch.service,
        ...(patch.cloudName === undefined ? {} : { cloudinary_cloud_name: patch.cloudName }),
        ...(patch.uploadPreset === undefined
          ? {}
          : { cloudinary_upload_preset: patch.uploadPreset }),
      },
      now,
    );
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'settings.updated',
      target: 'settings',
      details: patch,
      now,
    });
  });
  await database.events.publish({ type: 'config.updated' }, { kind: 'everyone' });
  return getUploadTarget(database);
}
