import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Post, PostData } from '#shared/schemas/posts';
import { splitMentions } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { Database, PersonRow } from '../../db/schema.ts';
import { inTransaction, retryingDeadlocks } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { postAudience } from '../events/live-audience.ts';
import { isUsableImageUrl } from '../media/image-urls.ts';
import {
  type CreatedNotification,
  insertNotifications,
  type NewNotification,
  notificationRows,
} from '../notifications/notifications.repository.ts';
import { announceNotifications } from '../notifications/notifications.service.ts';
import { getPost, requireVisiblePost } from './posts.service.ts';

type Trx = Transaction<Database>;

/**
 * Takes the post's row lock for the rest of the transaction on PostgreSQL, so counts recomputed
 * from rows afterwards see every toggle committed before (each statement there reads a fresh
 * snapshot). SQLite has one writer at a time already.
 */
export async function lockRow(
  trx: Trx,
  kind: AppDatabase['kind'],
  table: 'posts' | 'comments',
  id: string,
) {
  if (kind !== 'postgres') return;
  await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
}

const likeRows = {
  posts: { table: 'post_likes', key: 'post_id' },
  comments: { table: 'comment_likes', key: 'comment_id' },
} as const;

interface LikeChange {
  target: 'posts' | 'comments';
  id: string;
  personId: string;
  liked: boolean;
  now: number;
  /** Written, in the same transaction, only when a like is added. */
  notification?: NewNotification;
}

/**
 * Sets one person's like on a post or a comment. The liked row's count moves by the like rows
 * the change added or removed (none when it was already so), in one transaction: a row lock
 * orders concurrent toggles, so `like_count` always equals the likes.
 */
export async function writeLike(
  database: AppDatabase,
  change: LikeChange,
): Promise<{ likeCount: number; notified: CreatedNotification[] }> {
  const likes = sql.table(likeRows[change.target].table);
  const key = sql.ref(likeRows[change.target].key);
  const writeRow = change.liked
    ? sql`insert into ${likes} (${key}, person_id, created_at)
        values (${change.id}, ${change.personId}, ${change.now}) on conflict do nothing`
    : sql`delete from ${likes} where ${key} = ${change.id} and person_id = ${change.personId}`;
  const sign = change.liked ? sql`+` : sql`-`;
  const notification = change.liked ? change.notification : undefined;
  const { created, rows } = notificationRows(notification ? [notification] : [], change.now);

  if (database.kind === 'postgres') {
    // One statement, so one round trip, which costs more than the writes: the like row, the
    // count (the update's row lock orders concurrent toggles) and the notification.
    const notified = rows[0]
      ? sql`, notified as (insert into notifications (${sql.join(Object.keys(rows[0]).map((column) => sql.ref(column)))})
          select ${sql.join(Object.values(rows[0]).map((value) => sql`${value}`))}
          where exists (select 1 from changed))`
      : sql``;
    const { rows: result } = await retryingDeadlocks(() =>
      sql<{ like_count: number; added: boolean }>`
      with changed as (${writeRow} returning 1),
      counted as (update ${sql.table(change.target)}
        set like_count = like_count ${sign} (select count(*) from changed)
        where id = ${change.id} returning like_count)
      ${notified}
      select like_count, exists (select 1 from changed) as added from counted`.execute(database.db),
    );
    return {
      likeCount: Number(result[0]?.like_count ?? 0),
      notified: result[0]?.added ? created : [],
    };
  }
  return inTransaction(database, async (trx) => {
    const changed = Number((await writeRow.execute(trx)).numAffectedRows ?? 0);
    const { rows: result } = await sql<{ like_count: number }>`update ${sql.table(change.target)}
      set like_count = like_count ${sign} ${changed} where id = ${change.id}
      returning like_count`.execute(trx);
    if (changed > 0 && rows.length > 0)
      await trx.insertInto('notifications').values(rows).execute();
    return {
      likeCount: Number(result[0]?.like_count ?? 0),
      notified: changed > 0 ? created : [],
    };
  });
}

/** The distinct people a text @mentions, each checked to exist (the label is never trusted). */
export async function mentionedIds(db: Kysely<Database>, text: string): Promise<string[]> {
  const ids = [
    ...new Set(
      splitMentions(text).flatMap((segment) => (segment.kind === 'mention' ? [segment.id] : [])),
    ),
  ];
  if (ids.length === 0) return [];
  const found = await db.selectFrom('people').select('id').where('id', 'in', ids).execute();
  if (found.length !== ids.length) throw new AppError('mention_unknown', 400);
  return ids;
}

/** Checks what a post form sent beyond its shape; returns the lesson's title to keep. */
async function checkPost(database: AppDatabase, viewer: PersonRow, data: PostData) {
  const { db } = database;
  if (data.studentId) {
    const student = await db
      .selectFrom('people')
      .select('id')
      .where('id', '=', data.studentId)
      .where('role', '=', 'student')
      .executeTakeFirst();
    if (!student) throw new AppError('student_not_found', 400);
  }
  if (data.taggedInstructorId) {
    const tagged = await db
      .selectFrom('people')
      .select('id')
      .where('id', '=', data.taggedInstructorId)
      .where('role', 'in', ['admin', 'instructor'])
      .executeTakeFirst();
    if (!tagged) throw new AppError('instructor_missing', 400);
  }
  let lessonTitle: string | null = null;
  if (data.courseId) {
    const course = await db
      .selectFrom('courses')
      .select(['id', 'status', 'proposer_id'])
      .where('id', '=', data.courseId)
      .executeTakeFirst();
    const visible =
      course &&
      (course.status === 'active' || viewer.role === 'admin' || course.proposer_id === viewer.id);
    if (!visible) throw new AppError('course_not_found', 400);
  }
  if (data.lessonId) {
    const lesson = await db
      .selectFrom('lessons')
      .select(['title', 'course_id'])
      .where('id', '=', data.lessonId)
      .executeTakeFirst();
    if (!lesson || lesson.course_id !== data.courseId)
      throw new AppError('lesson_not_in_course', 400);
    lessonTitle = lesson.title;
  }
  for (const photo of data.photos) {
    if (!(await isUsableImageUrl(database, photo.url))) throw new AppError('media_not_found', 400);
  }
  return { lessonTitle, mentions: await mentionedIds(database.db, data.text) };
}

async function writeMediaAndMentions(
  trx: Trx,
  postId: string,
  data: PostData,
  mentions: string[],
  now: number,
) {
  await trx.deleteFrom('post_media').where('post_id', '=', postId).execute();
  await trx
    .deleteFrom('mentions')
    .where('post_id', '=', postId)
    .where('comment_id', 'is', null)
    .execute();
  if (data.photos.length > 0) {
    await trx
      .insertInto('post_media')
      .values(
        data.photos.map((photo, position) => ({
          id: randomUUID(),
          post_id: postId,
          media_id: photo.url.match(/^\/media\/([a-f0-9]{64})/)?.[1] ?? null,
          url: photo.url,
          width: photo.width,
          height: photo.height,
          position,
        })),
      )
      .execute();
  }
  if (mentions.length > 0) {
    await trx
      .insertInto('mentions')
      .values(
        mentions.map((personId) => ({
          id: randomUUID(),
          post_id: postId,
          comment_id: null,
          person_id: personId,
          created_at: now,
        })),
      )
      .execute();
  }
}

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

/** Instructors and admins post evaluations and general posts (spec 1); students do not. */
export async function createPost(
  database: AppDatabase,
  author: PersonRow,
  data: PostData,
): Promise<Post> {
  if (author.role === 'student') throw new AppError('forbidden', 403);
  const { lessonTitle, mentions } = await checkPost(database, author, data);
  const id = randomUUID();
  const now = Date.now();
  const notified = await inTransaction(database, async (trx) => {
    await trx
      .insertInto('posts')
      .values({
        id,
        kind: data.kind,
        author_id: author.id,
        student_id: data.studentId,
        tagged_instructor_id: data.taggedInstructorId,
        course_id: data.courseId,
        lesson_id: data.lessonId,
        lesson_title: lessonTitle,
        text: data.text,
        rating: data.rating,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await writeMediaAndMentions(trx, id, data, mentions, now);
    await insertActivityLog(trx, { actorId: author.id, action: 'post.created', target: id, now });
    return insertNotifications(trx, postNotifications(author, id, data, mentions), now);
  });
  await database.events.publish({ type: 'post.created', postId: id }, { kind: 'post', postId: id });
  await announceNotifications(database, notified);
  return getPost(database, author.id, id);
}

async function requirePostEditor(database: AppDatabase, person: PersonRow, postId: string) {
  // The editor must be able to see it; then only its author or an admin may change it.
  const { authorId } = await requireVisiblePost(database, person.id, postId);
  if (authorId !== person.id && person.role !== 'admin') throw new AppError('forbidden', 403);
}

/** The author (or an admin) edits a post; text, people, photos and mentions change together. */
export async function updatePost(
  database: AppDatabase,
  person: PersonRow,
  postId: string,
  data: PostData,
): Promise<Post> {
  await requirePostEditor(database, person, postId);
  const { lessonTitle, mentions } = await checkPost(database, person, data);
  const now = Date.now();
  // Those who saw it before the edit hear of it too, even if the edit hides it from them now.
  const seenBy = await postAudience(database.db, postId);
  await inTransaction(database, async (trx) => {
    const result = await trx
      .updateTable('posts')
      .set({
        kind: data.kind,
        student_id: data.studentId,
        tagged_instructor_id: data.taggedInstructorId,
        course_id: data.courseId,
        lesson_id: data.lessonId,
        lesson_title: lessonTitle,
        text: data.text,
        rating: data.rating,
        updated_at: now,
      })
      .where('id', '=', postId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError('post_not_found', 404);
    await writeMediaAndMentions(trx, postId, data, mentions, now);
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
  return getPost(database, person.id, postId);
}

export async function deletePost(database: AppDatabase, person: PersonRow, postId: string) {
  await requirePostEditor(database, person, postId);
  const now = Date.now();
  const seenBy = await postAudience(database.db, postId);
  await inTransaction(database, async (trx) => {
    const result = await trx.deleteFrom('posts').where('id', '=', postId).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError('post_not_found', 404);
    await insertActivityLog(trx, {
      actorId: person.id,
      action: 'post.deleted',
      target: postId,
      now,
    });
  });
  await database.events.publish({ type: 'post.deleted', postId }, seenBy);
}

/**
 * Likes or unlikes a post the person may see (`writeLike`: the count moves by the rows the like
 * changed, so concurrent toggles always leave `like_count` equal to the likes).
 */
export async function setPostLike(
  database: AppDatabase,
  person: PersonRow,
  postId: string,
  liked: boolean,
) {
  const { authorId } = await requireVisiblePost(database, person.id, postId);
  const { likeCount, notified } = await writeLike(database, {
    target: 'posts',
    id: postId,
    personId: person.id,
    liked,
    now: Date.now(),
    notification:
      authorId === person.id
        ? undefined
        : { recipientId: authorId, type: 'liked', actorId: person.id, postId },
  });
  await database.events.publish(
    { type: 'post.liked', postId, actorId: person.id, likeCount },
    { kind: 'post', postId },
  );
  await announceNotifications(database, notified);
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
  if (bookmarked) {
    await database.db
      .insertInto('post_bookmarks')
      .values({ post_id: postId, person_id: person.id, created_at: Date.now() })
      .onConflict((conflict) => conflict.columns(['post_id', 'person_id']).doNothing())
      .execute();
  } else {
    await database.db
      .deleteFrom('post_bookmarks')
      .where('post_id', '=', postId)
      .where('person_id', '=', person.id)
      .execute();
  }
  // Bookmarks are private: only the person's other devices hear of it.
  await database.events.publish(
    { type: 'post.bookmarked', postId, bookmarked },
    { kind: 'people', ids: [person.id] },
  );
  return { bookmarked };
}
