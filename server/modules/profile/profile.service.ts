import type { PrivacySettings, Profile, ProfileChanges } from '#shared/schemas/profile';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { profileCan } from '../../policies/profile.ts';
import { findPersonById } from '../accounts/accounts.repository.ts';
import { announcePersonChange } from '../events/announce.ts';
import { avatarUrl } from '../media/avatar.ts';
import { updateOwnDetails, updatePrivacyFlags } from './profile.repository.ts';

export async function getProfile(database: AppDatabase, person: PersonRow): Promise<Profile> {
  const row = await findPersonById(database.db, person.id);
  if (!row) throw new AppError('unauthenticated', 401);
  return {
    id: row.id,
    role: row.role,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    dob: row.dob,
    bio: row.bio,
    avatarUrl: row.avatar_url ?? avatarUrl(row.name),
    privacy: {
      hideMyPosts: row.hide_my_posts === 1,
      hideMentionedPosts: row.hide_mentioned_posts === 1,
    },
    showcaseConsent: row.showcase_consent === 1,
    can: profileCan(row),
  };
}

/**
 * A person changes her own details: only what the change names (spec: undefined fields are
 * dropped). Students have no bio (spec 3).
 */
export async function updateProfile(
  database: AppDatabase,
  person: PersonRow,
  changes: ProfileChanges,
): Promise<Profile> {
  const { bio, ...details } = changes;
  await updateOwnDetails(database.db, person.id, {
    ...details,
    ...(!profileCan(person).editBio || bio === undefined ? {} : { bio }),
    now: Date.now(),
  });
  await announcePersonChange(database, person.id);
  return getProfile(database, person);
}

/** Instructors' privacy settings (spec 3); the post queries apply them (post-visibility.ts). */
export async function updatePrivacy(
  database: AppDatabase,
  person: PersonRow,
  settings: PrivacySettings,
): Promise<Profile> {
  if (!profileCan(person).changePrivacy) throw new AppError('forbidden', 403);
  await updatePrivacyFlags(database.db, person.id, { ...settings, now: Date.now() });
  await announcePersonChange(database, person.id);
  return getProfile(database, person);
}
