import { randomBytes } from 'node:crypto';
import type {
  FeaturedWork,
  FeatureWorkInput,
  Showcase,
  ShowcaseConsents,
} from '#shared/schemas/showcase';
import { SHARE_TOKEN } from '#shared/schemas/showcase';
import { splitVietnameseName } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { mayChangeShowcaseConsent, mayFeatureWork } from '../../policies/showcase.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { findPublicConfig } from '../config/config.repository.ts';
import { announcePersonChange } from '../events/announce.ts';
import { avatarUrl } from '../media/avatar.ts';
import { previewJpegOf } from '../media/image-processing.ts';
import { asStoreError } from '../media/media.storage.ts';
import type { MediaStore } from '../media/media.store.ts';
import {
  deleteFeatured,
  findFeatureTarget,
  findShownWork,
  insertFeatured,
  listConsentingStudents,
  listShownWorks,
  writeShowcaseConsent,
} from './showcase.repository.ts';

/** 128 random bits, URL-safe: a share link cannot be guessed from another. */
const newShareToken = () => randomBytes(16).toString('base64url');

/**
 * A student decides whether her work may be shown publicly (off until she says so). Only a
 * student has work to show; withdrawing takes her photos off the showcase and ends their links
 * at once.
 */
export async function changeShowcaseConsent(
  database: AppDatabase,
  person: PersonRow,
  consent: boolean,
): Promise<void> {
  if (!mayChangeShowcaseConsent(person)) throw new AppError('forbidden', 403);
  const now = Date.now();
  await inTransaction(database, async (trx) => {
    await writeShowcaseConsent(trx, person.id, consent, now);
    await insertActivityLog(trx, {
      actorId: person.id,
      action: consent ? 'showcase.consented' : 'showcase.withdrawn',
      target: 'showcase',
      details: {},
      now,
    });
  });
  await announcePersonChange(database, person.id);
}

/**
 * Staff choose a photo of an evaluation they can see as "Tác phẩm tiêu biểu", or take it back.
 * Featuring needs the student's consent; taking back never does.
 */
export async function featureWork(
  database: AppDatabase,
  staff: PersonRow,
  postId: string,
  { photoUrl, featured }: FeatureWorkInput,
): Promise<FeaturedWork> {
  if (!mayFeatureWork(staff)) throw new AppError('forbidden', 403);
  const target = await findFeatureTarget(database.db, postId, photoUrl, staff.id);
  if (!target?.student_id) throw new AppError('post_not_found', 404);
  if (!featured) {
    await deleteFeatured(database.db, postId, photoUrl);
    await announcePersonChange(database, target.student_id);
    return { featured: false, shareToken: null };
  }
  if (target.showcase_consent !== 1) throw new AppError('showcase_no_consent', 409);
  const token = await insertFeatured(database.db, {
    postId,
    photoUrl,
    token: newShareToken(),
    featuredBy: staff.id,
    now: Date.now(),
  });
  await announcePersonChange(database, target.student_id);
  return { featured: true, shareToken: token };
}

const givenNameOf = (name: string) => splitVietnameseName(name).givenName;

/** The public showcase, while an admin has it switched on: featured, consented work only. */
export async function readShowcase(database: AppDatabase): Promise<Showcase> {
  const config = await findPublicConfig(database.db);
  if (config?.showcase_enabled !== 1) throw new AppError('showcase_off', 404);
  const rows = await listShownWorks(database.db);
  return {
    works: rows.map((row) => ({
      token: row.token,
      photo: { url: row.url, width: row.width, height: row.height },
      givenName: givenNameOf(row.student_name),
      course: row.course_name,
      featuredAt: Number(row.featured_at),
    })),
  };
}

/** The work behind a share link, while it may be shown; undefined otherwise (the link is gone). */
export async function sharedWork(database: AppDatabase, token: string) {
  if (!SHARE_TOKEN.test(token)) return undefined;
  const row = await findShownWork(database.db, token);
  if (!row) return undefined;
  return {
    token: row.token,
    photo: { url: row.url, width: row.width, height: row.height },
    givenName: givenNameOf(row.student_name),
    course: row.course_name,
  };
}
export type SharedWork = NonNullable<Awaited<ReturnType<typeof sharedWork>>>;

/**
 * The preview photo of a shared work as JPEG: from the photo store for a photo uploaded here;
 * undefined when the link is gone or the photo is not stored here (Cloudinary's address is used
 * as it is).
 */
export async function sharedWorkPreview(
  database: AppDatabase,
  store: MediaStore,
  token: string,
): Promise<Buffer | undefined> {
  const work = await sharedWork(database, token);
  const name = work ? localPhotoName(work.photo.url) : undefined;
  if (!name) return undefined;
  let photo: Buffer | undefined;
  try {
    photo = await store.read(name);
  } catch (error) {
    asStoreError(error);
  }
  return photo ? previewJpegOf(photo) : undefined;
}

/** The stored file of a photo uploaded here (`/media/<name>`), or undefined for another address. */
export function localPhotoName(url: string): string | undefined {
  return /^\/media\/([a-f0-9]{64}\.webp)$/.exec(url)?.[1];
}

/** For admins: the students who agreed to show their work. */
export async function showcaseConsents(database: AppDatabase): Promise<ShowcaseConsents> {
  const rows = await listConsentingStudents(database.db);
  return {
    students: rows.map((row) => ({
      id: row.id,
      name: row.name,
      avatarUrl: row.avatar_url ?? avatarUrl(row.name),
      consentedAt: Number(row.showcase_consent_at ?? 0),
      featured: Number(row.featured ?? 0),
    })),
  };
}
