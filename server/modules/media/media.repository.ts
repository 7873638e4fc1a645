import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function insertMedia(
  db: Kysely<Database>,
  media: {
    id: string;
    ownerId: string;
    use: string;
    width: number;
    height: number;
    bytes: number;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('media')
    .values({
      id: media.id,
      owner_id: media.ownerId,
      use: media.use,
      content_type: 'image/webp',
      width: media.width,
      height: media.height,
      bytes: media.bytes,
      created_at: media.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function findMedia(db: Kysely<Database>, id: string) {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}
