import { POST_PAGE_SIZE, type Post, type PostPage } from '#shared/schemas/posts';
import { foldForSearch } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import { readJsonArray } from '../../db/dialect.ts';
import type { Audience } from '../../db/event-bus.ts';
import { decodeKeyset, encodeKeyset } from '../../db/keyset.ts';
import { AppError } from '../../lib/app-error.ts';
import { mentionableRoles, postCan } from '../../policies/post.ts';
import type { Who } from '../../policies/who.ts';
import { postAudienceKnown } from '../events/live-audience.ts';
import { avatarUrl } from '../media/avatar.ts';
import {
  findVisiblePostAuthor,
  listActivePeopleByName,
  listPostRows,
  type PostListFilter,
  type PostListRow,
} from './posts.repository.ts';

function person(id: string | null, name: string | null, avatar: string | null) {
  return id && name ? { id, name, avatarUrl: avatar ?? avatarUrl(name) } : null;
}

/** A post as the API shows it to a viewer, with what she may do with it. */
function toPost(row: PostListRow, viewer: Who): Post {
  return {
    id: row.id,
    kind: row.kind,
    author: person(row.author_id, row.author_name, row.author_avatar_url)!,
    student: person(row.student_id, row.student_name, row.student_avatar_url),
    taggedInstructor: person(row.tagged_id, row.tagged_name, row.tagged_avatar_url),
    course: row.course_id && row.course_name ? { id: row.course_id, name: row.course_name } : null,
    lesson: row.lesson_title ? { id: row.lesson_id, title: row.lesson_title } : null,
    text: row.text,
    rating: row.rating,
    likeCount: Number(row.like_count),
    commentCount: Number(row.comment_count),
    media: readJsonArray(row.media),
    mentions: readJsonArray(row.mentions),
    likedByMe: Boolean(row.liked_by_me),
    bookmarkedByMe: Boolean(row.bookmarked_by_me),
    createdAt: Number(row.created_at),
    can: postCan(viewer, { authorId: row.author_id }),
  };
}

/** One post the viewer may see, or 404 "Không tìm thấy bài viết." (hidden is as absent). */
export async function getPost(database: AppDatabase, viewer: Who, postId: string): Promise<Post> {
  const rows = await listPostRows(database.db, { viewerId: viewer?.id ?? null, postId, limit: 1 });
  if (rows.length === 0) throw new AppError('post_not_found', 404);
  return toPost(rows[0]!, viewer);
}

/**
 * The author of a post the viewer may see, or 404 "Không tìm thấy bài viết.": what likes,
 * saves, comments and edits check first, in one query rather than reading the whole post.
 * With it, who hears of a change to the post: read in the same query, so that the live events
 * of a public post need no look of their own.
 */
export async function requireVisiblePost(
  database: AppDatabase,
  viewerId: string | null,
  postId: string,
): Promise<{ authorId: string; audience: Audience; commentCount: number }> {
  const row = await findVisiblePostAuthor(database.db, viewerId, postId);
  if (!row) throw new AppError('post_not_found', 404);
  return {
    authorId: row.author_id,
    commentCount: Number(row.comment_count),
    audience: postAudienceKnown(postId, Boolean(row.seen_by_guests)),
  };
}

/**
 * One page of the posts a viewer may see, newest first, and where the next page starts;
 * `bookmarked` keeps the viewer's own saved posts (a guest has none to filter by), `q` those
 * whose author or tagged person's name holds the text, diacritics and case aside.
 */
export async function listPostPage(
  database: AppDatabase,
  viewer: Who,
  filter: Omit<
    PostListFilter,
    'viewerId' | 'before' | 'limit' | 'bookmarkedBy' | 'nameContains'
  > & {
    cursor?: string | undefined;
    bookmarked?: boolean | undefined;
    q?: string | undefined;
  },
): Promise<PostPage> {
  const { cursor, bookmarked, q, ...rest } = filter;
  if (bookmarked && !viewer) throw new AppError('unauthenticated', 401);
  // One more than a page tells whether another page follows without a count.
  const rows = await listPostRows(database.db, {
    ...rest,
    bookmarkedBy: bookmarked ? viewer?.id : undefined,
    nameContains: q ? foldForSearch(q) || undefined : undefined,
    viewerId: viewer?.id ?? null,
    before: decodeKeyset(cursor),
    limit: POST_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, POST_PAGE_SIZE);
  return {
    posts: page.map((row) => toPost(row, viewer)),
    nextCursor: rows.length > POST_PAGE_SIZE ? encodeKeyset(page.at(-1)!) : null,
  };
}

/**
 * Whom the @ list offers for what was typed after "@": active instructors and admins to
 * everyone, active students to staff only (other students are personal data). Name order.
 */
export async function mentionCandidates(database: AppDatabase, viewer: Who, typed: string) {
  const folded = foldForSearch(typed);
  const roles = mentionableRoles(viewer);
  const rows = await listActivePeopleByName(database.db, { roles, folded, limit: 8 });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    role: row.role,
    avatarUrl: row.avatar_url ?? avatarUrl(row.name),
  }));
}
