import { sql } from 'kysely';
import { jsonArrayOf } from '../../db/dialect.ts';
import { type Keyset, olderThan } from '../../db/keyset.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Db, Role } from '../../db/schema.ts';
import { containsFolded, containsPattern, matchesPattern } from '../../db/search-columns.ts';
import { visiblePosts } from './post-visibility.ts';

export interface PostListFilter {
  viewerId: string | null;
  courseId?: string | undefined;
  lessonId?: string | undefined;
  authorId?: string | undefined;
  /** Only evaluations of this student. */
  studentId?: string | undefined;
  /** Only posts this person bookmarked. */
  bookmarkedBy?: string | undefined;
  postId?: string | undefined;
  kind?: 'evaluation' | 'general' | undefined;
  /** Folded text (foldForSearch) found in the author's or the tagged person's name. */
  nameContains?: string | undefined;
  /** Only posts after this one in newest-first order. */
  before?: Keyset | undefined;
  limit: number;
}

type PreparedPostFilter = Omit<PostListFilter, 'nameContains'> & {
  /** `containsPattern` of the folded name searched for. */
  namePattern?: string | undefined;
};

/** The feed's query: built and compiled once per combination of filters (db/prepared.ts). */
const postRowsQuery = preparedQuery(
  (db: Db, filter: PreparedPostFilter) => {
    let query = db
      .selectFrom('posts')
      .innerJoin('people as author', 'author.id', 'posts.author_id')
      .leftJoin('people as student', 'student.id', 'posts.student_id')
      .leftJoin('people as tagged', 'tagged.id', 'posts.tagged_instructor_id')
      .leftJoin('courses', 'courses.id', 'posts.course_id')
      .select([
        'posts.id',
        'posts.kind',
        'posts.text',
        'posts.rating',
        'posts.like_count',
        'posts.comment_count',
        'posts.created_at',
        'posts.lesson_id',
        'posts.lesson_title',
        'posts.course_id',
        'courses.name as course_name',
        'author.id as author_id',
        'author.name as author_name',
        'author.avatar_url as author_avatar_url',
        'student.id as student_id',
        'student.name as student_name',
        'student.avatar_url as student_avatar_url',
        'tagged.id as tagged_id',
        'tagged.name as tagged_name',
        'tagged.avatar_url as tagged_avatar_url',
        // Photos and mentions in the same query: one statement (one round trip) per page.
        (eb) =>
          jsonArrayOf(
            db,
            eb
              .selectFrom('post_media')
              .select(['url', 'width', 'height'])
              .whereRef('post_media.post_id', '=', 'posts.id')
              .orderBy('position'),
          ).as('media'),
        (eb) =>
          jsonArrayOf(
            db,
            eb
              .selectFrom('mentions')
              .innerJoin('people', 'people.id', 'mentions.person_id')
              .select(['people.id', 'people.role', 'people.name'])
              .whereRef('mentions.post_id', '=', 'posts.id')
              .where('mentions.comment_id', 'is', null),
          ).as('mentions'),
        // A guest has no likes or bookmarks: '' is nobody's id. Each is one lookup of the row's
        // key for each post shown: as an EXISTS, PostgreSQL's plan, prepared for any viewer,
        // reads every like of the viewer into a hash on every page, and someone who likes a lot
        // has thousands.
        sql<boolean | number>`(select 1 from post_likes
        where post_likes.post_id = posts.id and post_likes.person_id = ${filter.viewerId ?? ''}) is not null`.as(
          'liked_by_me',
        ),
        sql<boolean | number>`(select 1 from post_bookmarks
        where post_bookmarks.post_id = posts.id and post_bookmarks.person_id = ${filter.viewerId ?? ''}) is not null`.as(
          'bookmarked_by_me',
        ),
      ])
      .where(visiblePosts(filter.viewerId));
    // Whether a filter is present is part of the shape; its value only goes to Kysely.
    if (filter.courseId !== undefined) query = query.where('posts.course_id', '=', filter.courseId);
    if (filter.lessonId !== undefined) query = query.where('posts.lesson_id', '=', filter.lessonId);
    if (filter.authorId !== undefined) query = query.where('posts.author_id', '=', filter.authorId);
    if (filter.studentId !== undefined)
      query = query.where('posts.student_id', '=', filter.studentId);
    if (filter.postId !== undefined) query = query.where('posts.id', '=', filter.postId);
    if (filter.kind !== undefined) query = query.where('posts.kind', '=', filter.kind);
    const pattern = filter.namePattern;
    if (pattern !== undefined) {
      query = query.where((eb) =>
        eb.or([
          matchesPattern(sql.ref('author.name_search'), pattern),
          matchesPattern(sql.ref('student.name_search'), pattern),
          matchesPattern(sql.ref('tagged.name_search'), pattern),
        ]),
      );
    }
    const bookmarkedBy = filter.bookmarkedBy;
    if (bookmarkedBy !== undefined) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom('post_bookmarks')
            .select('post_bookmarks.post_id')
            .whereRef('post_bookmarks.post_id', '=', 'posts.id')
            .where('post_bookmarks.person_id', '=', bookmarkedBy),
        ),
      );
    }
    if (filter.before !== undefined) query = query.where(olderThan('posts', filter.before));
    return query
      .orderBy('posts.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(filter.limit);
  },
  // SQLite runs a page size written into the SQL faster than a bound one (db/database.ts).
  { inSql: ['limit'] },
);

/** Posts the viewer may see, newest first, with the names and pictures they show. */
export function listPostRows(db: Db, filter: PostListFilter) {
  const { nameContains, ...rest } = filter;
  return postRowsQuery(db, {
    ...rest,
    namePattern: nameContains ? containsPattern(nameContains) : undefined,
  });
}
export type PostListRow = Awaited<ReturnType<typeof listPostRows>>[number];

// Read before every like, save, comment and edit: built once (db/prepared.ts).
const visiblePostAuthor = preparedQuery(
  (db: Db, { viewerId, postId }: { viewerId: string | null; postId: string }) =>
    db
      .selectFrom('posts')
      .select(['posts.author_id', 'posts.comment_count'])
      .select(visiblePosts(null).as('seen_by_guests'))
      .where('posts.id', '=', postId)
      .where(visiblePosts(viewerId)),
);

/**
 * A post's author, its comment count, and whether a guest could see it, if the post exists and
 * the viewer may.
 */
export async function findVisiblePostAuthor(db: Db, viewerId: string | null, postId: string) {
  const [row] = await visiblePostAuthor(db, { viewerId, postId });
  return row;
}

/** Active people of the given roles whose name contains the folded text, in name order. */
export function listActivePeopleByName(
  db: Db,
  { roles, folded, limit }: { roles: Role[]; folded: string; limit: number },
) {
  return db
    .selectFrom('people')
    .select(['id', 'name', 'avatar_url', 'role'])
    .where('role', 'in', roles)
    .where('status', '=', 'active')
    .$if(folded.length > 0, (query) =>
      query.where(containsFolded(sql.ref('people.name_search'), folded)),
    )
    .orderBy('name_search')
    .limit(limit)
    .execute();
}
