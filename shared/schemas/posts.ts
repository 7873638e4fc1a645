import { shell } from '../locales/vi/shell.ts';
import { uuid, z } from '../zod.ts';
import { PersonSummary } from './courses.ts';

/** Activity pages hold 10 posts (spec 9). */
export const POST_PAGE_SIZE = 10;

/**
 * Where the next page of a newest-first list starts: the last row's time and id, so rows
 * arriving meanwhile neither repeat nor push others off the page (server/db/keyset.ts).
 */
export const PageCursor = z
  .string()
  .regex(/^\d{1,15}\.[0-9a-f-]{36}$/, { message: shell.validation.cursorInvalid });

export const PostMedia = z.object({
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});

export const Mention = z.object({
  id: z.string(),
  role: z.enum(['admin', 'instructor', 'student']),
  name: z.string(),
});
export type Mention = z.infer<typeof Mention>;

/** What the viewer may do with a post, decided by the server's post policy. */
export const PostCan = z.object({ edit: z.boolean(), delete: z.boolean() });
export type PostCan = z.infer<typeof PostCan>;

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
  /**
   * The people @mentioned in the text, with their current names: each `@[label](id)` is shown
   * with the server's name, never the label typed into the text.
   */
  mentions: z.array(Mention),
  likedByMe: z.boolean(),
  bookmarkedByMe: z.boolean(),
  createdAt: z.number(),
  can: PostCan,
});
export type Post = z.infer<typeof Post>;

export const PostPage = z.object({ posts: z.array(Post), nextCursor: z.string().nullable() });
export type PostPage = z.infer<typeof PostPage>;

/** A page of a post list that has no other filter. */
export const PostPageQuery = z.strictObject({ cursor: PageCursor.optional() });

export const CoursePostsQuery = z.strictObject({
  lessonId: uuid({ message: shell.validation.lessonIdInvalid }).optional(),
  cursor: PageCursor.optional(),
});

export const PostIdParams = z.strictObject({
  postId: uuid({ message: shell.validation.postIdInvalid }),
});

/** The feed's filters (spec 5 search: author or tagged person, ignoring case and diacritics). */
export const FeedQuery = z.strictObject({
  cursor: PageCursor.optional(),
  q: z.string().trim().max(100, { message: shell.validation.searchTooLong }).optional(),
  courseId: uuid({ message: shell.validation.courseIdInvalid }).optional(),
  studentId: uuid({ message: shell.validation.studentIdInvalid }).optional(),
  kind: z.enum(['evaluation', 'general']).optional(),
  bookmarked: z.enum(['1']).optional(),
});
export type FeedFilters = Omit<z.infer<typeof FeedQuery>, 'cursor'>;

const PostText = z.string().trim().max(5000, { message: shell.validation.postTooLong });

/** A photo the post form uploaded through the media pipeline. */
export const PostPhotoInput = z.strictObject({
  url: z.string().max(500),
  width: z.number().int().min(1).max(20_000).nullable().default(null),
  height: z.number().int().min(1).max(20_000).nullable().default(null),
});

/** Each field of a post as sent, without what a new post starts with when it is left out. */
const postField = {
  kind: z.enum(['evaluation', 'general']),
  studentId: uuid({ message: shell.validation.studentIdInvalid }).nullable(),
  taggedInstructorId: uuid({ message: shell.validation.instructorIdInvalid }).nullable(),
  courseId: uuid({ message: shell.validation.courseIdInvalid }).nullable(),
  lessonId: uuid({ message: shell.validation.lessonIdInvalid }).nullable(),
  text: PostText,
  rating: z
    .number({ message: shell.validation.ratingInvalid })
    .int({ message: shell.validation.ratingInvalid })
    .min(0, { message: shell.validation.ratingInvalid })
    .max(10, { message: shell.validation.ratingInvalid })
    .nullable(),
  photos: z.array(PostPhotoInput).max(10, { message: shell.validation.tooManyPhotos }),
};

/**
 * A post as the post form sends it. An evaluation is about one student and may carry a rating
 * 0–10; a general post may tag an instructor. Text or at least one photo.
 */
const PostFields = z.strictObject({
  kind: postField.kind,
  studentId: postField.studentId.default(null),
  taggedInstructorId: postField.taggedInstructorId.default(null),
  courseId: postField.courseId.default(null),
  lessonId: postField.lessonId.default(null),
  text: postField.text.default(''),
  rating: postField.rating.default(null),
  photos: postField.photos.default([]),
});

function checkPostShape(post: z.output<typeof PostFields>, context: z.RefinementCtx) {
  if (post.kind === 'evaluation' && !post.studentId)
    context.addIssue({
      code: 'custom',
      path: ['studentId'],
      message: shell.validation.studentRequired,
    });
  if (post.kind === 'general' && (post.studentId || post.rating !== null))
    context.addIssue({
      code: 'custom',
      path: ['kind'],
      message: shell.validation.generalPostShape,
    });
  if (post.lessonId && !post.courseId)
    context.addIssue({
      code: 'custom',
      path: ['courseId'],
      message: shell.validation.courseRequired,
    });
  if (!post.text && post.photos.length === 0)
    context.addIssue({ code: 'custom', path: ['text'], message: shell.validation.postEmpty });
}

export const PostInput = PostFields.superRefine(checkPostShape);
export type PostInput = z.input<typeof PostInput>;
export type PostData = z.output<typeof PostInput>;

/**
 * An edit of a post: the fields it names change, the others stay as stored (spec 5: a field left
 * undefined in an update is dropped, not cleared). The post as it will be is checked whole.
 */
export const PostUpdate = z
  .strictObject({
    kind: postField.kind.optional(),
    studentId: postField.studentId.optional(),
    taggedInstructorId: postField.taggedInstructorId.optional(),
    courseId: postField.courseId.optional(),
    lessonId: postField.lessonId.optional(),
    text: postField.text.optional(),
    rating: postField.rating.optional(),
    photos: postField.photos.optional(),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    message: shell.validation.nothingToChange,
  });
export type PostUpdate = z.input<typeof PostUpdate>;
export type PostChanges = z.output<typeof PostUpdate>;

/** The post an edit leaves: the stored one with the edit's named fields, checked whole. */
export function editedPost(stored: PostData, changes: PostChanges) {
  const named = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  );
  return PostInput.safeParse({ ...stored, ...named });
}

/**
 * A new post. The device may name it with an id it made, so that sending it again (after a
 * timeout, from the outbox) answers the post already made instead of making a second one.
 */
export const NewPostInput = PostFields.extend({
  id: uuid({ message: shell.validation.newPostIdInvalid }).optional(),
}).superRefine(checkPostShape);
export type NewPostInput = z.input<typeof NewPostInput>;
export type NewPostData = z.output<typeof NewPostInput>;

export const LikeInput = z.strictObject({ liked: z.boolean() });
export const LikeState = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeState = z.infer<typeof LikeState>;
export const BookmarkInput = z.strictObject({ bookmarked: z.boolean() });
export const BookmarkState = z.object({ bookmarked: z.boolean() });
export type BookmarkState = z.infer<typeof BookmarkState>;

export const CommentIdParams = z.strictObject({
  commentId: uuid({ message: shell.validation.commentIdInvalid }),
});

export const CommentInput = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1, { message: shell.validation.commentEmpty })
    .max(2000, { message: shell.validation.commentTooLong }),
  parentId: uuid({ message: shell.validation.commentIdInvalid }).nullable().default(null),
});
export const CommentEdit = CommentInput.pick({ text: true });

/** What the viewer may do with a comment, decided by the server's comment policy. */
export const CommentCan = z.object({ edit: z.boolean(), delete: z.boolean() });
export type CommentCan = z.infer<typeof CommentCan>;

export const Comment = z.object({
  id: z.string(),
  postId: z.string(),
  parentId: z.string().nullable(),
  author: PersonSummary,
  text: z.string(),
  mentions: z.array(Mention),
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  can: CommentCan,
});
export type Comment = z.infer<typeof Comment>;
export const CommentList = z.object({ comments: z.array(Comment) });
export type CommentList = z.infer<typeof CommentList>;

/** Which threads of a discussion: the latest ones, or every one from a thread on (`from`). */
export const CommentThreadsQuery = z.strictObject({ from: PageCursor.optional() });

/**
 * A window of a post's discussion: whole threads (a top-level comment and every reply under it),
 * oldest first. `from` names the window's oldest thread, to ask for the same window again with
 * what arrived since; `earlier` says how many comments lie in threads before it, and the `from`
 * that shows the next threads back with these.
 */
export const CommentThreads = z.object({
  comments: z.array(Comment),
  // Plain text here: the answer is written, not checked, and a cursor is checked when it
  // comes back (`CommentThreadsQuery`).
  from: z.string().nullable(),
  earlier: z.object({ comments: z.number().int(), from: z.string() }).nullable(),
});
export type CommentThreads = z.infer<typeof CommentThreads>;

export const MentionCandidatesQuery = z.strictObject({
  q: z.string().trim().max(100, { message: shell.validation.searchTooLong }).default(''),
});
/** People one may @mention: instructors for everyone, students too for staff. */
export const MentionCandidates = z.object({
  people: z.array(PersonSummary.extend({ role: z.enum(['admin', 'instructor', 'student']) })),
});
export type MentionCandidates = z.infer<typeof MentionCandidates>;
