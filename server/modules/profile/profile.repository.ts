import type { Db } from '../../db/schema.ts';
import { nameSearchColumns } from '../../db/search-columns.ts';

/** A person's own details; role, status and e-mail are not theirs to change. */
export async function updateOwnDetails(
  db: Db,
  id: string,
  details: {
    name?: string;
    phone?: string | null;
    address?: string | null;
    dob?: string | null;
    bio?: string | null;
    now: number;
  },
): Promise<void> {
  // Only the fields given change: Kysely leaves out a column set to undefined.
  await db
    .updateTable('people')
    .set({
      name: details.name,
      ...(details.name === undefined ? {} : nameSearchColumns(details.name)),
      phone: details.phone,
      address: details.address,
      dob: details.dob,
      bio: details.bio,
      updated_at: details.now,
    })
    .where('id', '=', id)
    .execute();
}

export async function updatePrivacyFlags(
  db: Db,
  id: string,
  flags: { hideMyPosts: boolean; hideMentionedPosts: boolean; now: number },
): Promise<void> {
  await db
    .updateTable('people')
    .set({
      hide_my_posts: flags.hideMyPosts ? 1 : 0,
      hide_mentioned_posts: flags.hideMentionedPosts ? 1 : 0,
      updated_at: flags.now,
    })
    .where('id', '=', id)
    .execute();
}
