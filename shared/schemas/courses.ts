import { shell } from '../locales/vi/shell.ts';
import { uuid, z } from '../zod.ts';
import { PersonStatus } from './people.ts';

export const CourseName = z
  .string()
  .trim()
  .min(2, { message: shell.validation.courseNameTooShort })
  .max(120, { message: shell.validation.courseNameTooLong });

export const LessonInput = z.strictObject({
  /** An existing lesson keeps its id (and its students' progress); a new one has none. */
  id: uuid().optional(),
  title: z
    .string()
    .trim()
    .min(1, { message: shell.validation.lessonTitleRequired })
    .max(200, { message: shell.validation.lessonTitleTooLong }),
});

/** A course as its form sends it: details, the lessons in order, the default instructors. */
export const CourseInput = z.strictObject({
  name: CourseName,
  description: z.string().trim().max(2000).default(''),
  imageUrl: z.string().max(500).nullable().default(null),
  lessons: z.array(LessonInput).max(200).default([]),
  instructorIds: z.array(uuid()).max(20).default([]),
});
export type CourseInput = z.input<typeof CourseInput>;
export type CourseData = z.output<typeof CourseInput>;

/**
 * A change to a course: only the fields it names change (spec: "when a record is updated,
 * undefined fields are dropped"). `lessons`, when sent, is the course's whole list in order
 * (lessons left out are deleted with their progress); `instructorIds` likewise.
 */
export const CourseUpdate = z.strictObject({
  name: CourseName.optional(),
  description: z.string().trim().max(2000).optional(),
  imageUrl: z.string().max(500).nullable().optional(),
  lessons: z.array(LessonInput).max(200).optional(),
  instructorIds: z.array(uuid()).max(20).optional(),
});
export type CourseUpdate = z.input<typeof CourseUpdate>;
export type CourseChanges = z.output<typeof CourseUpdate>;

export const CourseIdParams = z.strictObject({
  courseId: uuid({ message: shell.validation.courseIdInvalid }),
});

export const PersonSummary = z.object({ id: z.string(), name: z.string(), avatarUrl: z.string() });

export const Lesson = z.object({ id: z.string(), title: z.string(), position: z.number().int() });

/** What the viewer may do with a course, decided by the server's course policy. */
export const CourseCan = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  approve: z.boolean(),
  /** Its students' progress and the class's work (other students' progress is personal data). */
  seeProgress: z.boolean(),
});
export type CourseCan = z.infer<typeof CourseCan>;

export const Course = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  status: z.enum(['pending', 'active']),
  proposerId: z.string().nullable(),
  lessons: z.array(Lesson),
  instructors: z.array(PersonSummary),
  studentCount: z.number().int(),
  can: CourseCan,
});
export type Course = z.infer<typeof Course>;

export const CourseSummary = Course.omit({ lessons: true }).extend({
  lessonCount: z.number().int(),
});
export type CourseSummary = z.infer<typeof CourseSummary>;
export const CourseList = z.object({ courses: z.array(CourseSummary) });
export type CourseList = z.infer<typeof CourseList>;

export const InstructorChoices = z.object({ instructors: z.array(PersonSummary) });
export type InstructorChoices = z.infer<typeof InstructorChoices>;

/** Per lesson: how many enrolled students completed it, and when a post last concerned it. */
export const CourseProgress = z.object({
  enrolledCount: z.number().int(),
  lessons: z.array(
    z.object({
      lessonId: z.string(),
      completedCount: z.number().int(),
      lastActivityAt: z.number().nullable(),
    }),
  ),
  /** The lessons the viewing student completed; empty for staff and guests. */
  myCompletedLessonIds: z.array(z.string()),
});
export type CourseProgress = z.infer<typeof CourseProgress>;

/** An enrolled student's progress in one course (staff only: students' data is personal). */
export const CourseStudent = PersonSummary.extend({
  status: PersonStatus,
  enrolledAt: z.number(),
  completedLessons: z.number().int(),
  lastEvaluation: z
    .object({ postId: z.string(), rating: z.number().int().nullable(), createdAt: z.number() })
    .nullable(),
});
export type CourseStudent = z.infer<typeof CourseStudent>;
export const CourseStudents = z.object({
  lessonCount: z.number().int(),
  students: z.array(CourseStudent),
});
export type CourseStudents = z.infer<typeof CourseStudents>;

/** The statistics tab's figures: completion per lesson, progress spread, weekly evaluations. */
export const CourseStatistics = z.object({
  enrolledCount: z.number().int(),
  lessons: z.array(
    z.object({ lessonId: z.string(), title: z.string(), completedCount: z.number().int() }),
  ),
  /** Students by share of lessons completed, in percent ranges [from, to]. */
  progressBuckets: z.array(
    z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() }),
  ),
  /** Consecutive weeks (Monday 00:00 Vietnam time), oldest first. */
  weeks: z.array(
    z.object({
      weekStart: z.number(),
      evaluations: z.number().int(),
      averageRating: z.number().nullable(),
    }),
  ),
});
export type CourseStatistics = z.infer<typeof CourseStatistics>;
