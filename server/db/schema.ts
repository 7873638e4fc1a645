import type { Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

/*
 * Table types of the database. Conventions, the same on SQLite and PostgreSQL:
 * - ids are text (random UUIDs), times are epoch milliseconds in `bigint` columns,
 * - flags are 0/1 integers (SQLite has no boolean; one query text serves both engines),
 * - `*_search` columns hold `foldForSearch` of the column beside them and `*_lower` its
 *   `lowerForSearch`, both written on every write (`search-columns.ts`),
 * - `is_demo` marks rows made by the demo-data generator (the spec's isAiGenerated).
 */

export type Role = 'admin' | 'instructor' | 'student';
/** Students: pending, active, blocked, completed. Instructors: pending, active, blocked. */
export type PersonStatus = 'pending' | 'active' | 'blocked' | 'completed';
export type CourseStatus = 'pending' | 'active';
export type PostKind = 'evaluation' | 'general';
export type FeedbackStatus = 'new' | 'viewed' | 'resolved';
export type Flag = 0 | 1;

export interface PeopleTable {
  id: string;
  role: Role;
  status: PersonStatus;
  name: string;
  name_search: string;
  name_lower: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  /** Date of birth as YYYY-MM-DD. */
  dob: string | null;
  avatar_url: string | null;
  bio: string | null;
  registration_date: number;
  proposed_course_name: string | null;
  proposed_course_description: string | null;
  ban_reason: string | null;
  banned_by: string | null;
  banned_at: number | null;
  hide_my_posts: Generated<Flag>;
  hide_mentioned_posts: Generated<Flag>;
  notifications_read_at: Generated<number>;
  /** A student agreed that her work may be shown publicly (the showcase, share links). */
  showcase_consent: Generated<Flag>;
  showcase_consent_at: number | null;
  is_demo: Generated<Flag>;
  created_at: number;
  updated_at: number;
}

/** The spec's authIdToStudentId, for every role: which person a sign-in identity is. */
export interface LoginMappingsTable {
  auth_user_id: string;
  person_id: string;
  created_at: number;
}

export interface CoursesTable {
  id: string;
  name: string;
  name_search: string;
  name_lower: string;
  description: string;
  image_url: string | null;
  status: CourseStatus;
  proposer_id: string | null;
  is_demo: Generated<Flag>;
  created_at: number;
  updated_at: number;
}

export interface LessonsTable {
  id: string;
  course_id: string;
  title: string;
  title_search: string;
  title_lower: string;
  position: number;
  created_at: number;
  updated_at: number;
}

/** The course's default instructors, and so what each instructor teaches. */
export interface CourseInstructorsTable {
  course_id: string;
  person_id: string;
  created_at: number;
}

export interface EnrolmentsTable {
  person_id: string;
  course_id: string;
  enrolled_at: number;
  /** When an instructor marked the course finished for her; null while she is on it. */
  finished_at: number | null;
  finished_by: string | null;
}

export interface LessonProgressTable {
  person_id: string;
  lesson_id: string;
  course_id: string;
  completed: Flag;
  summary: string | null;
  last_updated_by: string | null;
  last_updated_at: number;
}

export interface PostsTable {
  id: string;
  kind: PostKind;
  author_id: string;
  /** The student an evaluation is about. */
  student_id: string | null;
  /** The instructor a general post tags. */
  tagged_instructor_id: string | null;
  course_id: string | null;
  lesson_id: string | null;
  lesson_title: string | null;
  text: string;
  rating: number | null;
  like_count: Generated<number>;
  comment_count: Generated<number>;
  is_demo: Generated<Flag>;
  created_at: number;
  updated_at: number;
}

export interface PostMediaTable {
  id: string;
  post_id: string;
  media_id: string | null;
  url: string;
  width: number | null;
  height: number | null;
  position: number;
}

export interface PostLikesTable {
  post_id: string;
  person_id: string;
  created_at: number;
}

export interface PostBookmarksTable {
  post_id: string;
  person_id: string;
  created_at: number;
}

export interface CommentsTable {
  id: string;
  post_id: string;
  author_id: string;
  parent_id: string | null;
  text: string;
  like_count: Generated<number>;
  is_demo: Generated<Flag>;
  created_at: number;
  updated_at: number;
}

export interface CommentLikesTable {
  comment_id: string;
  person_id: string;
  created_at: number;
}

/** A person named with @[label](id) in a post's or a comment's text. */
export interface MentionsTable {
  id: string;
  post_id: string;
  comment_id: string | null;
  person_id: string;
  created_at: number;
}

export interface NotificationsTable {
  id: string;
  recipient_id: string;
  type: string;
  actor_id: string | null;
  post_id: string | null;
  comment_id: string | null;
  course_id: string | null;
  subject_person_id: string | null;
  feedback_id: string | null;
  read_at: number | null;
  created_at: number;
}

/** Web Push subscriptions: the spec's fcmTokens, one row per person and device. */
export interface PushSubscriptionsTable {
  id: string;
  person_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: number;
  refreshed_at: number;
}

export interface FeedbackTable {
  id: string;
  author_id: string;
  text: string;
  status: FeedbackStatus;
  last_updated_by: string | null;
  last_status_update_at: number | null;
  created_at: number;
}

export interface ActivityLogsTable {
  id: Generated<number>;
  actor_id: string | null;
  action: string;
  target: string | null;
  details: string | null;
  created_at: number;
}

export interface ErrorLogsTable {
  id: Generated<number>;
  context: string;
  message: string;
  user_id: string | null;
  user_name: string | null;
  extra: string | null;
  created_at: number;
}

/** settings/global: one row with id 'global'. */
export interface SettingsTable {
  id: string;
  upload_service: 'builtin' | 'cloudinary';
  cloudinary_cloud_name: string | null;
  cloudinary_upload_preset: string | null;
  updated_at: number;
}

/** public_config/global: one row with id 'global'. */
export interface PublicConfigTable {
  id: string;
  student_access_enabled: Flag;
  guest_mode_enabled: Flag;
  /** The public showcase page and its share links are open. */
  showcase_enabled: Generated<Flag>;
  updated_at: number;
}

/** The academy's own name and colours (one row, 'global'; none until an admin sets them). */
export interface AcademyIdentityTable {
  id: string;
  name: string;
  short_name: string;
  theme_color: string;
  logo_version: string | null;
  updated_at: number;
}

/** The square PNGs an academy's logo was made into, by its version and their size. */
export interface AcademyLogoTable {
  version: string;
  variant: string;
  png: Buffer;
}

/** A certificate of a finished course; its code is public (its verification page). */
export interface CertificatesTable {
  code: string;
  person_id: string;
  course_id: string | null;
  student_name: string;
  course_name: string;
  /** The course's instructors that day, a JSON array of names. */
  instructor_names: string;
  issued_at: number;
  issued_by: string | null;
  revoked_at: number | null;
  revoked_by: string | null;
}

/** A photo an instructor chose as "Tác phẩm tiêu biểu", and the token of its share link. */
export interface FeaturedWorksTable {
  post_id: string;
  /** The photo's address in the post (post_media.url). */
  photo_url: string;
  token: string;
  featured_by: string | null;
  featured_at: number;
}

/** Secrets the server generates on first start (session secret, VAPID keys). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

/** A scheduled job's run (its job and slot, e.g. a night) claimed by one server. */
export interface ScheduledRunsTable {
  job: string;
  slot: string;
  claimed_by: string;
  claimed_at: number;
  /** How the run ended (null while it runs): its size, or why it failed. */
  finished_at: number | null;
  bytes: number | null;
  failure: string | null;
}

/** Every post id ever made, kept after the post is deleted: an id is used once. */
export interface PostIdsTable {
  id: string;
  author_id: string;
  created_at: number;
}

/** Everyone who uploaded a photo's bytes (photos are named by content, so several may). */
export interface MediaUploadersTable {
  media_id: string;
  person_id: string;
  created_at: number;
}

export interface MediaTable {
  /** Content hash of the stored file. */
  id: string;
  owner_id: string | null;
  use: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: number;
}

export interface AuthAttemptsTable {
  id: string;
  /** 'mail_email' | 'mail_ip' | 'mail_person': one budget for every kind of mail */
  kind: string;
  key: string;
  created_at: number;
}

/** better-auth's tables (created by its own migrations); only the columns we read. */
export interface AuthUserTable {
  id: string;
  email: string;
  name: string;
  emailVerified: number | boolean;
}
export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: string | number | Date;
}
export interface AuthAccountTable {
  id: string;
  userId: string;
  providerId: string;
}
export interface AuthSessionTable {
  id: string;
  userId: string;
  token: string;
  /** A date string on SQLite, a Date on PostgreSQL. */
  expiresAt: string | Date;
}

export interface AuthRateLimitTable {
  id: string;
  key: string;
  count: number;
  /** Milliseconds since the epoch. */
  lastRequest: number;
}

/** An import of students from a spreadsheet: its sheet while a draft, then what it did. */
export interface StudentImportsTable {
  id: string;
  created_by: string;
  file_name: string;
  status: 'draft' | 'imported' | 'undone';
  /** JSON: the header row's texts. */
  headers: string;
  /** JSON: the rows under the header, as text with their numbers in the sheet; '[]' once used. */
  cells: string;
  /** JSON: counts of what the import did (`ImportTally`). */
  summary: string | null;
  /** JSON: what undoing it takes (`ImportUndo`). */
  undo: string | null;
  created_at: number;
  imported_at: number | null;
  undone_at: number | null;
}

export interface Database {
  people: PeopleTable;
  login_mappings: LoginMappingsTable;
  courses: CoursesTable;
  lessons: LessonsTable;
  course_instructors: CourseInstructorsTable;
  enrolments: EnrolmentsTable;
  lesson_progress: LessonProgressTable;
  posts: PostsTable;
  post_media: PostMediaTable;
  post_likes: PostLikesTable;
  post_bookmarks: PostBookmarksTable;
  comments: CommentsTable;
  comment_likes: CommentLikesTable;
  mentions: MentionsTable;
  notifications: NotificationsTable;
  push_subscriptions: PushSubscriptionsTable;
  feedback: FeedbackTable;
  activity_logs: ActivityLogsTable;
  error_logs: ErrorLogsTable;
  settings: SettingsTable;
  public_config: PublicConfigTable;
  academy_identity: AcademyIdentityTable;
  academy_logo: AcademyLogoTable;
  student_imports: StudentImportsTable;
  featured_works: FeaturedWorksTable;
  certificates: CertificatesTable;
  server_secrets: ServerSecretsTable;
  media: MediaTable;
  media_uploaders: MediaUploadersTable;
  post_ids: PostIdsTable;
  scheduled_runs: ScheduledRunsTable;
  auth_attempts: AuthAttemptsTable;
  user: AuthUserTable;
  session: AuthSessionTable;
  verification: AuthVerificationTable;
  account: AuthAccountTable;
  rateLimit: AuthRateLimitTable;
}

/** What a repository function runs on: the database or a transaction in progress. */
export type Db = Kysely<Database> | Transaction<Database>;

export type PersonRow = Selectable<PeopleTable>;
export type NewPerson = Insertable<PeopleTable>;
export type PersonUpdate = Updateable<PeopleTable>;
export type ErrorLogRow = Selectable<ErrorLogsTable>;
export type PublicConfigRow = Selectable<PublicConfigTable>;
export type SettingsRow = Selectable<SettingsTable>;
