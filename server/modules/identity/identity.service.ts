import type { Transaction } from 'kysely';
import { type AcademyIdentity, PRODUCT_IDENTITY } from '#shared/schemas/identity';
import type { AppDatabase } from '../../db/database.ts';
import type { Database, PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import {
  deleteLogosExcept,
  findIdentity,
  findLogoVariant,
  insertLogoVariants,
  saveIdentity,
} from './identity.repository.ts';
import { makeLogoImages } from './logo-images.ts';

/** The academy's name, short name, colour and logo: its own once set, the product's until then. */
export async function readIdentity(database: AppDatabase): Promise<AcademyIdentity> {
  const row = await findIdentity(database.db);
  if (!row) return { ...PRODUCT_IDENTITY, logoVersion: null };
  return {
    name: row.name,
    shortName: row.short_name,
    themeColor: row.theme_color,
    logoVersion: row.logo_version,
  };
}

/** True when the academy shows its own name or mark rather than the product's. */
export const isOwnIdentity = (identity: AcademyIdentity) =>
  identity.logoVersion !== null ||
  identity.name !== PRODUCT_IDENTITY.name ||
  identity.shortName !== PRODUCT_IDENTITY.shortName ||
  identity.themeColor !== PRODUCT_IDENTITY.themeColor;

/**
 * An admin names the academy and chooses its colour (checked by the shared schema: AA contrast);
 * the logo stays. Logged; every open app is told, so headers and titles follow.
 */
export async function changeIdentity(
  database: AppDatabase,
  admin: PersonRow,
  patch: { name: string; shortName: string; themeColor: string },
): Promise<AcademyIdentity> {
  const now = Date.now();
  await inTransaction(database, async (trx) => {
    const current = await findIdentity(trx);
    await saveIdentity(trx, {
      name: patch.name,
      short_name: patch.shortName,
      theme_color: patch.themeColor,
      logo_version: current?.logo_version ?? null,
      updated_at: now,
    });
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'identity.updated',
      target: 'academy_identity',
      details: { name: patch.name, shortName: patch.shortName, themeColor: patch.themeColor },
      now,
    });
  });
  return announced(database);
}

/**
 * The academy's logo becomes `version` (null: the product's mark), its name and colour kept (the
 * product's when none were set), and every other logo's images go.
 */
async function switchLogo(trx: Transaction<Database>, version: string | null, now: number) {
  const current = await findIdentity(trx);
  await saveIdentity(trx, {
    name: current?.name ?? PRODUCT_IDENTITY.name,
    short_name: current?.short_name ?? PRODUCT_IDENTITY.shortName,
    theme_color: current?.theme_color ?? PRODUCT_IDENTITY.themeColor,
    logo_version: version,
    updated_at: now,
  });
  await deleteLogosExcept(trx, version);
}

/** Every open app is told the academy changed (headers and titles follow); its answer. */
async function announced(database: AppDatabase): Promise<AcademyIdentity> {
  await database.events.publish({ type: 'config.updated' }, { kind: 'everyone' });
  return readIdentity(database);
}

/**
 * An admin sets the academy's logo from one uploaded image (every variant made first: a refused
 * file changes nothing); the previous logo's images go.
 */
export async function setLogo(
  database: AppDatabase,
  admin: PersonRow,
  upload: Buffer,
): Promise<AcademyIdentity> {
  const images = await makeLogoImages(upload);
  const now = Date.now();
  await inTransaction(database, async (trx) => {
    await insertLogoVariants(trx, images.version, images.variants);
    await switchLogo(trx, images.version, now);
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'identity.logo_set',
      target: 'academy_identity',
      now,
    });
  });
  return announced(database);
}

/** An admin goes back to the product's mark. */
export async function removeLogo(
  database: AppDatabase,
  admin: PersonRow,
): Promise<AcademyIdentity> {
  const now = Date.now();
  await inTransaction(database, async (trx) => {
    if (!(await findIdentity(trx))?.logo_version) return;
    await switchLogo(trx, null, now);
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'identity.logo_removed',
      target: 'academy_identity',
      now,
    });
  });
  return announced(database);
}

/** One of the current logo's images, for its public address. */
export function logoImage(database: AppDatabase, version: string, variant: string) {
  return findLogoVariant(database.db, version, variant);
}
