import { type Kysely, sql } from 'kysely';
import { databaseKindOf } from '../dialect.ts';

/*
 * The whole data model of the spec, normalised. One migration text for SQLite and PostgreSQL:
 * `bigint` has integer affinity in SQLite, flags are 0/1 integers, ids are text.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
export async function up(db: Kysely<any>): Promise<void> {
  const kind = databaseKindOf(db);
  const autoId = kind === 'postgres' ? 'bigserial' : 'integer';

  await db.schema
    .createTable('people')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('role', 'text', (c) =>
      c.notNull().check(sql`role in ('admin', 'instructor', 'student')`),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'active', 'blocked', 'completed')`),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_search', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'text')
    .addColumn('dob', 'text')
    .addColumn('avatar_url', 'text')
    .addColumn('bio', 'text')
    .addColumn('registration_date', 'bigint', (c) => c.notNull())
    .addColumn('proposed_course_name', 'text')
    .addColumn('proposed_course_description', 'text')
    .addColumn('ban_reason', 'text')
    .addColumn('banned_by', 'text')
    .addColumn('banned_at', 'bigint')
    .addColumn('hide_my_posts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hide_mentioned_posts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notifications_read_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('people_role_status')
    .on('people')
    .columns(['role', 'status'])
    .execute();
  await db.schema.createIndex('people_name_search').on('people').column('name_search').execute();
  await db.schema.createIndex('people_email').on('people').column('email').execute();
  await db.schema
    .createIndex('people_registration_date')
    .on('people')
    .column('registration_date')
    .execute();

  await db.schema
    .createTable('login_mappings')
    .addColumn('auth_user_id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_mappings_person')
    .on('login_mappings')
    .column('person_id')
    .execute();

  await db.schema
    .createTable('courses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_search', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_url', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending', 'active')`))
    .addColumn('proposer_id', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('courses_status').on('courses').column('status').execute();
  await db.schema.createIndex('courses_name_search').on('courses').column('name_search').execute();

  await db.schema
    .createTable('lessons')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_search', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('lessons_course_position')
    .on('lessons')
    .columns(['course_id', 'position'])
    .execute();

  await db.schema
    .createTable('course_instructors')
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('course_instructors_pk', ['course_id', 'person_id'])
    .execute();
  await db.schema
    .createIndex('course_instructors_person')
    .on('course_instructors')
    .column('person_id')
    .execute();

  await db.schema
    .createTable('enrolments')
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('enrolled_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('enrolments_pk', ['person_id', 'course_id'])
    .execute();
  await db.schema.createIndex('enrolments_course').on('enrolments').column('course_id').execute();

  await db.schema
    .createTable('lesson_progress')
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('lesson_id', 'text', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id').onDelete('cascade'))
    .addColumn('completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('summary', 'text')
    .addColumn('last_updated_by', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('last_updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('lesson_progress_pk', ['person_id', 'lesson_id'])
    .execute();
  await db.schema
    .createIndex('lesson_progress_course_person')
    .on('lesson_progress')
    .columns(['course_id', 'person_id'])
    .execute();
  await db.schema
    .createIndex('lesson_progress_lesson')
    .on('lesson_progress')
    .column('lesson_id')
    .execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('evaluation', 'general')`))
    .addColumn('author_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('student_id', 'text', (c) => c.references('people.id').onDelete('cascade'))
    .addColumn('tagged_instructor_id', 'text', (c) =>
      c.references('people.id').onDelete('set null'),
    )
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('lesson_id', 'text', (c) => c.references('lessons.id').onDelete('set null'))
    .addColumn('lesson_title', 'text')
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('rating', 'integer', (c) =>
      c.check(sql`rating is null or (rating >= 0 and rating <= 10)`),
    )
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Keyset pagination of the feed: newest first, ties broken by id.
  await db.schema
    .createIndex('posts_feed')
    .on('posts')
    .columns(['created_at desc', 'id desc'])
    .execute();
  for (const column of ['author_id', 'student_id', 'course_id', 'tagged_instructor_id']) {
    await db.schema
      .createIndex(`posts_${column}_feed`)
      .on('posts')
      .columns([column, 'created_at desc'])
      .execute();
  }

  await db.schema
    .createTable('post_media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('media_id', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('post_media_post')
    .on('post_media')
    .columns(['post_id', 'position'])
    .execute();

  for (const table of ['post_likes', 'post_bookmarks']) {
    await db.schema
      .createTable(table)
      .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('person_id', 'text', (c) =>
        c.notNull().references('people.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['post_id', 'person_id'])
      .execute();
    await db.schema
      .createIndex(`${table}_person`)
      .on(table)
      .columns(['person_id', 'created_at desc'])
      .execute();
  }

  await db.schema
    .createTable('comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('parent_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_post')
    .on('comments')
    .columns(['post_id', 'created_at'])
    .execute();
  await db.schema.createIndex('comments_parent').on('comments').column('parent_id').execute();

  await db.schema
    .createTable('comment_likes')
    .addColumn('comment_id', 'text', (c) =>
      c.notNull().references('comments.id').onDelete('cascade'),
    )
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'person_id'])
    .execute();

  await db.schema
    .createTable('mentions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('comment_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mentions_post').on('mentions').column('post_id').execute();
  await db.schema.createIndex('mentions_person').on('mentions').column('person_id').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient_id', 'text', (c) =>
      c.notNull().references('people.id').onDelete('cascade'),
    )
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.references('people.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.references('posts.id').onDelete('cascade'))
    .addColumn('comment_id', 'text', (c) => c.references('comments.id').onDelete('cascade'))
    .addColumn('course_id', 'text', (c) => c.references('courses.id').onDelete('cascade'))
    .addColumn('subject_person_id', 'text', (c) => c.references('people.id').onDelete('cascade'))
    .addColumn('feedback_id', 'text')
    .addColumn('read_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_recipient')
    .on('notifications')
    .columns(['recipient_id', 'created_at desc'])
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('person_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('refreshed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_person')
    .on('push_subscriptions')
    .column('person_id')
    .execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author_id', 'text', (c) => c.notNull().references('people.id').onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('new', 'viewed', 'resolved')`),
    )
    .addColumn('last_updated_by', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('last_status_update_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_author').on('feedback').column('author_id').execute();
  await db.schema.createIndex('feedback_created').on('feedback').column('created_at').execute();

  await db.schema
    .createTable('activity_logs')
    .addColumn('id', autoId, (c) =>
      c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)),
    )
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('details', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('activity_logs_created')
    .on('activity_logs')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('error_logs')
    .addColumn('id', autoId, (c) =>
      c.primaryKey().$call((b) => (kind === 'sqlite' ? b.autoIncrement() : b)),
    )
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'text')
    .addColumn('extra', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('error_logs_created').on('error_logs').column('created_at').execute();

  await db.schema
    .createTable('settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('upload_service', 'text', (c) =>
      c.notNull().check(sql`upload_service in ('builtin', 'cloudinary')`),
    )
    .addColumn('cloudinary_cloud_name', 'text')
    .addColumn('cloudinary_upload_preset', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('public_config')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_access_enabled', 'integer', (c) => c.notNull())
    .addColumn('guest_mode_enabled', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.references('people.id').onDelete('set null'))
    .addColumn('use', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('media_owner').on('media').column('owner_id').execute();

  if (kind === 'postgres') {
    // Substring search over folded names stays fast at 100,000 rows with trigram indexes.
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index people_name_trgm on people using gin (name_search gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index courses_name_trgm on courses using gin (name_search gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index lessons_title_trgm on lessons using gin (title_search gin_trgm_ops)`.execute(
      db,
    );
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'media',
    'server_secrets',
    'public_config',
    'settings',
    'error_logs',
    'activity_logs',
    'feedback',
    'push_subscriptions',
    'notifications',
    'mentions',
    'comment_likes',
    'comments',
    'post_bookmarks',
    'post_likes',
    'post_media',
    'posts',
    'lesson_progress',
    'enrolments',
    'course_instructors',
    'lessons',
    'courses',
    'login_mappings',
    'people',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
