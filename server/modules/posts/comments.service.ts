import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, NotNull, Transaction } from 'kysely';
import type { Comment } from '#shared/schemas/posts';
import type { AppDatabase } from '../../db/database.ts';
import type { Database, PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { avatarUrl } from '../media/avatar.ts';
import {
  insertNotifications,
  type NewNotification,
} from '../notifications/notifications.repository.ts';
import { announceNotifications } from '../notifications/notifications.service.ts';
import { lockRow, mentionedIds, writeLike } from './post-writes.service.ts';
import { requireVisiblePost } from './posts.service.ts';

type Trx = Transaction<Database>;

/** All comments of a post the viewer may see, oldest first; replies carry their parent. */
export async function listComments(
  database: AppDatabase,
  viewerId: string | null,
  postId: string,
): Promise<Comment[]> {
  await requireVisiblePost(database, viewerId, postId);
  return readComments(database, viewerId, { postId });
}

type WhichComments = { postId: string } | { commentId: string };

/** The condition that picks a post's comments, or one comment. */
function chosen(where: WhichComments) {
  return (eb: ExpressionBuilder<Database, 'comments'>) =>
    'postId' in where
      ? eb('comments.post_id', '=', where.postId)
      : eb('comments.id', '=', where.commentId);
}

async function readComments(
  database: AppDatabase,
  viewerId: string | null,
  where: WhichComments,
): Promise<Comment[]> {
  const rows = await database.db
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
    .where(chosen(where))
    .orderBy('comments.created_at')
    .orderBy('comments.id')
    .execute();
  // Chosen by the same condition as the comments, not by a list of their ids: a list made a
  // statement of a new shape for every number of comments (each prepared and kept by the
  // statement cache: the server's memory grew with a busy post's comments; bench/README.md).
  const mentions =
    rows.length === 0
      ? []
      : await database.db
          .selectFrom('mentions')
          .innerJoin('comments', 'comments.id', 'mentions.comment_id')
          .innerJoin('people', 'people.id', 'mentions.person_id')
          .select(['mentions.comment_id', 'people.id', 'people.role', 'people.name'])
          // A comment's mentions carry its post: the index on mentions.post_id finds them.
          .whereRef('mentions.post_id', '=', 'comments.post_id')
          .where(chosen(where))
          // Joined to its comment, so never null.
          .$narrowType<{ comment_id: NotNull }>()
          .execute();
  const mentionsOf = new Map<string, Comment['mentions']>();
  for (const { comment_id, id, role, name } of mentions) {
    const ofComment = mentionsOf.get(comment_id) ?? [];
    ofComment.push({ id, role, name });
    mentionsOf.set(comment_id, ofComment);
  }
  return rows.map((row) => ({
    id: row.id,
    postId: row.post_id,
    parentId: row.parent_id,
    author: {
      id: row.author_id,
      name: row.author_name,
      avatarUrl: row.author_avatar_url ?? avatarUrl(row.author_name),
    },
    text: row.text,
    mentions: mentionsOf.get(row.id) ?? [],
    likeCount: Number(row.like_count),
    likedByMe: Boolean(row.liked_by_me),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  }));
}

async function replaceCommentMentions(
  trx: Trx,
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

async function recountComments(trx: Trx, postId: string) {
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

/** Anyone signed in comments on a post they may see, or replies to a comment of that post. */
export async function addComment(
  database: AppDatabase,
  person: PersonRow,
  postId: string,
  input: { text: string; parentId: string | null },
): Promise<Comment> {
  const { authorId: postAuthor } = await requireVisiblePost(database, person.id, postId);
  let parentAuthor: string | null = null;
  if (input.parentId) {
    const parent = await database.db
      .selectFrom('comments')
      .select(['post_id', 'author_id'])
      .where('id', '=', input.parentId)
      .executeTakeFirst();
    if (!parent || parent.post_id !== postId) throw new AppError('reply_elsewhere', 400);
    parentAuthor = parent.author_id;
  }
  const mentions = await mentionedIds(database.db, input.text);
  const id = randomUUID();
  const now = Date.now();
  const notified = await inTransaction(database, async (trx) => {
    await lockRow(trx, database.kind, 'posts', postId);
    await trx
      .insertInto('comments')
      .values({
        id,
        post_id: postId,
        author_id: person.id,
        parent_id: input.parentId,
        text: input.text,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await replaceCommentMentions(trx, postId, id, mentions, now);
    await recountComments(trx, postId);
    const told = new Set([person.id]);
    const notifications: NewNotification[] = [];
    const tell = (recipientId: string | null, type: string) => {
      if (!recipientId || told.has(recipientId)) return;
      told.add(recipientId);
      notifications.push({ recipientId, type, actorId: person.id, postId, commentId: id });
    };
    tell(parentAuthor, 'replied');
    tell(postAuthor, 'commented');
    for (const mentioned of mentions) tell(mentioned, 'mentioned');
    return insertNotifications(trx, notifications, now);
  });
  await database.events.publish(
    { type: 'comment.created', postId, commentId: id },
    { kind: 'post', postId },
  );
  await announceNotifications(database, notified);
  const [comment] = await readComments(database, person.id, { commentId: id });
  return comment!;
}

async function requireCommentEditor(database: AppDatabase, person: PersonRow, commentId: string) {
  const row = await database.db
    .selectFrom('comments')
    .select(['post_id', 'author_id'])
    .where('id', '=', commentId)
    .executeTakeFirst();
  if (!row) throw new AppError('comment_not_found', 404);
  // A comment under a post the person may not see is as absent as the post.
  await requireVisiblePost(database, person.id, row.post_id);
  if (row.author_id !== person.id && person.role !== 'admin') throw new AppError('forbidden', 403);
  return row;
}

export async function editComment(
  database: AppDatabase,
  person: PersonRow,
  commentId: string,
  text: string,
): Promise<Comment> {
  const row = await requireCommentEditor(database, person, commentId);
  const mentions = await mentionedIds(database.db, text);
  const now = Date.now();
  await inTransaction(database, async (trx) => {
    await trx
      .updateTable('comments')
      .set({ text, updated_at: now })
      .where('id', '=', commentId)
      .execute();
    await replaceCommentMentions(trx, row.post_id, commentId, mentions, now);
  });
  await database.events.publish(
    { type: 'comment.updated', postId: row.post_id, commentId },
    { kind: 'post', postId: row.post_id },
  );
  const [comment] = await readComments(database, person.id, { commentId });
  return comment!;
}

/** Deleting a comment deletes its replies with it. */
export async function deleteComment(database: AppDatabase, person: PersonRow, commentId: string) {
  const row = await requireCommentEditor(database, person, commentId);
  await inTransaction(database, async (trx) => {
    await lockRow(trx, database.kind, 'posts', row.post_id);
    await trx.deleteFrom('comments').where('id', '=', commentId).execute();
    await recountComments(trx, row.post_id);
  });
  await database.events.publish(
    { type: 'comment.deleted', postId: row.post_id, commentId },
    { kind: 'post', postId: row.post_id },
  );
}

export async function setCommentLike(
  database: AppDatabase,
  person: PersonRow,
  commentId: string,
  liked: boolean,
) {
  const row = await database.db
    .selectFrom('comments')
    .select('post_id')
    .where('id', '=', commentId)
    .executeTakeFirst();
  if (!row) throw new AppError('comment_not_found', 404);
  await requireVisiblePost(database, person.id, row.post_id);
  const { likeCount } = await writeLike(database, {
    target: 'comments',
    id: commentId,
    personId: person.id,
    liked,
    now: Date.now(),
  });
  await database.events.publish(
    { type: 'comment.liked', postId: row.post_id, commentId, actorId: person.id },
    { kind: 'post', postId: row.post_id },
  );
  return { liked, likeCount };
}
