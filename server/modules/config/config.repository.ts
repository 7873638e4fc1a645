import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, PublicConfigRow, SettingsRow } from '../../db/schema.ts';

/** The id of the one row of `public_config` and of `settings`. */
export const GLOBAL = 'global';

/**
 * Creates public_config/global and settings/global with the spec's defaults when missing
 * (student access off, guest mode off; the built-in upload service).
 */
export async function ensureConfigDefaults(db: Kysely<Database>, now: number): Promise<void> {
  await db
    .insertInto('public_config')
    .values({ id: GLOBAL, student_access_enabled: 0, guest_mode_enabled: 0, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('settings')
    .values({
      id: GLOBAL,
      upload_service: 'builtin',
      cloudinary_cloud_name: null,
      cloudinary_upload_preset: null,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

// Read on every request without a session: built once (db/prepared.ts).
const publicConfig = preparedQuery((db) =>
  db.selectFrom('public_config').selectAll().where('id', '=', GLOBAL),
);

export async function findPublicConfig(
  db: Kysely<Database> | Transaction<Database>,
): Promise<PublicConfigRow | undefined> {
  const [row] = await publicConfig(db, {});
  return row;
}

export async function findSettings(db: Kysely<Database>): Promise<SettingsRow | undefined> {
  return db.selectFrom('settings').selectAll().where('id', '=', GLOBAL).executeTakeFirst();
}

export async function updatePublicConfig(
  db: Kysely<Database> | Transaction<Database>,
  patch: { student_access_enabled?: 0 | 1; guest_mode_enabled?: 0 | 1; showcase_enabled?: 0 | 1 },
  now: number,
): Promise<void> {
  await db
    .updateTable('public_config')
    .set({ ...patch, updated_at: now })
    .where('id', '=', GLOBAL)
    .execute();
}

export async function updateSettings(
  db: Kysely<Database> | Transaction<Database>,
  patch: Partial<
    Pick<SettingsRow, 'upload_service' | 'cloudinary_cloud_name' | 'cloudinary_upload_preset'>
  >,
  now: number,
): Promise<void> {
  await db
    .updateTable('settings')
    .set({ ...patch, updated_at: now })
    .where('id', '=', GLOBAL)
    .execute();
}
