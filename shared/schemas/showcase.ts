import { z } from '../zod.ts';
import { PostMedia } from './posts.ts';

/** A share link's token: random, URL-safe, the only thing a link to a featured work carries. */
export const SHARE_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/** A student agrees, or no longer agrees, that her work may be shown publicly. */
export const ShowcaseConsentInput = z.strictObject({ consent: z.boolean() });
export type ShowcaseConsentInput = z.infer<typeof ShowcaseConsentInput>;

/** An instructor chooses a photo of an evaluation as "Tác phẩm tiêu biểu", or takes it back. */
export const FeatureWorkInput = z.strictObject({
  photoUrl: z.string().min(1).max(2000),
  featured: z.boolean(),
});
export type FeatureWorkInput = z.infer<typeof FeatureWorkInput>;

/** A photo's standing after the change: its share link while it is featured and shown. */
export const FeaturedWork = z.object({
  featured: z.boolean(),
  shareToken: z.string().nullable(),
});
export type FeaturedWork = z.infer<typeof FeaturedWork>;

/**
 * One work of the public showcase: the photo, the student's given name and the course, nothing
 * else about her.
 */
export const ShowcaseWork = z.object({
  token: z.string(),
  photo: PostMedia,
  givenName: z.string(),
  course: z.string().nullable(),
  featuredAt: z.number(),
});
export type ShowcaseWork = z.infer<typeof ShowcaseWork>;

/** The showcase, newest featured first (at most `SHOWCASE_LIMIT`). */
export const Showcase = z.object({ works: z.array(ShowcaseWork) });
export type Showcase = z.infer<typeof Showcase>;

export const SHOWCASE_LIMIT = 120;

export const ShareTokenParams = z.strictObject({ token: z.string().max(64) });

/** For admins: who agreed to show her work, since when, and how many of her photos are featured. */
export const ShowcaseConsents = z.object({
  students: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      avatarUrl: z.string(),
      consentedAt: z.number(),
      featured: z.number().int(),
    }),
  ),
});
export type ShowcaseConsents = z.infer<typeof ShowcaseConsents>;
