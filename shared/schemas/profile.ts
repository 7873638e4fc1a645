import { shell } from '../locales/vi/shell.ts';
import { z } from '../zod.ts';
import { DateOfBirth, PersonName, Role, VietnamesePhone } from './people.ts';

/** An optional text: blank means none. */
const blankIsNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) =>
      value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value,
    schema.nullable(),
  );

/** What a person may change about themself; role, status and e-mail are not among it. */
export const ProfileInput = z.strictObject({
  name: PersonName,
  phone: blankIsNull(VietnamesePhone),
  address: blankIsNull(z.string().trim().max(200, { message: shell.validation.addressTooLong })),
  dob: blankIsNull(DateOfBirth),
  bio: blankIsNull(z.string().trim().max(1000, { message: shell.validation.bioTooLong })),
});
export type ProfileInput = z.input<typeof ProfileInput>;
export type ProfileData = z.output<typeof ProfileInput>;

/** A change to my details: only the fields it names change; a field sent blank clears it. */
export const ProfileUpdate = z.strictObject({
  name: PersonName.optional(),
  phone: blankIsNull(VietnamesePhone).optional(),
  address: blankIsNull(
    z.string().trim().max(200, { message: shell.validation.addressTooLong }),
  ).optional(),
  dob: blankIsNull(DateOfBirth).optional(),
  bio: blankIsNull(
    z.string().trim().max(1000, { message: shell.validation.bioTooLong }),
  ).optional(),
});
export type ProfileUpdate = z.input<typeof ProfileUpdate>;
export type ProfileChanges = z.output<typeof ProfileUpdate>;

export const PrivacySettings = z.strictObject({
  hideMyPosts: z.boolean(),
  hideMentionedPosts: z.boolean(),
});
export type PrivacySettings = z.infer<typeof PrivacySettings>;

/** What a person may do with her own profile, decided by the server's profile policy. */
export const ProfileCan = z.object({
  editBio: z.boolean(),
  changePrivacy: z.boolean(),
  changeShowcaseConsent: z.boolean(),
});
export type ProfileCan = z.infer<typeof ProfileCan>;

export const Profile = z.object({
  id: z.string(),
  role: Role,
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  dob: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string(),
  privacy: PrivacySettings,
  /** A student's consent to show her work publicly (always false for staff). */
  showcaseConsent: z.boolean(),
  can: ProfileCan,
});
export type Profile = z.infer<typeof Profile>;

export const FeedbackInput = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, { message: shell.validation.feedbackRequired })
    .max(2000, { message: shell.validation.feedbackTooLong }),
});

export const FeedbackItem = z.object({
  id: z.string(),
  text: z.string(),
  status: z.enum(['new', 'viewed', 'resolved']),
  createdAt: z.number(),
  statusUpdatedAt: z.number().nullable(),
});
export const FeedbackList = z.object({ feedback: z.array(FeedbackItem) });
export type FeedbackList = z.infer<typeof FeedbackList>;
