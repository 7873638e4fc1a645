import { z } from '../zod.ts';

export const MediaUse = z.enum(['avatar', 'course-cover', 'post']);
export type MediaUse = z.infer<typeof MediaUse>;

export const UploadQuery = z.strictObject({ use: MediaUse.default('post') });

/** The answer to an upload: the same field names as Cloudinary's, so one client handles both. */
export const UploadResult = z.object({
  public_id: z.string(),
  secure_url: z.string(),
  thumbnail_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  format: z.literal('webp'),
});
export type UploadResult = z.infer<typeof UploadResult>;

/**
 * Stored media names: a SHA-256 of the stored image, and "-md" or "-sm" for its medium and small
 * variants.
 */
export const MEDIA_NAME = /^[a-f0-9]{64}(-md|-sm)?\.webp$/;

/**
 * Sets the signed-in person's photo: an image uploaded to the built-in service (its id), or to
 * the academy's Cloudinary (its secure_url); `mediaId: null` removes the photo.
 */
export const SetAvatar = z.union([
  z.strictObject({
    mediaId: z
      .string()
      .regex(/^[a-f0-9]{64}$/)
      .nullable(),
  }),
  z.strictObject({ url: z.url().max(500) }),
]);
export type SetAvatar = z.infer<typeof SetAvatar>;
