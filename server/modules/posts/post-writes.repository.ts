import { randomUUID } from 'node:crypto';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { PostData } from '#shared/schemas/posts';
import type { AppDatabase } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, Db } from '../../db/schema.ts';
import { inTransaction, retryingDeadlocks } from '../../db/transaction.ts';
import { visiblePosts } from './post-visibility.ts';
import { findVisiblePostAuthor } from './posts.repository.ts';

type Trx = Transaction<Database>;

/**
 * Takes the row lock of a post or comment for the rest of the transaction on PostgreSQL, so
 * counts recomputed from rows afterwards see every toggle committed before (each statement there
 * reads a fresh snapshot). SQLite has one writer at a time already.
 */
export async function lockRow(
  trx: Trx,
  kind: 'sqlite' | 'postgres',
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

export interface LikeRowChange {
  target: 'posts' | 'comments';
  id: string;
  personId: string;
  liked: boolean;
  now: number;
}

/**
 * The statement that adds or removes the like row, and the sign the count moves by. With a
 * `gate`, the row is written only where the gate holds.
 */
function likeStatements(change: LikeRowChange, gate?: RawBuilder<boolean>) {
  const likes = sql.table(likeRows[change.target].table);
  const key = sql.ref(likeRows[change.target].key);
  const row = sql`${change.id}, ${change.personId}, ${change.now}`;
  return {
    writeRow: change.liked
      ? sql`insert into ${likes} (${key}, person_id, created_at)
          ${gate ? sql`select ${row} where ${gate}` : sql`values (${row})`} on conflict do nothing`
      : sql`delete from ${likes} where ${key} = ${change.id} and person_id = ${change.personId}
          ${gate ? sql`and ${gate}` : sql``}`,
    sign: change.liked ? sql`+` : sql`-`,
  };
}

/**
 * Sets one person's like on a post or a comment: the like row, then the count by the rows it
 * changed (none when it was already so), so `like_count` always equals the likes. How depends
 * on the engine; what is written does not.
 */
export async function writeLike(
  database: AppDatabase,
  change: LikeRowChange,
): Promise<{ likeCount: number; added: boolean }> {
  return database.kind === 'postgres'
    ? await retryingDeadlocks(() => writeLikeInOneStatement(database.db, change))
    : await inTransaction(database, (trx) => writeLikeInTransaction(trx, change));
}

/**
 * PostgreSQL: one statement, so one round trip, which costs more than the writes: the like row,
 * then the count (the update's row lock orders concurrent toggles).
 */
async function writeLikeInOneStatement(
  db: Db,
  change: LikeRowChange,
): Promise<{ likeCount: number; added: boolean }> {
  const { writeRow, sign } = likeStatements(change);
  const { rows } = await sql<{ like_count: number; added: boolean }>`
    with changed as (${writeRow} returning 1),
    counted as (update ${sql.table(change.target)}
      set like_count = like_count ${sign} (select count(*) from changed)
      where id = ${change.id} returning like_count)
    select like_count, exists (select 1 from changed) as added from counted`.execute(db);
  return { likeCount: Number(rows[0]?.like_count ?? 0), added: Boolean(rows[0]?.added) };
}

/** The notification a like writes to the post's author, as the service decided it. */
export interface LikeNotice {
  id: string;
  /** Who is never sent it (the service's rule says who). */
  exceptRecipient: string;
}

/** A like on a post, written only when the person may see the post. */
export interface PostLikeWrite {
  postId: string;
  personId: string;
  liked: boolean;
  now: number;
  /** Written to the post's author when the like is new and she is not its exception. */
  notice: LikeNotice | null;
}

export interface PostLikeWritten {
  authorId: string;
  /** Whether a guest could see the post (who hears of the like). */
  seenByGuests: boolean;
  likeCount: number;
  /** Whether the like was new and the author was notified. */
  notified: boolean;
  /** PostgreSQL: whether the author may see the post, so be told of the notification now. */
  authorSees?: boolean;
}

/**
 * Likes or unlikes a post the person may see, and writes the author's notification of a new
 * like; nothing is written, and nothing comes back, when the person may not see the post.
 * PostgreSQL does it all in one statement (a round trip there costs more than the writes);
 * SQLite in one transaction.
 */
export async function writePostLike(
  database: AppDatabase,
  write: PostLikeWrite,
): Promise<PostLikeWritten | undefined> {
  return database.kind === 'postgres'
    ? await retryingDeadlocks(() => writeVisiblePostLikeInOneStatement(database.db, write))
    : await inTransaction(database, (trx) => writeVisiblePostLikeInTransaction(trx, write));
}

/**
 * The like's notification to the post's author, from a row source carrying the post's
 * `author_id`, where `holds`: the one statement that carries out the notice on both engines,
 * so its recipient rule (never the liker herself) runs in one place.
 */
function likeNoticeInsert(
  write: Pick<PostLikeWrite, 'postId' | 'personId' | 'now'>,
  notice: LikeNotice,
  source: 'visible' | 'posts',
  holds: RawBuilder<boolean>,
) {
  const author = sql.ref(`${source}.author_id`);
  return sql`insert into notifications (id, recipient_id, type, actor_id, post_id, created_at)
    select ${notice.id}, ${author}, 'liked', ${write.personId}, ${write.postId}, ${write.now}
    from ${sql.table(source)} where ${author} <> ${notice.exceptRecipient} and ${holds}`;
}

/** PostgreSQL: the post's visibility to the person, the like row, the count and the notice. */
async function writeVisiblePostLikeInOneStatement(
  db: Db,
  write: PostLikeWrite,
): Promise<PostLikeWritten | undefined> {
  // An unlike writes no like row: the time it does not use is no part of its SQL.
  const { postId, personId, notice } = write;
  const [row] = await visiblePostLike(
    db,
    write.liked ? write : { postId, personId, liked: false, notice },
  );
  if (!row) return undefined;
  return {
    authorId: row.author_id,
    seenByGuests: Boolean(row.seen_by_guests),
    likeCount: Number(row.like_count),
    notified: Boolean(row.notified),
    authorSees: Boolean(row.author_sees),
  };
}

// Made on every like tap: built once and planned once per connection (db/prepared.ts), as
// planning this statement costs about as much as running it.
const visiblePostLike = preparedQuery(
  (db: Db, write: Omit<PostLikeWrite, 'now'> & Partial<PostLikeWrite>) => {
    const { postId, personId, now, notice } = write;
    const visible = sql<boolean>`exists (select 1 from visible)`;
    const { writeRow, sign } = likeStatements(
      { target: 'posts', id: postId, personId, liked: write.liked, now: now as number },
      visible,
    );
    const notified = notice
      ? sql`, notified as (${likeNoticeInsert(
          { postId, personId, now: now as number },
          notice,
          'visible',
          sql<boolean>`exists (select 1 from changed)`,
        )} returning 1)`
      : sql``;
    const statement = sql<{
      author_id: string;
      seen_by_guests: boolean;
      author_sees: boolean;
      like_count: number;
      notified: boolean;
    }>`
      with visible as (select posts.author_id,
          ${visiblePosts(null)} as seen_by_guests,
          ${visiblePosts(sql.ref('posts.author_id'))} as author_sees
        from posts where posts.id = ${postId} and ${visiblePosts(personId)}),
      changed as (${writeRow} returning 1),
      counted as (update posts
        set like_count = like_count ${sign} (select count(*) from changed)
        where id = ${postId} and ${visible} returning like_count)
      ${notified}
      select visible.author_id, visible.seen_by_guests, visible.author_sees, counted.like_count,
        ${notice ? sql`exists (select 1 from notified)` : sql`false`} as notified
      from visible cross join counted`;
    return { compile: () => statement.compile(db) };
  },
  { inSql: ['liked'] },
);

/** SQLite, inside a transaction: the same as `writeVisiblePostLikeInOneStatement`. */
async function writeVisiblePostLikeInTransaction(
  trx: Trx,
  write: PostLikeWrite,
): Promise<PostLikeWritten | undefined> {
  const visible = await findVisiblePostAuthor(trx, write.personId, write.postId);
  if (!visible) return undefined;
  const { likeCount, added } = await writeLikeInTransaction(trx, {
    target: 'posts',
    id: write.postId,
    personId: write.personId,
    liked: write.liked,
    now: write.now,
  });
  const notice =
    added && write.notice
      ? await likeNoticeInsert(
          write,
          write.notice,
          'posts',
          sql<boolean>`posts.id = ${write.postId}`,
        ).execute(trx)
      : undefined;
  return {
    authorId: visible.author_id,
    seenByGuests: Boolean(visible.seen_by_guests),
    likeCount,
    notified: Number(notice?.numAffectedRows ?? 0) > 0,
  };
}

/** SQLite, inside a transaction: the like row, then the count by the rows it changed. */
async function writeLikeInTransaction(
  trx: Trx,
  change: LikeRowChange,
): Promise<{ likeCount: number; added: boolean }> {
  const { writeRow, sign } = likeStatements(change);
  const changed = Number((await writeRow.execute(trx)).numAffectedRows ?? 0);
  const { rows } = await sql<{ like_count: number }>`update ${sql.table(change.target)}
    set like_count = like_count ${sign} ${changed} where id = ${change.id}
    returning like_count`.execute(trx);
  return { likeCount: Number(rows[0]?.like_count ?? 0), added: changed > 0 };
}

/** Which of these people exist. */
export async function existingPersonIds(db: Db, ids: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom('people').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** A post's fields as its form would send them again, or undefined when it is gone. */
export async function findPostFields(db: Db, postId: string): Promise<PostData | undefined> {
  const post = await db
    .selectFrom('posts')
    .select([
      'kind',
      'student_id',
      'tagged_instructor_id',
      'course_id',
      'lesson_id',
      'text',
      'rating',
    ])
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post) return undefined;
  const photos = await db
    .selectFrom('post_media')
    .select(['url', 'width', 'height'])
    .where('post_id', '=', postId)
    .orderBy('position')
    .execute();
  return {
    kind: post.kind,
    studentId: post.student_id,
    taggedInstructorId: post.tagged_instructor_id,
    courseId: post.course_id,
    lessonId: post.lesson_id,
    text: post.text,
    rating: post.rating,
    photos,
  };
}

/**
 * Replaces a post's own mentions (not its comments') and, when `photos` is given, its photos (an
 * edit that leaves the photos out keeps them, featured ones included).
 */
export async function replacePostMediaAndMentions(
  trx: Trx,
  postId: string,
  photos: PostData['photos'] | undefined,
  mentions: string[],
  now: number,
) {
  if (photos !== undefined) await replacePostMedia(trx, postId, photos);
  await trx
    .deleteFrom('mentions')
    .where('post_id', '=', postId)
    .where('comment_id', 'is', null)
    .execute();
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

async function replacePostMedia(trx: Trx, postId: string, photos: PostData['photos']) {
  await trx.deleteFrom('post_media').where('post_id', '=', postId).execute();
  // A featured photo the edit keeps stays featured (under the same link); one it drops goes.
  const kept = photos.map((photo) => photo.url);
  await trx
    .deleteFrom('featured_works')
    .where('post_id', '=', postId)
    .$if(kept.length > 0, (query) => query.where('photo_url', 'not in', kept))
    .execute();
  if (photos.length > 0) {
    await trx
      .insertInto('post_media')
      .values(
        photos.map((photo, position) => ({
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
}

/** The columns a post form decides. */
export interface PostColumns {
  kind: PostData['kind'];
  studentId: string | null;
  taggedInstructorId: string | null;
  courseId: string | null;
  lessonId: string | null;
  lessonTitle: string | null;
  text: string;
  rating: number | null;
}

const postRow = (post: PostColumns) => ({
  kind: post.kind,
  student_id: post.studentId,
  tagged_instructor_id: post.taggedInstructorId,
  course_id: post.courseId,
  lesson_id: post.lessonId,
  lesson_title: post.lessonTitle,
  text: post.text,
  rating: post.rating,
});

/**
 * Makes a post and spends its id, in the caller's transaction. False, with nothing written, when
 * the id was used before: by a post made meanwhile, or by one made and deleted since.
 */
export async function insertPostRow(
  trx: Trx,
  post: PostColumns & { id: string; authorId: string; now: number },
): Promise<boolean> {
  const spent = await trx
    .insertInto('post_ids')
    .values({ id: post.id, author_id: post.authorId, created_at: post.now })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  if (Number(spent.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  const result = await trx
    .insertInto('posts')
    .values({
      id: post.id,
      author_id: post.authorId,
      ...postRow(post),
      created_at: post.now,
      updated_at: post.now,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Who first used this post id, whether the post is there, hidden or deleted; null if unused. */
export async function postIdAuthor(db: Db, id: string): Promise<string | null> {
  const row = await db
    .selectFrom('post_ids')
    .select('author_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (row) return row.author_id;
  // Posts made before ids were kept, and the demo academy's, are spent by being there.
  const post = await db
    .selectFrom('posts')
    .select('author_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return post?.author_id ?? null;
}

/** Returns how many rows changed: none when the post is gone. */
export async function updatePostRow(
  trx: Trx,
  id: string,
  post: PostColumns & { now: number },
): Promise<number> {
  const result = await trx
    .updateTable('posts')
    .set({ ...postRow(post), updated_at: post.now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Returns how many rows went: none when the post was gone already. */
export async function deletePostRow(trx: Trx, id: string): Promise<number> {
  const result = await trx.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function setBookmarkRow(
  db: Db,
  {
    postId,
    personId,
    bookmarked,
    now,
  }: { postId: string; personId: string; bookmarked: boolean; now: number },
): Promise<void> {
  if (bookmarked) {
    await db
      .insertInto('post_bookmarks')
      .values({ post_id: postId, person_id: personId, created_at: now })
      .onConflict((conflict) => conflict.columns(['post_id', 'person_id']).doNothing())
      .execute();
  } else {
    await db
      .deleteFrom('post_bookmarks')
      .where('post_id', '=', postId)
      .where('person_id', '=', personId)
      .execute();
  }
}
