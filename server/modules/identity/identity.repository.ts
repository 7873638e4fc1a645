import type { Kysely, Transaction } from 'kysely';
import { preparedQuery } from '../../db/prepared.ts';
import type { AcademyIdentityTable, Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

const GLOBAL = 'global';

// Read with every page, manifest and public config: built once (db/prepared.ts).
const identity = preparedQuery((db) =>
  db.selectFrom('academy_identity').selectAll().where('id', '=', GLOBAL),
);

/** The academy's own name, colour and logo, when an admin has set them. */
export async function findIdentity(db: Db): Promise<AcademyIdentityTable | undefined> {
  const [row] = await identity(db, {});
  return row;
}

/** Writes the academy's identity row, made the first time. */
export async function saveIdentity(db: Db, row: Omit<AcademyIdentityTable, 'id'>): Promise<void> {
  await db
    .insertInto('academy_identity')
    .values({ id: GLOBAL, ...row })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        name: row.name,
        short_name: row.short_name,
        theme_color: row.theme_color,
        logo_version: row.logo_version,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Stores a logo's variants under its version, once. */
export async function insertLogoVariants(
  db: Db,
  version: string,
  variants: { variant: string; png: Buffer }[],
): Promise<void> {
  await db
    .insertInto('academy_logo')
    .values(variants.map(({ variant, png }) => ({ version, variant, png })))
    .onConflict((oc) => oc.columns(['version', 'variant']).doNothing())
    .execute();
}

/** Removes every logo's variants but those of `keep` (none when null). */
export async function deleteLogosExcept(db: Db, keep: string | null): Promise<void> {
  let query = db.deleteFrom('academy_logo');
  if (keep !== null) query = query.where('version', '!=', keep);
  await query.execute();
}

const logoVariant = preparedQuery((db, values: { version: string; variant: string }) =>
  db
    .selectFrom('academy_logo')
    .select('png')
    .where('version', '=', values.version)
    .where('variant', '=', values.variant),
);

/** One variant of a stored logo, as PNG bytes. */
export async function findLogoVariant(
  db: Db,
  version: string,
  variant: string,
): Promise<Buffer | undefined> {
  const [row] = await logoVariant(db, { version, variant });
  return row?.png;
}
