import { randomUUID } from 'node:crypto';
import type { FeedbackList, PrivacySettings, Profile, ProfileData } from '#shared/schemas/profile';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { nameSearchColumns } from '../../db/search-columns.ts';
import { AppError } from '../../lib/app-error.ts';
import { announcePersonChange } from '../events/announce.ts';
import { avatarUrl } from '../media/avatar.ts';

export async function getProfile(database: AppDatabase, person: PersonRow): Promise<Profile> {
  const row = await database.db
    .selectFrom('people')
    .selectAll()
    .where('id', '=', person.id)
    .executeTakeFirstOrThrow();
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
  };
}

/** A person edits their own details; a student has no bio (spec 3), so none is kept. */
export async function updateProfile(
  database: AppDatabase,
  person: PersonRow,
  data: ProfileData,
): Promise<Profile> {
  await database.db
    .updateTable('people')
    .set({
      name: data.name,
      ...nameSearchColumns(data.name),
      phone: data.phone,
      address: data.address,
      dob: data.dob,
      bio: person.role === 'student' ? null : data.bio,
      updated_at: Date.now(),
    })
    .where('id', '=', person.id)
    .execute();
  await announcePersonChange(database, person.id);
  return getProfile(database, person);
}

/** Instructors' privacy settings (spec 3); the post queries apply them (post-visibility.ts). */
export async function updatePrivacy(
  database: AppDatabase,
  person: PersonRow,
  settings: PrivacySettings,
): Promise<Profile> {
  if (person.role === 'student') throw new AppError('forbidden', 403);
  await database.db
    .updateTable('people')
    .set({
      hide_my_posts: settings.hideMyPosts ? 1 : 0,
      hide_mentioned_posts: settings.hideMentionedPosts ? 1 : 0,
      updated_at: Date.now(),
    })
    .where('id', '=', person.id)
    .execute();
  await announcePersonChange(database, person.id);
  return getProfile(database, person);
}

export async function sendFeedback(database: AppDatabase, person: PersonRow, text: string) {
  await database.db
    .insertInto('feedback')
    .values({
      id: randomUUID(),
      author_id: person.id,
      text,
      status: 'new',
      last_updated_by: null,
      last_status_update_at: null,
      created_at: Date.now(),
    })
    .execute();
  await database.events.publish({ type: 'feedback.updated' }, { kind: 'admins' });
  return listMyFeedback(database, person);
}

/** My feedback, newest first, with where the admins are with it. */
export async function listMyFeedback(
  database: AppDatabase,
  person: PersonRow,
): Promise<FeedbackList> {
  const rows = await database.db
    .selectFrom('feedback')
    .select(['id', 'text', 'status', 'created_at', 'last_status_update_at'])
    .where('author_id', '=', person.id)
    .orderBy('created_at', 'desc')
    .limit(50)
    .execute();
  return {
    feedback: rows.map((row) => ({
      id: row.id,
      text: row.text,
      status: row.status,
      createdAt: Number(row.created_at),
      statusUpdatedAt:
        row.last_status_update_at === null ? null : Number(row.last_status_update_at),
    })),
  };
}
