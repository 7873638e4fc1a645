import { POST_PAGE_SIZE, type Post, type PostPage } from '#shared/schemas/posts';
import type { AppDatabase } from '../../db/database.ts';
import { avatarUrl } from '../media/avatar.ts';
import {
  listPostRows,
  mediaByPost,
  mentionsByPost,
  type PostListFilter,
  type PostListRow,
} from './posts.repository.ts';

const encodeCursor = (row: PostListRow) => `${row.created_at}.${row.id}`;

function decodeCursor(cursor: string | undefined): PostListFilter['before'] {
  if (!cursor) return undefined;
  const dot = cursor.indexOf('.');
  return { createdAt: Number(cursor.slice(0, dot)), id: cursor.slice(dot + 1) };
}

function person(id: string | null, name: string | null, avatar: string | null) {
  return id && name ? { id, name, avatarUrl: avatar ?? avatarUrl(name) } : null;
}

function toPost(row: PostListRow, media: Post['media'], mentions: Post['mentions']): Post {
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
    media,
    mentions,
    createdAt: Number(row.created_at),
  };
}

/** One page of the posts a viewer may see, newest first, and where the next page starts. */
export async function listPostPage(
  database: AppDatabase,
  filter: Omit<PostListFilter, 'before' | 'limit'> & { cursor?: string | undefined },
): Promise<PostPage> {
  const { cursor, ...rest } = filter;
  // One more than a page tells whether another page follows without a count.
  const rows = await listPostRows(database.db, {
    ...rest,
    before: decodeCursor(cursor),
    limit: POST_PAGE_SIZE + 1,
  });
  const page = rows.slice(0, POST_PAGE_SIZE);
  const postIds = page.map((row) => row.id);
  const [media, mentions] = await Promise.all([
    mediaByPost(database.db, postIds),
    mentionsByPost(database.db, postIds),
  ]);
  return {
    posts: page.map((row) =>
      toPost(
        row,
        media
          .filter((item) => item.post_id === row.id)
          .map(({ url, width, height }) => ({ url, width, height })),
        mentions
          .filter((mention) => mention.post_id === row.id)
          .map(({ id, role }) => ({ id, role })),
      ),
    ),
    nextCursor: rows.length > POST_PAGE_SIZE ? encodeCursor(page.at(-1)!) : null,
  };
}
