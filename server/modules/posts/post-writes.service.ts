import { randomUUID } from 'node:crypto';
import {
  editedPost,
  type NewPostData,
  type Post,
  type PostChanges,
  type PostData,
} from '#shared/schemas/posts';
import { splitMentions } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { Db, PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { maySeeCourse } from '../../policies/course.ts';
import { mayCreatePost, postCan } from '../../policies/post.ts';
import { findPersonById } from '../accounts/accounts.repository.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { findCourseRow, findLesson } from '../courses/courses.repository.ts';
import { postAudience, postAudienceKnown } from '../events/live-audience.ts';
import { isUsableImageUrl } from '../media/image-urls.ts';
import {
  insertNotifications,
  type NewNotification,
} from '../notifications/notifications.repository.ts';
import { announceNotifications } from '../notifications/notifications.service.ts';
import {
  deletePostRow,
  existingPersonIds,
  findPostFields,
  insertPostRow,
  type LikeNotice,
  type PostColumns,
  postIdAuthor,
  replacePostMediaAndMentions,
  setBookmarkRow,
  updatePostRow,
  writePostLike,
} from './post-writes.repository.ts';
import { getPost, requireVisiblePost } from './posts.service.ts';

/** The distinct people a text @mentions, each checked to exist (the label is never trusted). */
export async function mentionedIds(db: Db, text: string): Promise<string[]> {
  const ids = [
    ...new Set(
      splitMentions(text).flatMap((segment) => (segment.kind === 'mention' ? [segment.id] : [])),
    ),
  ];
  if (ids.length === 0) return [];
  const found = await existingPersonIds(db, ids);
  if (found.size !== ids.length) throw new AppError('mention_unknown', 400);
  return ids;
}

/**
 * Checks what a post form sent beyond its shape; returns the lesson's title to keep. Only the
 * photos sent are checked: an edit that leaves them out keeps the stored ones as they are.
 */
async function checkPost(
  database: AppDatabase,
  viewer: PersonRow,
  data: PostData,
  sentPhotos: PostData['photos'] = data.photos,
) {
  const { db } = database;
  if (data.studentId) {
    const student = await findPersonById(db, data.studentId);
    if (student?.role !== 'student') throw new AppError('student_not_found', 400);
  }
  if (data.taggedInstructorId) {
    const tagged = await findPersonById(db, data.taggedInstructorId);
    if (!tagged || tagged.role === 'student') throw new AppError('instructor_missing', 400);
  }
  let lessonTitle: string | null = null;
  if (data.courseId) {
    const course = await findCourseRow(db, data.courseId);
    const visible =
      course && maySeeCourse(viewer, { status: course.status, proposerId: course.proposer_id });
    if (!visible) throw new AppError('course_not_found', 400);
  }
  if (data.lessonId) {
    const lesson = await findLesson(db, data.lessonId);
    if (!lesson || lesson.course_id !== data.courseId)
      throw new AppError('lesson_not_in_course', 400);
    lessonTitle = lesson.title;
  }
  for (const photo of sentPhotos) {
    if (!(await isUsableImageUrl(database, photo.url))) throw new AppError('media_not_found', 400);
  }
  return { lessonTitle, mentions: await mentionedIds(database.db, data.text) };
}

const postColumns = (data: PostData, lessonTitle: string | null): PostColumns => ({
  kind: data.kind,
  studentId: data.studentId,
  taggedInstructorId: data.taggedInstructorId,
  courseId: data.courseId,
  lessonId: data.lessonId,
  lessonTitle,
  text: data.text,
  rating: data.rating,
});

/** Who a new post concerns, told once each and never about their own post. */
function postNotifications(
  author: PersonRow,
  postId: string,
  data: PostData,
  mentions: string[],
): NewNotification[] {
  const told = new Set<string>([author.id]);
  const notifications: NewNotification[] = [];
  const tell = (recipientId: string | null, type: string) => {
    if (!recipientId || told.has(recipientId)) return;
    told.add(recipientId);
    notifications.push({ recipientId, type, actorId: author.id, postId });
  };
  tell(data.studentId, 'evaluated');
  tell(data.taggedInstructorId, 'tagged');
  for (const id of mentions) tell(id, 'mentioned');
  return notifications;
}

/**
 * A post sent again under the id its device gave it: its author gets it back as it is. An id is
 * spent once used: someone else's is refused, and so is the author's own once the post was
 * deleted. The refusal is the same whether the other post is there, hidden from the sender or
 * gone, so it never tells that a hidden post exists.
 */
async function postSentBefore(database: AppDatabase, author: PersonRow, id: string) {
  const authorId = await postIdAuthor(database.db, id);
  if (authorId === null) return null;
  if (authorId !== author.id) throw new AppError('post_id_taken', 409);
  return getPost(database, author, id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'post_not_found')
      throw new AppError('post_id_taken', 409);
    throw error;
  });
}

/** Thrown inside the transaction when another request made the post with this id first. */
class MadeMeanwhile extends Error {}

/**
 * Makes a post: instructors and admins post evaluations and general posts (spec 1); students
 * do not. With the id its device made (`data.id`), sending it twice makes one post: the second
 * answer is the first post, `created: false`.
 */
export async function createPost(
  database: AppDatabase,
  author: PersonRow,
  { id: chosenId, ...data }: NewPostData,
): Promise<{ post: Post; created: boolean }> {
  if (!mayCreatePost(author)) throw new AppError('forbidden', 403);
  if (chosenId) {
    const earlier = await postSentBefore(database, author, chosenId);
    if (earlier) return { post: earlier, created: false };
  }
  const { lessonTitle, mentions } = await checkPost(database, author, data);
  const id = chosenId ?? randomUUID();
  const now = Date.now();
  let notified: Awaited<ReturnType<typeof insertNotifications>>;
  try {
    notified = await inTransaction(database, async (trx) => {
      const post = { ...postColumns(data, lessonTitle), id, authorId: author.id, now };
      if (!(await insertPostRow(trx, post))) throw new MadeMeanwhile();
      await replacePostMediaAndMentions(trx, id, data.photos, mentions, now);
      await insertActivityLog(trx, { actorId: author.id, action: 'post.created', target: id, now });
      return insertNotifications(trx, postNotifications(author, id, data, mentions), now);
    });
  } catch (error) {
    if (!(error instanceof MadeMeanwhile)) throw error;
    const earlier = await postSentBefore(database, author, id);
    if (!earlier) throw new AppError('post_id_taken', 409);
    return { post: earlier, created: false };
  }
  await database.events.publish({ type: 'post.created', postId: id }, { kind: 'post', postId: id });
  await announceNotifications(database, notified);
  return { post: await getPost(database, author, id), created: true };
}

async function requirePostEditor(
  database: AppDatabase,
  person: PersonRow,
  postId: string,
  action: 'edit' | 'delete',
) {
  // The editor must be able to see it; then the post policy says whether she may change it.
  const { authorId } = await requireVisiblePost(database, person.id, postId);
  if (!postCan(person, { authorId })[action]) throw new AppError('forbidden', 403);
}

/**
 * The author (or an admin) edits a post: the fields the edit names change, the others stay as
 * stored, and the post as it will be is checked whole. Its mentions follow its text.
 */
export async function updatePost(
  database: AppDatabase,
  person: PersonRow,
  postId: string,
  changes: PostChanges,
): Promise<Post> {
  await requirePostEditor(database, person, postId, 'edit');
  const stored = await findPostFields(database.db, postId);
  if (!stored) throw new AppError('post_not_found', 404);
  const edited = editedPost(stored, changes);
  if (!edited.success) {
    throw new AppError('validation_failed', 400, {
      details: edited.error.issues.map((issue) => ({
        path: [
          'body',
          ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)),
        ],
        message: issue.message,
      })),
    });
  }
  const data = edited.data;
  const { lessonTitle, mentions } = await checkPost(database, person, data, changes.photos ?? []);
  const now = Date.now();
  // Those who saw it before the edit hear of it too, even if the edit hides it from them now.
  const seenBy = await postAudience(database.db, postId);
  await inTransaction(database, async (trx) => {
    const updated = await updatePostRow(trx, postId, { ...postColumns(data, lessonTitle), now });
    if (updated === 0) throw new AppError('post_not_found', 404);
    await replacePostMediaAndMentions(trx, postId, changes.photos, mentions, now);
    await insertActivityLog(trx, {
      actorId: person.id,
      action: 'post.updated',
      target: postId,
      now,
    });
  });
  const updated = { type: 'post.updated', postId } as const;
  await database.events.publish(updated, seenBy);
  if (seenBy.kind !== 'everyone') await database.events.publish(updated, { kind: 'post', postId });
  return getPost(database, person, postId);
}

export async function deletePost(database: AppDatabase, person: PersonRow, postId: string) {
  await requirePostEditor(database, person, postId, 'delete');
  const now = Date.now();
  const seenBy = await postAudience(database.db, postId);
  await inTransaction(database, async (trx) => {
    if ((await deletePostRow(trx, postId)) === 0) throw new AppError('post_not_found', 404);
    await insertActivityLog(trx, {
      actorId: person.id,
      action: 'post.deleted',
      target: postId,
      now,
    });
  });
  await database.events.publish({ type: 'post.deleted', postId }, seenBy);
}

/** A new like notifies the post's author, unless she liked her own post; an unlike, no one. */
function likeNotice(likerId: string, liked: boolean): LikeNotice | null {
  return liked ? { id: randomUUID(), exceptRecipient: likerId } : null;
}

/**
 * Likes or unlikes a post the person may see, and notifies its author of a new like. The count
 * moves by the rows the like changed, so concurrent toggles always leave `like_count` equal to
 * the likes. Who is told is decided here (`likeNotice`) and written by one statement of the
 * repository on either engine (`writePostLike`).
 */
export async function setPostLike(
  database: AppDatabase,
  person: PersonRow,
  postId: string,
  liked: boolean,
) {
  const notice = likeNotice(person.id, liked);
  const write = { postId, personId: person.id, liked, now: Date.now(), notice };
  const written = await writePostLike(database, write);
  if (!written) throw new AppError('post_not_found', 404);
  const { likeCount } = written;
  await announceNotifications(
    database,
    written.notified && notice
      ? [{ id: notice.id, recipientId: written.authorId, shown: written.authorSees }]
      : [],
    [
      {
        event: { type: 'post.liked', postId, actorId: person.id, likeCount },
        audience: postAudienceKnown(postId, written.seenByGuests),
      },
    ],
  );
  return { liked, likeCount };
}

/** Saves or unsaves a post for the person alone (bookmarks are private). */
export async function setPostBookmark(
  database: AppDatabase,
  person: PersonRow,
  postId: string,
  bookmarked: boolean,
) {
  await requireVisiblePost(database, person.id, postId);
  await setBookmarkRow(database.db, {
    postId,
    personId: person.id,
    bookmarked,
    now: Date.now(),
  });
  // Bookmarks are private: only the person's other devices hear of it.
  await database.events.publish(
    { type: 'post.bookmarked', postId, bookmarked },
    { kind: 'people', ids: [person.id] },
  );
  return { bookmarked };
}
