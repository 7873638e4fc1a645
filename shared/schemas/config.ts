import { shell } from '../locales/vi/shell.ts';
import { z } from '../zod.ts';

/** An admin's change to the public config; only the fields sent change. */
const PublicConfigSwitches = z.strictObject({
  studentAccessEnabled: z.boolean().optional(),
  guestModeEnabled: z.boolean().optional(),
  showcaseEnabled: z.boolean().optional(),
});

/**
 * Switches to set. `previous` is what the admin's screen showed: when another admin changed a
 * switch meanwhile, nothing is written and the answer says so (409), rather than acting on a
 * stale screen.
 */
export const PublicConfigPatch = PublicConfigSwitches.extend({
  previous: PublicConfigSwitches.optional(),
}).refine(
  (patch) =>
    patch.studentAccessEnabled !== undefined ||
    patch.guestModeEnabled !== undefined ||
    patch.showcaseEnabled !== undefined,
  { message: shell.validation.nothingToChange },
);
export type PublicConfigPatch = z.infer<typeof PublicConfigPatch>;

/** Where photos go: the built-in service, or Cloudinary with a cloud name and unsigned preset. */
export const UploadTarget = z.object({
  service: z.enum(['builtin', 'cloudinary']),
  cloudName: z.string().nullable(),
  uploadPreset: z.string().nullable(),
});
export type UploadTarget = z.infer<typeof UploadTarget>;

const cloudinaryName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { message: shell.validation.cloudSettingChars });

export const UploadSettingsPatch = z.strictObject({
  service: z.enum(['builtin', 'cloudinary']),
  cloudName: cloudinaryName.nullable().optional(),
  uploadPreset: cloudinaryName.nullable().optional(),
});
export type UploadSettingsPatch = z.infer<typeof UploadSettingsPatch>;
