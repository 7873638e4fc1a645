import { shell } from '../locales/vi/shell.ts';
import { z } from '../zod.ts';
import { AcademyIdentity } from './identity.ts';
import { DateOfBirth, PersonName, PersonStatus, Role, VietnamesePhone } from './people.ts';

export const EmailAddress = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: shell.validation.emailInvalid }))
  .transform((email) => email.toLowerCase());

export const SendSignInLink = z.strictObject({ email: EmailAddress });
export type SendSignInLink = z.infer<typeof SendSignInLink>;

export const RedeemSignInLink = z.strictObject({
  token: z.string().min(10).max(200),
  email: EmailAddress,
});
export type RedeemSignInLink = z.infer<typeof RedeemSignInLink>;

export const RequestPasswordReset = z.strictObject({ email: EmailAddress });

/** The new address a signed-in person asks to move their account to (a link is mailed there). */
export const ChangeEmail = z.strictObject({ email: EmailAddress });

export const Ok = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof Ok>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));

export const ProposedCourse = z.strictObject({
  name: z.string().trim().min(2, { message: shell.validation.proposedCourseNameRequired }).max(120),
  description: z.string().trim().max(2000).default(''),
});

export const Onboarding = z.discriminatedUnion('role', [
  z.strictObject({
    role: z.literal('student'),
    name: PersonName,
    phone: VietnamesePhone,
    address: optionalText(300),
    // A date input that was left empty sends ''.
    dob: z.preprocess((value) => (value === '' ? undefined : value), DateOfBirth.optional()),
  }),
  z.strictObject({
    role: z.literal('instructor'),
    name: PersonName,
    phone: VietnamesePhone,
    address: optionalText(300),
    bio: optionalText(1000),
    proposedCourse: ProposedCourse.optional(),
  }),
]);
export type Onboarding = z.output<typeof Onboarding>;
export type OnboardingForm = z.input<typeof Onboarding>;

export const MePerson = z.object({
  id: z.string(),
  name: z.string(),
  role: Role,
  status: PersonStatus,
  email: z.string().nullable(),
  /** The photo, or the generated avatar (initials on a colour) when there is none. */
  avatarUrl: z.string(),
});
export type MePerson = z.infer<typeof MePerson>;

/**
 * What the member may do across the app, decided by the server's policies: the navigation, the
 * screens' add buttons and the composer follow it; objects carry their own `can`.
 */
export const MeCan = z.object({
  manageUsers: z.boolean(),
  seeInstructors: z.boolean(),
  /** Post, evaluate, tick progress: what staff do in class. */
  teach: z.boolean(),
  /** The academy's students list (a student's "Học viên" is her own page). */
  seeStudents: z.boolean(),
  /** Add, edit, enrol and delete students. */
  manageStudents: z.boolean(),
  /** A new course of hers is active at once (admins) or a proposal (instructors). */
  createCourses: z.enum(['add', 'propose']).nullable(),
  approveCourses: z.boolean(),
});
export type MeCan = z.infer<typeof MeCan>;

/** What the signed-in browser is, and so where the guard sends it. */
export const Me = z.discriminatedUnion('state', [
  /** A visitor; while guest mode is on she reads what `can` says (guests are viewers too). */
  z.object({ state: z.literal('anonymous'), guestMode: z.boolean(), can: MeCan }),
  z.object({
    state: z.literal('new'),
    email: z.string().nullable(),
    /** A student profile staff made with this e-mail: onboarding offers it (an admin confirms). */
    studentProfile: z.object({ name: z.string() }).nullable(),
  }),
  z.object({ state: z.literal('refused'), code: z.string(), message: z.string() }),
  z.object({
    state: z.literal('member'),
    person: MePerson,
    can: MeCan,
  }),
]);
export type Me = z.infer<typeof Me>;

export const PublicConfig = z.object({
  studentAccessEnabled: z.boolean(),
  guestModeEnabled: z.boolean(),
  /** The public showcase of students' featured work is open (`/#/showcase`, share links). */
  showcaseEnabled: z.boolean(),
  googleEnabled: z.boolean(),
  /** How the academy names and shows itself (its own once an admin sets it). */
  academy: AcademyIdentity,
});
export type PublicConfig = z.infer<typeof PublicConfig>;
