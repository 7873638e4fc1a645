import { shell } from '../locales/vi/shell.ts';
import { uuid, z } from '../zod.ts';
import { EmailAddress } from './accounts.ts';
import { PersonSummary } from './courses.ts';
import { DiskState } from './health.ts';
import { PersonName, PersonStatus, Role } from './people.ts';
import { FeedbackItem } from './profile.ts';

/* What admins read and change in user management, admin tools and the dashboard. */

export const PersonIdParams = z.strictObject({
  personId: uuid({ message: shell.validation.personIdInvalid }),
});

/** Which people user management lists: the approvals waiting, the blocked, or everyone. */
export const PEOPLE_VIEWS = ['pending', 'blocked', 'all'] as const;
export const ADMIN_PEOPLE_LIMIT = 100;

export const AdminPeopleQuery = z.strictObject({
  view: z.enum(PEOPLE_VIEWS).default('pending'),
  q: z.string().trim().max(100, { message: shell.validation.searchTooLong }).optional(),
});
export type AdminPeopleQuery = z.input<typeof AdminPeopleQuery>;

/** What the admin may do with a person in user management, decided by the admin-tools policy. */
export const PersonCan = z.object({
  approve: z.boolean(),
  reject: z.boolean(),
  /** Merge a pending student's sign-up into a profile staff keep. */
  merge: z.boolean(),
  block: z.boolean(),
  changeReason: z.boolean(),
  unblock: z.boolean(),
  makeAdmin: z.boolean(),
  makeInstructor: z.boolean(),
  delete: z.boolean(),
  /** Blocking her is "Bảo lưu" (a student's pause, spec 4) rather than "Chặn". */
  blockIsPause: z.boolean(),
});
export type PersonCan = z.infer<typeof PersonCan>;

export const AdminPerson = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: Role,
  status: PersonStatus,
  registrationDate: z.number(),
  proposedCourse: z.object({ name: z.string(), description: z.string() }).nullable(),
  ban: z
    .object({ reason: z.string(), by: PersonSummary.nullable(), at: z.number().nullable() })
    .nullable(),
  /** Whether a sign-in leads to this profile (a merge needs one on the pending side). */
  canSignIn: z.boolean(),
  /**
   * For a student waiting for approval: the profile staff already keep with the same e-mail,
   * offered to the admin as the one to merge into (the admin still confirms).
   */
  matchingProfile: PersonSummary.nullable(),
  can: PersonCan,
});
export type AdminPerson = z.infer<typeof AdminPerson>;

export const AdminPeople = z.object({
  people: z.array(AdminPerson),
  /** How many are waiting for approval, for the tab's badge whatever the view. */
  pendingCount: z.number().int(),
  /** True when more people matched than the list holds: the admin narrows the search. */
  more: z.boolean(),
});
export type AdminPeople = z.infer<typeof AdminPeople>;

export const StaffRole = z.enum(['admin', 'instructor']);
export const RoleInput = z.strictObject({ role: StaffRole });
export type RoleInput = z.infer<typeof RoleInput>;

export const MergeInput = z.strictObject({
  targetId: uuid({ message: shell.validation.studentIdInvalid }),
});
export type MergeInput = z.infer<typeof MergeInput>;

/** Admins' view of feedback: who sent it, and who last changed its status. */
export const AdminFeedbackItem = FeedbackItem.extend({
  author: PersonSummary.nullable(),
  lastUpdatedBy: PersonSummary.nullable(),
});
export const AdminFeedbackList = z.object({ feedback: z.array(AdminFeedbackItem) });
export type AdminFeedbackList = z.infer<typeof AdminFeedbackList>;

export const FeedbackIdParams = z.strictObject({
  feedbackId: uuid({ message: shell.validation.feedbackIdInvalid }),
});
export const FeedbackStatusInput = z.strictObject({ status: z.enum(['viewed', 'resolved']) });
export type FeedbackStatusInput = z.infer<typeof FeedbackStatusInput>;

/** The spec's latest 100 of each log. */
export const LOG_LIMIT = 100;

export const ActivityLogEntry = z.object({
  id: z.number().int(),
  actor: PersonSummary.nullable(),
  action: z.string(),
  target: z.string().nullable(),
  /** The target's name when it is a person or a course that still exists. */
  targetName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.number(),
});
export type ActivityLogEntry = z.infer<typeof ActivityLogEntry>;
export const ActivityLog = z.object({ entries: z.array(ActivityLogEntry) });
export type ActivityLog = z.infer<typeof ActivityLog>;

export const ErrorLogEntry = z.object({
  id: z.number().int(),
  context: z.string(),
  message: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  extra: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.number(),
});
export type ErrorLogEntry = z.infer<typeof ErrorLogEntry>;
export const ErrorLog = z.object({ entries: z.array(ErrorLogEntry) });
export type ErrorLog = z.infer<typeof ErrorLog>;

/** What an academy owner checks weekly (spec 2, dashboard). Weeks start Monday, Vietnam time. */
export const Dashboard = z.object({
  studentsByStatus: z.object({
    pending: z.number().int(),
    active: z.number().int(),
    blocked: z.number().int(),
    completed: z.number().int(),
  }),
  instructorCount: z.number().int(),
  activeCourses: z.number().int(),
  pendingApprovals: z.number().int(),
  weeks: z.array(
    z.object({
      weekStart: z.number(),
      newStudents: z.number().int(),
      evaluations: z.number().int(),
      averageRating: z.number().nullable(),
      lessonsCompleted: z.number().int(),
    }),
  ),
  courseRatings: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      evaluations: z.number().int(),
      averageRating: z.number().nullable(),
    }),
  ),
  /** The most active instructors of the last 30 days, by evaluations and posts written. */
  topInstructors: z.array(
    z.object({
      person: PersonSummary,
      evaluations: z.number().int(),
      posts: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof Dashboard>;

/** How many rows of demo data there are (all zero when there is none). */
export const DemoSummary = z.object({
  people: z.number().int(),
  courses: z.number().int(),
  posts: z.number().int(),
});
export type DemoSummary = z.infer<typeof DemoSummary>;

export const CleanupResult = z.object({
  /** Sign-in mappings whose sign-in identity no longer exists. */
  mappingsRemoved: z.number().int(),
  /** Stored photos nothing uses any more (older than a day). */
  mediaRemoved: z.number().int(),
});
export type CleanupResult = z.infer<typeof CleanupResult>;

/** The backups into the server's backup folder (nightly, or `hoc-vien backup`). */
export const BackupStatus = z.object({
  /** The time of day of the nightly backup ("03:00"); null when off or on PostgreSQL. */
  nightlyAt: z.string().nullable(),
  keep: z.number().int(),
  last: z.object({ at: z.number(), bytes: z.number().int() }).nullable(),
  /** The last attempt, when it failed after the last success. */
  lastFailure: z.object({ at: z.number(), reason: z.string() }).nullable(),
  /** The last backup failed, or is older than two days, while nightly backups are on. */
  warning: z.boolean(),
  /** The data folder's disk (backups and photos live there): its state and free bytes. */
  disk: z.object({
    state: DiskState,
    freeBytes: z.number().nullable(),
  }),
});
export type BackupStatus = z.infer<typeof BackupStatus>;

/** An admin invites an instructor by e-mail: her first sign-in with it lands on this profile. */
export const InstructorInvite = z.strictObject({
  name: PersonName,
  email: EmailAddress,
});
export type InstructorInvite = z.input<typeof InstructorInvite>;

export const InstructorInvited = z.object({
  person: AdminPerson,
  /** Whether the invitation e-mail went out; the profile is there either way. */
  mailed: z.boolean(),
});
export type InstructorInvited = z.infer<typeof InstructorInvited>;
