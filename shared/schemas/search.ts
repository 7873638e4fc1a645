import { shell } from '../locales/vi/shell.ts';
import { z } from '../zod.ts';
import { PersonStatus } from './people.ts';

export const SearchQuery = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1, { message: shell.validation.searchRequired })
    .max(100, { message: shell.validation.searchTooLong }),
});

/** What the one search box finds, grouped by kind, best match first in each group. */
export const SearchResults = z.object({
  courses: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      imageUrl: z.string().nullable(),
      status: z.enum(['pending', 'active']),
    }),
  ),
  lessons: z.array(
    z.object({ id: z.string(), title: z.string(), courseId: z.string(), courseName: z.string() }),
  ),
  /** Empty for students and guests: other students' names are personal data. */
  students: z.array(
    z.object({ id: z.string(), name: z.string(), avatarUrl: z.string(), status: PersonStatus }),
  ),
});
export type SearchResults = z.infer<typeof SearchResults>;
