import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, NotNull } from 'kysely';
import { idAmong } from '../../db/dialect.ts';
import { type Keyset, notOlderThan, olderThan } from '../../db/keyset.ts';
import type { Database, Db } from '../../db/schema.ts';

/**
 * Which threads of a discussion: the latest `latest` ones, or every one from the thread at
 * `from` on. A thread is a top-level comment with every reply under it, at any depth.
 */
export type ThreadWindow = { latest: number } | { from: Keyset };

export type WhichComments =
  | { postId: string }
  | { commentId: string }
  | { postId: string; threads: ThreadWindow };

/**
 * The ids of every comment in the window's threads: its top-level comments, then the replies
 * under them, level by level (a recursive query, as a reply may answer a reply).
 */
function commentsInThreads(db: Db, postId: string, window: ThreadWindow) {
  return db
    .withRecursive('shown(id)', (creator) =>
      creator
        // Through a subquery: the first part of a compound query takes no limit of its own.
        .selectFrom((inner) => {
          const starts = inner
            .selectFrom('comments')
            .select('comments.id')
            .where('comments.post_id', '=', postId)
            .where('comments.parent_id', 'is', null);
          return (
            'from' in window
              ? starts.where(notOlderThan('comments', window.from))
              : starts
                  .orderBy('comments.created_at', 'desc')
                  .orderBy('comments.id', 'desc')
                  .limit(window.latest)
          ).as('started');
        })
        .select('started.id')
        .unionAll((union) =>
          union
            .selectFrom('comments')
            .innerJoin('shown', 'shown.id', 'comments.parent_id')
            .select('comments.id'),
        ),
    )
    .selectFrom('shown')
    .select('shown.id');
}

/** The condition that picks a post's comments, the comments of some of its threads, or one. */
function chosen(db: Db, where: WhichComments) {
  return (eb: ExpressionBuilder<Database, 'comments'>) =>
    'commentId' in where
      ? eb('comments.id', '=', where.commentId)
      : 'threads' in where
        ? // By id alone: the threads are the post's already, and each is looked up, not searched
          // for among all of the post's comments.
          idAmong(db, 'comments.id', commentsInThreads(db, where.postId, where.threads))
        : eb('comments.post_id', '=', where.postId);
}

/**
 * Up to `count` top-level comments of a post older than `before`, newest first: the threads a
 * reader would see next by going back.
 */
export function listThreadStartsBefore(db: Db, postId: string, before: Keyset, count: number) {
  return db
    .selectFrom('comments')
    .select(['comments.created_at', 'comments.id'])
    .where('comments.post_id', '=', postId)
    .where('comments.parent_id', 'is', null)
    .where(olderThan('comments', before))
    .orderBy('comments.created_at', 'desc')
    .orderBy('comments.id', 'desc')
    .limit(count)
    .execute();
}

/**
 * The query for the chosen comments, oldest first, with their authors and whether the viewer
 * likes each (`listCommentRows` runs it; its plan is checked in comments.repository.db.test.ts).
 */
export function commentRowsQuery(db: Db, viewerId: string | null, where: WhichComments) {
  return db
    .selectFrom('comments')
    .innerJoin('people as author', 'author.id', 'comments.author_id')
    .select([
      'comments.id',
      'comments.post_id',
      'comments.parent_id',
      'comments.text',
      'comments.like_count',
      'comments.created_at',
      'comments.updated_at',
      'author.id as author_id',
      'author.name as author_name',
      'author.avatar_url as author_avatar_url',
    ])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('comment_likes')
            .select('comment_likes.comment_id')
            .whereRef('comment_likes.comment_id', '=', 'comments.id')
            // A guest has no likes: '' is nobody's id.
            .where('comment_likes.person_id', '=', viewerId ?? ''),
        )
        .as('liked_by_me'),
    )
    .where(chosen(db, where))
    .orderBy('comments.created_at')
    .orderBy('comments.id');
}

export function listCommentRows(db: Db, viewerId: string | null, where: WhichComments) {
  return commentRowsQuery(db, viewerId, where).execute();
}

/**
 * The query for the people the chosen comments mention. Chosen by the same condition as the
 * comments, not by a list of their ids: a list makes a statement of a new shape for every number
 * of comments, and the statement cache would keep each one.
 */
export function commentMentionsQuery(db: Db, where: WhichComments) {
  return (
    db
      .selectFrom('mentions')
      .innerJoin('comments', 'comments.id', 'mentions.comment_id')
      .innerJoin('people', 'people.id', 'mentions.person_id')
      .select(['mentions.comment_id', 'people.id', 'people.role', 'people.name'])
      // A comment's mentions carry its post: the index on mentions.post_id finds them.
      .whereRef('mentions.post_id', '=', 'comments.post_id')
      .where(chosen(db, where))
      // Joined to its comment, so never null.
      .$narrowType<{ comment_id: NotNull }>()
  );
}

export function listCommentMentions(db: Db, where: WhichComments) {
  return commentMentionsQuery(db, where).execute();
}

export async function replaceCommentMentions(
  trx: Db,
  postId: string,
  commentId: string,
  mentions: string[],
  now: number,
) {
  await trx.deleteFrom('mentions').where('comment_id', '=', commentId).execute();
  if (mentions.length === 0) return;
  await trx
    .insertInto('mentions')
    .values(
      mentions.map((personId) => ({
        id: randomUUID(),
        post_id: postId,
        comment_id: commentId,
        person_id: personId,
        created_at: now,
      })),
    )
    .execute();
}

export async function recountComments(trx: Db, postId: string) {
  await trx
    .updateTable('posts')
    .set((eb) => ({
      comment_count: eb
        .selectFrom('comments')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .where('comments.post_id', '=', postId),
    }))
    .where('id', '=', postId)
    .execute();
}

export function findComment(db: Db, id: string) {
  return db
    .selectFrom('comments')
    .select(['post_id', 'author_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertComment(
  db: Db,
  comment: {
    id: string;
    postId: string;
    authorId: string;
    parentId: string | null;
    text: string;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('comments')
    .values({
      id: comment.id,
      post_id: comment.postId,
      author_id: comment.authorId,
      parent_id: comment.parentId,
      text: comment.text,
      created_at: comment.now,
      updated_at: comment.now,
    })
    .execute();
}

export async function updateCommentText(db: Db, id: string, text: string, now: number) {
  await db.updateTable('comments').set({ text, updated_at: now }).where('id', '=', id).execute();
}

/** Its replies go with it (the foreign key cascades). */
export async function deleteCommentRow(db: Db, id: string) {
  await db.deleteFrom('comments').where('id', '=', id).execute();
}
