import { shell } from '../locales/vi/shell.ts';
import { uuid, z } from '../zod.ts';
import { PersonStatus } from './people.ts';

export const InstructorIdParams = z.strictObject({
  instructorId: uuid({ message: shell.validation.instructorIdInvalid }),
});

export const InstructorSummary = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
  role: z.enum(['admin', 'instructor']),
  status: PersonStatus,
  courses: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Contact data is for staff; null for guests. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type InstructorSummary = z.infer<typeof InstructorSummary>;

export const InstructorList = z.object({ instructors: z.array(InstructorSummary) });
export type InstructorList = z.infer<typeof InstructorList>;

export const InstructorDetail = InstructorSummary.extend({
  bio: z.string().nullable(),
  registrationDate: z.number(),
});
export type InstructorDetail = z.infer<typeof InstructorDetail>;
