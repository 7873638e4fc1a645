import { shell } from '../locales/vi/shell.ts';
import { uuid, z } from '../zod.ts';
import { EmailAddress } from './accounts.ts';
import { DateOfBirth, PersonName, PersonStatus, VietnamesePhone } from './people.ts';
import { PostMedia } from './posts.ts';

/** An optional text field: an empty or blank value means "none". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) =>
      value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value,
    schema.nullable(),
  );

/** A student as the student form sends it; staff-added students are active (spec 4). */
export const StudentInput = z.strictObject({
  name: PersonName,
  phone: optional(VietnamesePhone),
  email: optional(EmailAddress),
  address: optional(z.string().trim().max(200, { message: shell.validation.addressTooLong })),
  dob: optional(DateOfBirth),
  avatarUrl: optional(z.string().max(500)),
  courseIds: z
    .array(uuid({ message: shell.validation.courseIdInvalid }))
    .max(50)
    .default([]),
});
export type StudentInput = z.input<typeof StudentInput>;
export type StudentData = z.output<typeof StudentInput>;

/**
 * A change to a student: only the fields it names change (spec: "when a record is updated,
 * undefined fields are dropped"). A field sent blank clears it; `courseIds`, when sent, is her
 * whole set of courses.
 */
export const StudentUpdate = z.strictObject({
  name: PersonName.optional(),
  phone: optional(VietnamesePhone).optional(),
  email: optional(EmailAddress).optional(),
  address: optional(
    z.string().trim().max(200, { message: shell.validation.addressTooLong }),
  ).optional(),
  dob: optional(DateOfBirth).optional(),
  avatarUrl: optional(z.string().max(500)).optional(),
  courseIds: z
    .array(uuid({ message: shell.validation.courseIdInvalid }))
    .max(50)
    .optional(),
});
export type StudentUpdate = z.input<typeof StudentUpdate>;
export type StudentChanges = z.output<typeof StudentUpdate>;

export const StudentIdParams = z.strictObject({
  studentId: uuid({ message: shell.validation.studentIdInvalid }),
});

export const STUDENT_SORTS = ['name', 'enrolledAt', 'status'] as const;
export const STUDENT_PAGE_SIZE = 30;

export const StudentsQuery = z.strictObject({
  q: z.string().trim().max(100, { message: shell.validation.searchTooLong }).optional(),
  /** Course ids, comma-separated: students enrolled in any of them. */
  courseIds: z
    .string()
    .max(50 * 37)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(uuid({ message: shell.validation.courseIdInvalid })))
    .optional(),
  sort: z.enum(STUDENT_SORTS).default('name'),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
});

const CourseRef = z.object({ id: z.string(), name: z.string() });

export const StudentSummary = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
  /** Null for guests: contact data is for staff. */
  phone: z.string().nullable(),
  status: PersonStatus,
  registrationDate: z.number(),
  courses: z.array(CourseRef),
  /** Lessons completed over lessons of the enrolled courses. */
  progress: z.object({ completed: z.number().int(), total: z.number().int() }),
});
export type StudentSummary = z.infer<typeof StudentSummary>;

export const StudentList = z.object({
  students: z.array(StudentSummary),
  total: z.number().int(),
  nextPage: z.number().int().nullable(),
});
export type StudentList = z.infer<typeof StudentList>;

export const LessonProgress = z.object({
  lessonId: z.string(),
  title: z.string(),
  completed: z.boolean(),
  summary: z.string().nullable(),
  lastUpdatedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  lastUpdatedAt: z.number().nullable(),
});
export type LessonProgress = z.infer<typeof LessonProgress>;

/** What the viewer may do on a student's page, decided by the server's student policy. */
export const StudentCan = z.object({
  /** Her progress as a CSV file. */
  exportProgress: z.boolean(),
  /** Her certificates, with their PDF. */
  seeCertificates: z.boolean(),
  edit: z.boolean(),
  editProgress: z.boolean(),
  downloadPortfolio: z.boolean(),
  featureWork: z.boolean(),
  revokeCertificates: z.boolean(),
  /** The list of the academy's students (a student's own page has none above it). */
  seeOtherStudents: z.boolean(),
});
export type StudentCan = z.infer<typeof StudentCan>;

export const StudentDetail = StudentSummary.omit({ courses: true, progress: true }).extend({
  email: z.string().nullable(),
  address: z.string().nullable(),
  dob: z.string().nullable(),
  ban: z
    .object({
      reason: z.string(),
      by: z.object({ id: z.string(), name: z.string() }).nullable(),
      at: z.number(),
    })
    .nullable(),
  courses: z.array(
    CourseRef.extend({
      lessons: z.array(LessonProgress),
      /** When an instructor marked the course finished for her; null while she is on it. */
      finishedAt: z.number().nullable(),
    }),
  ),
  can: StudentCan,
});
export type StudentDetail = z.infer<typeof StudentDetail>;

export const BlockInput = z.strictObject({
  reason: z
    .string()
    .trim()
    .min(1, { message: shell.validation.banReasonRequired })
    .max(300, { message: shell.validation.banReasonTooLong }),
});

export const StudentCourseParams = StudentIdParams.extend({
  courseId: uuid({ message: shell.validation.courseIdInvalid }),
});

/** An instructor marks a student's course finished (after its last lesson), or not. */
export const CourseFinishedInput = z.strictObject({ finished: z.boolean() });

export const ProgressParams = StudentIdParams.extend({
  lessonId: uuid({ message: shell.validation.lessonIdInvalid }),
});

const Summary = z.string().trim().max(2000, { message: shell.validation.summaryTooLong });

/**
 * A change to one lesson's progress: the completed tick, or the summary (empty deletes it)
 * with the summary the editor started from, so another instructor's newer text is never
 * silently overwritten.
 */
export const ProgressInput = z.union([
  z.strictObject({ completed: z.boolean() }),
  z.strictObject({ summary: Summary, previousSummary: z.string().max(4000).nullable() }),
]);
export type ProgressInput = z.infer<typeof ProgressInput>;

/**
 * What the post form needs to choose a student, a course and a lesson, kept on the device for
 * class without a signal: every student with her courses (the one she was last active in first,
 * each with the lesson she is on), who the asking instructor is likely teaching now, and the
 * active courses with their lessons.
 */
export const ClassRoster = z.object({
  students: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      avatarUrl: z.string(),
      status: PersonStatus,
      courses: z.array(z.object({ id: z.string(), lessonId: z.string().nullable() })),
    }),
  ),
  /** Students the asking instructor is likely evaluating now, most likely first. */
  suggestedIds: z.array(z.string()),
  courses: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      lessons: z.array(z.object({ id: z.string(), title: z.string() })),
    }),
  ),
});
export type ClassRoster = z.infer<typeof ClassRoster>;

/**
 * One photo of a student's evaluated work (her portfolio): the photo, the evaluation it came
 * from, its rating, and the course and lesson it was for.
 */
export const PortfolioWork = z.object({
  postId: z.string(),
  photo: PostMedia,
  createdAt: z.number(),
  rating: z.number().int().nullable(),
  course: z.object({ id: z.string(), name: z.string() }).nullable(),
  lesson: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** Chosen as "Tác phẩm tiêu biểu" (shown on the showcase while she consents). */
  featured: z.boolean(),
  /** Its share link's token, for staff and herself, while it is featured and she consents. */
  shareToken: z.string().nullable(),
});
export type PortfolioWork = z.infer<typeof PortfolioWork>;

/**
 * Every photo of her evaluations the viewer may see, newest first (at most `PORTFOLIO_LIMIT`),
 * and whether she agreed to show her work publicly.
 */
export const StudentPortfolio = z.object({
  works: z.array(PortfolioWork),
  showcaseConsent: z.boolean(),
});
export type StudentPortfolio = z.infer<typeof StudentPortfolio>;

/** The most photos a portfolio answers: years of weekly evaluations with several photos each. */
export const PORTFOLIO_LIMIT = 600;
