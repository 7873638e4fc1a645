import { z } from 'zod';
import { vi } from '../locales/vi.ts';
import { PersonSummary } from './courses.ts';

/** Activity pages hold 10 posts (spec 9). */
export const POST_PAGE_SIZE = 10;

/**
 * Where the next page starts: the last post's time and id, so posts arriving meanwhile
 * neither repeat nor push others off the page.
 */
export const PostCursor = z
  .string()
  .regex(/^\d{1,15}\.[0-9a-f-]{36}$/, { message: vi.validation.cursorInvalid });

export const PostMedia = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

/** An evaluation of a student's work, or a general post tagging an instructor (spec 3). */
export const Post = z.object({
  id: z.string(),
  kind: z.enum(['evaluation', 'general']),
  author: PersonSummary,
  student: PersonSummary.nullable(),
  taggedInstructor: PersonSummary.nullable(),
  course: z.object({ id: z.string(), name: z.string() }).nullable(),
  lesson: z.object({ id: z.string().nullable(), title: z.string() }).nullable(),
  text: z.string(),
  rating: z.number().int().min(0).max(10).nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  media: z.array(PostMedia),
  /** The people @mentioned in the text, so each `@[label](id)` links to the right profile. */
  mentions: z.array(z.object({ id: z.string(), role: z.enum(['admin', 'instructor', 'student']) })),
  createdAt: z.number(),
});
export type Post = z.infer<typeof Post>;

export const PostPage = z.object({ posts: z.array(Post), nextCursor: z.string().nullable() });
export type PostPage = z.infer<typeof PostPage>;

/** A page of a post list that has no other filter. */
export const PostPageQuery = z.strictObject({ cursor: PostCursor.optional() });

export const CoursePostsQuery = z.strictObject({
  lessonId: z.uuid({ message: vi.validation.lessonIdInvalid }).optional(),
  cursor: PostCursor.optional(),
});
