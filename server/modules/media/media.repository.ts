import { type Kysely, sql } from 'kysely';
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
  // The same bytes uploaded by another person are one file with two uploaders, each its owner.
  await db
    .insertInto('media_uploaders')
    .values({ media_id: media.id, person_id: media.ownerId, created_at: media.now })
    .onConflict((oc) => oc.columns(['media_id', 'person_id']).doNothing())
    .execute();
}

export async function findMedia(db: Kysely<Database>, id: string) {
  return db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether this person uploaded the photo's bytes (first or later). */
export async function isMediaUploader(
  db: Kysely<Database>,
  mediaId: string,
  personId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('media_uploaders')
    .select('media_id')
    .where('media_id', '=', mediaId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Media uploaded before `before` that nothing points at: no person's photo, no course cover,
 * no post photo. Recent uploads are spared: a form may be about to use them. `among` limits
 * the look to these ids.
 */
export async function listUnreferencedMedia(
  db: Kysely<Database>,
  before: number,
  among?: string[],
): Promise<string[]> {
  if (among?.length === 0) return [];
  const rows = await db
    .selectFrom('media')
    .select('media.id')
    .where('media.created_at', '<', before)
    .$if(among !== undefined, (query) => query.where('media.id', 'in', among ?? []))
    .where(({ not, exists, selectFrom, ref }) => {
      // String literals, not parameters: PostgreSQL cannot type a parameter inside ||.
      const address = sql<string>`'/media/' || ${ref('media.id')} || '.webp'`;
      return not(
        exists(
          selectFrom('people')
            .select('people.id')
            .whereRef('people.avatar_url', '=', address)
            .unionAll(
              selectFrom('courses')
                .select('courses.id')
                .whereRef('courses.image_url', '=', address),
            )
            .unionAll(
              selectFrom('post_media')
                .select('post_media.id')
                .where((eb) =>
                  eb.or([
                    eb('post_media.media_id', '=', ref('media.id')),
                    eb('post_media.url', '=', address),
                  ]),
                ),
            ),
        ),
      );
    })
    .execute();
  return rows.map((row) => row.id);
}

export async function deleteMedia(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('media').where('id', 'in', ids).execute();
}

/** The photos the demo academy's posts show: what a wipe may leave unused. */
export async function listDemoPostMedia(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('post_media')
    .innerJoin('posts', 'posts.id', 'post_media.post_id')
    .select('post_media.media_id')
    .where('posts.is_demo', '=', 1)
    .where('post_media.media_id', 'is not', null)
    .distinct()
    .execute();
  return rows.flatMap((row) => (row.media_id ? [row.media_id] : []));
}
