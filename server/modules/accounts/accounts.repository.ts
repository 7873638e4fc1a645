import { randomUUID } from 'node:crypto';
import { type ExpressionBuilder, sql, type Transaction } from 'kysely';
import { databaseKindOf } from '../../db/dialect.ts';
import { type NewPersonFields, newPersonRow } from '../../db/people-rows.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database, Db, Flag, PersonRow, PublicConfigRow } from '../../db/schema.ts';
import { GLOBAL } from '../config/config.repository.ts';

/** The person a sign-in identity maps to, if any (the spec's authIdToStudentId, for all roles). */
export async function findPersonByAuthUser(
  db: Db,
  authUserId: string,
): Promise<PersonRow | undefined> {
  return db
    .selectFrom('login_mappings')
    .innerJoin('people', 'people.id', 'login_mappings.person_id')
    .selectAll('people')
    .where('login_mappings.auth_user_id', '=', authUserId)
    .executeTakeFirst();
}

/** The academy's rules that decide whether a person may use the app now. */
export type AccessRules = Pick<PublicConfigRow, 'student_access_enabled' | 'guest_mode_enabled'>;

/** A person (undefined when the identity has none) and the access rules, as the viewer needs. */
export interface PersonWithAccessRules {
  person: PersonRow | undefined;
  rules: AccessRules;
}

const accessRuleColumns = [
  'public_config.student_access_enabled as config_student_access_enabled',
  'public_config.guest_mode_enabled as config_guest_mode_enabled',
] as const;

/** Splits a row of people's columns (all null when no person) and the access rule columns. */
function splitPersonAndRules<
  Row extends {
    id: string | null;
    config_student_access_enabled: Flag;
    config_guest_mode_enabled: Flag;
  },
>(row: Row): PersonWithAccessRules {
  const { config_student_access_enabled, config_guest_mode_enabled, ...person } = row;
  return {
    person: person.id === null ? undefined : (person as unknown as PersonRow),
    rules: {
      student_access_enabled: config_student_access_enabled,
      guest_mode_enabled: config_guest_mode_enabled,
    },
  };
}

// Read on every signed-in request: built once (db/prepared.ts).
const personWithAccessRulesQuery = preparedQuery((db, { authUserId }: { authUserId: string }) =>
  db
    .selectFrom('public_config')
    .leftJoin('login_mappings', (join) => join.on('login_mappings.auth_user_id', '=', authUserId))
    .leftJoin('people', 'people.id', 'login_mappings.person_id')
    .selectAll('people')
    .select(accessRuleColumns)
    .where('public_config.id', '=', GLOBAL),
);

/**
 * The person a sign-in identity maps to, if any, with the academy's access rules: what deciding
 * who is asking needs, in one statement. Undefined only when the rules are missing.
 */
export async function findPersonWithAccessRules(
  db: Db,
  authUserId: string,
): Promise<PersonWithAccessRules | undefined> {
  const [row] = await personWithAccessRulesQuery(db, { authUserId });
  return row && splitPersonAndRules(row);
}

// Read on every request whose cookie was verified before (auth/session-lookup.ts).
const sessionWithPersonQuery = preparedQuery((db, { token }: { token: string }) =>
  db
    .selectFrom('public_config')
    .leftJoin('session', (join) => join.on('session.token', '=', token))
    .leftJoin('login_mappings', 'login_mappings.auth_user_id', 'session.userId')
    .leftJoin('people', 'people.id', 'login_mappings.person_id')
    .selectAll('people')
    .select(['session.userId as session_user_id', 'session.expiresAt as session_expires_at'])
    .select(accessRuleColumns)
    .where('public_config.id', '=', GLOBAL),
);

/**
 * The session with this token, its person and the access rules, in one statement: for a cookie
 * verified before, who is asking costs one round trip to the database. Undefined only when the
 * rules are missing; `session` is undefined when no session has the token (signed out, ended).
 */
export async function findSessionWithPerson(
  db: Db,
  token: string,
): Promise<
  | (PersonWithAccessRules & {
      session: { userId: string; expiresAt: Date | string } | undefined;
    })
  | undefined
> {
  const [row] = await sessionWithPersonQuery(db, { token });
  if (!row) return undefined;
  const { session_user_id: userId, session_expires_at: expiresAt, ...rest } = row;
  return {
    session: userId === null || expiresAt === null ? undefined : { userId, expiresAt },
    ...splitPersonAndRules(rest),
  };
}

export async function findAuthUserEmail(db: Db, authUserId: string): Promise<string | null> {
  const row = await db
    .selectFrom('user')
    .select('email')
    .where('id', '=', authUserId)
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Whether a sign-in identity already uses this e-mail (stored lower-cased by better-auth). */
export async function isAuthEmailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** A profile no sign-in identity is mapped to yet (staff made it, or an invitation). */
const noSignInLeadsHere = (eb: ExpressionBuilder<Database, 'people'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('login_mappings')
        .select('login_mappings.person_id')
        .whereRef('login_mappings.person_id', '=', 'people.id'),
    ),
  );

/**
 * The student profiles staff made (no sign-in leads to them, not waiting for approval) whose
 * e-mail is one of `emails`: what a pending sign-up with that address most likely is. E-mails
 * are stored lower-cased, so the match is exact and uses the e-mail index.
 */
export async function findUnclaimedStudentsByEmail(db: Db, emails: readonly string[]) {
  if (emails.length === 0) return [];
  return db
    .selectFrom('people')
    .select(['id', 'name', 'avatar_url', 'email'])
    .where('email', 'in', emails)
    .where('role', '=', 'student')
    .where('status', '!=', 'pending')
    .where(noSignInLeadsHere)
    .orderBy('registration_date')
    .execute();
}

export async function hasMapping(db: Db, authUserId: string): Promise<boolean> {
  const row = await db
    .selectFrom('login_mappings')
    .select('auth_user_id')
    .where('auth_user_id', '=', authUserId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Serialises account changes that count people: two "first instructors" cannot both become
 * admin, two admins cannot each demote the other. PostgreSQL locks the config row; SQLite runs
 * one write transaction at a time already.
 */
export async function lockAccountChanges(trx: Transaction<Database>, kind: 'sqlite' | 'postgres') {
  if (kind === 'postgres') {
    await sql`select id from public_config where id = 'global' for update`.execute(trx);
  }
}

export async function findPersonById(db: Db, id: string): Promise<PersonRow | undefined> {
  return db.selectFrom('people').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countStaff(db: Db): Promise<number> {
  const row = await db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', 'in', ['admin', 'instructor'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertPerson(db: Db, person: NewPersonFields): Promise<void> {
  await db.insertInto('people').values(newPersonRow(person)).execute();
}

export async function insertMapping(db: Db, authUserId: string, personId: string, now: number) {
  await db
    .insertInto('login_mappings')
    .values({ auth_user_id: authUserId, person_id: personId, created_at: now })
    .execute();
}

export async function listAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('people')
    .select('id')
    .where('role', '=', 'admin')
    .where('status', '=', 'active')
    .execute();
  return rows.map((row) => row.id);
}

export async function updatePersonEmailByAuthUser(
  db: Db,
  authUserId: string,
  email: string,
  now: number,
): Promise<{ id: string }[]> {
  return db
    .updateTable('people')
    .set({ email, updated_at: now })
    .where('id', 'in', (eb) =>
      eb.selectFrom('login_mappings').select('person_id').where('auth_user_id', '=', authUserId),
    )
    .where('email', '!=', email)
    .returning('id')
    .execute();
}

/** Records one attempt and says how many there were in the window, this one included. */
export async function recordAttempt(
  db: Db,
  attempt: { kind: string; key: string; now: number; windowMs: number },
): Promise<number> {
  await db
    .insertInto('auth_attempts')
    .values({ id: randomUUID(), kind: attempt.kind, key: attempt.key, created_at: attempt.now })
    .execute();
  const row = await db
    .selectFrom('auth_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('kind', '=', attempt.kind)
    .where('key', '=', attempt.key)
    .where('created_at', '>', attempt.now - attempt.windowMs)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function pruneAttempts(db: Db, before: number): Promise<void> {
  await db.deleteFrom('auth_attempts').where('created_at', '<', before).execute();
}

/** A pending sign-in link as better-auth stored it (value and expiry), by its stored identifier. */
export async function findVerification(db: Db, identifier: string) {
  return db
    .selectFrom('verification')
    .select(['value', 'expiresAt'])
    .where('identifier', '=', identifier)
    .executeTakeFirst();
}

export async function setPersonAvatar(db: Db, personId: string, url: string | null, now: number) {
  await db
    .updateTable('people')
    .set({ avatar_url: url, updated_at: now })
    .where('id', '=', personId)
    .execute();
}

/**
 * Signs a person out everywhere at once: every session of their sign-in identities goes, and
 * their devices stop receiving push messages (a block, a deletion).
 */
export async function signOutEverywhere(db: Db, personId: string): Promise<void> {
  await db
    .deleteFrom('session')
    .where('userId', 'in', (eb) =>
      eb.selectFrom('login_mappings').select('auth_user_id').where('person_id', '=', personId),
    )
    .execute();
  await db.deleteFrom('push_subscriptions').where('person_id', '=', personId).execute();
}

/** Deletes the sign-in mappings whose identity no longer exists; returns how many went. */
export async function deleteStaleMappings(db: Db): Promise<number> {
  const result = await db
    .deleteFrom('login_mappings')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user')
            .select('user.id')
            .whereRef('user.id', '=', 'login_mappings.auth_user_id'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The sign-in identity with this e-mail (stored lower-cased by better-auth), if any. */
export async function findAuthUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

/** Ends every session of every person; returns how many there were. */
export async function deleteAllSessions(db: Db): Promise<number> {
  const result = await db.deleteFrom('session').executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A sign-in identity's e-mail, and whether its owner proved it (a link, a provider's word). */
export async function findAuthUserEmailProof(db: Db, authUserId: string) {
  const row = await db
    .selectFrom('user')
    .select(['email', 'emailVerified'])
    .where('id', '=', authUserId)
    .executeTakeFirst();
  return row ? { email: row.email, verified: Boolean(row.emailVerified) } : null;
}

/** Staff profiles an admin made for this e-mail (an invitation) that no sign-in leads to yet. */
export async function findInvitedStaffByEmail(db: Db, email: string) {
  return db
    .selectFrom('people')
    .select(['id', 'name', 'role'])
    .where('email', '=', email)
    .where('role', 'in', ['instructor', 'admin'])
    .where(noSignInLeadsHere)
    .orderBy('registration_date')
    .execute();
}

/**
 * Whether someone other than `personId` holds this e-mail: a profile that keeps it, or a sign-in
 * identity using it that leads to another profile or to none yet.
 */
export async function isEmailHeldByAnother(
  db: Db,
  email: string,
  personId: string | null,
): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const profile = await db
    .selectFrom('people')
    .select('id')
    .where(sql<string>`lower(email)`, '=', address)
    .$if(personId !== null, (query) => query.where('id', '!=', personId as string))
    .executeTakeFirst();
  if (profile) return true;
  const identity = await db
    .selectFrom('user')
    .leftJoin('login_mappings', 'login_mappings.auth_user_id', 'user.id')
    .select('login_mappings.person_id')
    .where('user.email', '=', address)
    .executeTakeFirst();
  return identity !== undefined && (personId === null || identity.person_id !== personId);
}

/** Whether any profile keeps this e-mail. */
export async function isPersonEmailTaken(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('people')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * better-auth writes a row for every session, sign-in link and rate-limit window and removes
 * only some of them itself: the ones past their end are removed here. Its dates are ISO
 * strings on SQLite and timestamps on PostgreSQL; its rate-limit rows carry their last request
 * in milliseconds.
 */
export async function pruneExpiredAccess(
  db: Db,
  { now, rateLimitBefore }: { now: number; rateLimitBefore: number },
): Promise<{ sessions: number; links: number; rateLimits: number }> {
  const at = databaseKindOf(db) === 'postgres' ? new Date(now) : new Date(now).toISOString();
  const sessions = await db.deleteFrom('session').where('expiresAt', '<', at).executeTakeFirst();
  const links = await db.deleteFrom('verification').where('expiresAt', '<', at).executeTakeFirst();
  const rateLimits = await db
    .deleteFrom('rateLimit')
    .where('lastRequest', '<', rateLimitBefore)
    .executeTakeFirst();
  return {
    sessions: Number(sessions.numDeletedRows),
    links: Number(links.numDeletedRows),
    rateLimits: Number(rateLimits.numDeletedRows),
  };
}
