import { type ExpressionBuilder, sql, type Transaction } from 'kysely';
import { foldForSearch } from '#shared/text';
import type { Database, Db, PersonRow, PersonUpdate } from '../../db/schema.ts';
import { containsFolded } from '../../db/search-columns.ts';
import { findPersonById, signOutEverywhere } from '../accounts/accounts.repository.ts';

/** Locks a person's row for the rest of the transaction (PostgreSQL; SQLite writes one at a time). */
export async function lockPerson(
  trx: Transaction<Database>,
  kind: 'sqlite' | 'postgres',
  id: string,
): Promise<PersonRow | undefined> {
  if (kind === 'postgres') {
    const { rows } = await sql<PersonRow>`select * from people where id = ${id} for update`.execute(
      trx,
    );
    return rows[0];
  }
  return findPersonById(trx, id);
}

/** Writes the given columns of one person's row. */
export async function updatePerson(db: Db, id: string, changes: PersonUpdate): Promise<void> {
  await db.updateTable('people').set(changes).where('id', '=', id).execute();
}

export async function countActiveAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countPending(db: Db): Promise<number> {
  const row = await db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** People with what user management shows of them: who blocked them, whether they can sign in. */
function selectPeople(db: Db) {
  return db
    .selectFrom('people')
    .leftJoin('people as banner', 'banner.id', 'people.banned_by')
    .selectAll('people')
    .select([
      'banner.name as banned_by_name',
      'banner.avatar_url as banned_by_avatar_url',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('login_mappings')
              .select('login_mappings.person_id')
              .whereRef('login_mappings.person_id', '=', 'people.id'),
          )
          .as('has_login'),
    ]);
}
export type ManagedPersonRow = Awaited<ReturnType<typeof findManagedPerson>> & {};

export function findManagedPerson(db: Db, id: string) {
  return selectPeople(db).where('people.id', '=', id).executeTakeFirst();
}

/**
 * Whoever matches `search` by name or e-mail, ignoring case and diacritics; null when nothing
 * searchable was typed.
 */
function matching(search: string | undefined) {
  const folded = search ? foldForSearch(search) : '';
  if (folded === '') return null;
  return (eb: ExpressionBuilder<Database, 'people'>) =>
    eb.or([
      containsFolded(sql.ref('people.name_search'), folded),
      containsFolded(sql`lower(people.email)`, search!.trim().toLowerCase()),
    ]);
}

/**
 * The pending (oldest request first) or the blocked (latest first) for user management,
 * optionally matching a name or e-mail. One more than `limit` is read, to tell whether there
 * are more.
 */
export async function listPeopleRows(
  db: Db,
  view: 'pending' | 'blocked',
  search: string | undefined,
  limit: number,
) {
  const filter = matching(search);
  return selectPeople(db)
    .where('people.status', '=', view)
    .$if(filter !== null, (q) => q.where(filter!))
    .$if(view === 'pending', (q) => q.orderBy('people.registration_date', 'asc'))
    .$if(view === 'blocked', (q) => q.orderBy('people.banned_at', 'desc'))
    .orderBy('people.id')
    .limit(limit + 1)
    .execute();
}

/**
 * Everyone matching `search`, with their names only: the service orders them as Vietnamese
 * lists do, which neither engine's collation does, then reads the rows of the first ones.
 */
export async function listPeopleNames(db: Db, search: string | undefined) {
  const filter = matching(search);
  return db
    .selectFrom('people')
    .select(['people.id', 'people.name'])
    .$if(filter !== null, (q) => q.where(filter!))
    .execute();
}

export async function listPeopleRowsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return selectPeople(db).where('people.id', 'in', ids).execute();
}

/**
 * Deletes a person and everything that is theirs (the schema's cascades), then recounts the
 * likes and comments of what they had liked or commented on, so no count keeps them.
 */
export async function deletePersonRow(db: Db, id: string): Promise<number> {
  const likedPosts = await db
    .selectFrom('post_likes')
    .select('post_id')
    .where('person_id', '=', id)
    .execute();
  const commentedPosts = await db
    .selectFrom('comments')
    .select('post_id')
    .where('author_id', '=', id)
    .distinct()
    .execute();
  const likedComments = await db
    .selectFrom('comment_likes')
    .select('comment_id')
    .where('person_id', '=', id)
    .execute();
  // A deleted person's open apps are signed out at their next request.
  await signOutEverywhere(db, id);
  const result = await db.deleteFrom('people').where('id', '=', id).executeTakeFirst();
  const postIds = [...new Set([...likedPosts, ...commentedPosts].map((row) => row.post_id))];
  if (postIds.length > 0) {
    await db
      .updateTable('posts')
      .set((eb) => ({
        like_count: eb
          .selectFrom('post_likes')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('post_likes.post_id', '=', 'posts.id'),
        comment_count: eb
          .selectFrom('comments')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('comments.post_id', '=', 'posts.id'),
      }))
      .where('id', 'in', postIds)
      .execute();
  }
  const commentIds = likedComments.map((row) => row.comment_id);
  if (commentIds.length > 0) {
    await db
      .updateTable('comments')
      .set((eb) => ({
        like_count: eb
          .selectFrom('comment_likes')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('comment_likes.comment_id', '=', 'comments.id'),
      }))
      .where('id', 'in', commentIds)
      .execute();
  }
  return Number(result.numDeletedRows);
}

/**
 * Moves everything of the student `fromId` onto `toId` (a merge, spec 4): enrolments (the
 * earlier date kept), lesson progress per lesson (completed if either was; both summaries
 * kept), evaluations, comments, mentions and the sign-in mappings. The caller deletes `fromId`.
 */
export async function moveStudentData(
  trx: Transaction<Database>,
  fromId: string,
  toId: string,
  now: number,
) {
  const theirs = await trx
    .selectFrom('enrolments')
    .selectAll()
    .where('person_id', '=', fromId)
    .execute();
  for (const enrolment of theirs) {
    await trx
      .insertInto('enrolments')
      .values({ ...enrolment, person_id: toId })
      .onConflict((oc) =>
        oc.columns(['person_id', 'course_id']).doUpdateSet((eb) => {
          const kept = eb.ref('enrolments.enrolled_at');
          const theirs = eb.ref('excluded.enrolled_at');
          return {
            enrolled_at: sql<number>`case when ${theirs} < ${kept} then ${theirs} else ${kept} end`,
          };
        }),
      )
      .execute();
  }

  const progress = await trx
    .selectFrom('lesson_progress')
    .selectAll()
    .where('person_id', 'in', [fromId, toId])
    .execute();
  const existing = new Map(
    progress.filter((row) => row.person_id === toId).map((row) => [row.lesson_id, row]),
  );
  for (const row of progress.filter((r) => r.person_id === fromId)) {
    const kept = existing.get(row.lesson_id);
    if (!kept) {
      await trx
        .insertInto('lesson_progress')
        .values({ ...row, person_id: toId })
        .execute();
      continue;
    }
    const summaries = [kept.summary, row.summary].filter(
      (summary, index, all): summary is string => !!summary && all.indexOf(summary) === index,
    );
    const newer = Number(row.last_updated_at) > Number(kept.last_updated_at) ? row : kept;
    await trx
      .updateTable('lesson_progress')
      .set({
        completed: kept.completed || row.completed ? 1 : 0,
        summary: summaries.length > 0 ? summaries.join('\n\n') : null,
        last_updated_by: newer.last_updated_by,
        last_updated_at: Math.max(Number(row.last_updated_at), Number(kept.last_updated_at), 0),
      })
      .where('person_id', '=', toId)
      .where('lesson_id', '=', row.lesson_id)
      .execute();
  }

  await trx
    .updateTable('posts')
    .set({ student_id: toId, updated_at: now })
    .where('student_id', '=', fromId)
    .execute();
  await trx
    .updateTable('comments')
    .set({ author_id: toId })
    .where('author_id', '=', fromId)
    .execute();
  await trx
    .updateTable('mentions')
    .set({ person_id: toId })
    .where('person_id', '=', fromId)
    .execute();
  // Mentions in text name the person by id: @[label](id).
  const from = `](${fromId})`;
  const to = `](${toId})`;
  for (const table of ['posts', 'comments'] as const) {
    await trx
      .updateTable(table)
      .set({ text: sql<string>`replace(text, ${from}, ${to})` })
      .where('text', 'like', `%${from}%`)
      .execute();
  }
  await trx
    .updateTable('login_mappings')
    .set({ person_id: toId })
    .where('person_id', '=', fromId)
    .execute();
}

/** Staff with this e-mail first, then anyone with it (e-mails are stored lower-cased). */
export async function findPersonByEmail(db: Db, email: string): Promise<PersonRow | undefined> {
  return db
    .selectFrom('people')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .orderBy(sql`case when role = 'student' then 1 else 0 end`)
    .orderBy('created_at')
    .executeTakeFirst();
}

/** The admins, oldest first. */
export async function listAdmins(db: Db): Promise<PersonRow[]> {
  return db
    .selectFrom('people')
    .selectAll()
    .where('role', '=', 'admin')
    .orderBy('created_at')
    .execute();
}

/** Whether the sign-in identity leads to this person already. */
export async function hasMappingTo(db: Db, authUserId: string, personId: string) {
  const row = await db
    .selectFrom('login_mappings')
    .select('person_id')
    .where('auth_user_id', '=', authUserId)
    .executeTakeFirst();
  return row === undefined ? 'none' : row.person_id === personId ? 'this' : 'other';
}
