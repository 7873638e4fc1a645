import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { type ErrorCode, errorMessage } from '#shared/errors';
import { vi } from '#shared/locales/vi';
import type { Onboarding } from '#shared/schemas/accounts';
import type { AppDatabase } from '../../db/database.ts';
import type { Db, PersonRow, PublicConfigRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { isLoggedActivity } from '../../policies/admin-tools.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { issueMailCharge, type MailCharge } from '../auth/mailer.ts';
import type { SessionLookup, SessionRows } from '../auth/session-lookup.ts';
import { findPublicConfig } from '../config/config.repository.ts';
import { openProposedCourse } from '../courses/courses.service.ts';
import { announcePersonChange } from '../events/announce.ts';
import {
  type CreatedNotification,
  insertNotifications,
} from '../notifications/notifications.repository.ts';
import { announceNotifications } from '../notifications/notifications.service.ts';
import {
  countStaff,
  findAuthUserEmail,
  findAuthUserEmailProof,
  findInvitedStaffByEmail,
  findPersonByAuthUser,
  findPersonById,
  findPersonWithAccessRules,
  findSessionWithPerson,
  findUnclaimedStudentsByEmail,
  hasMapping,
  insertMapping,
  insertPerson,
  isAuthEmailTaken,
  isEmailHeldByAnother,
  listAdminIds,
  lockAccountChanges,
  type PersonWithAccessRules,
  pruneAttempts,
  pruneExpiredAccess,
  recordAttempt,
  updatePersonEmailByAuthUser,
} from './accounts.repository.ts';

/** Who is asking: the one answer every permission check starts from. */
export type Viewer =
  | { kind: 'anonymous'; guestMode: boolean }
  | {
      kind: 'new';
      authUserId: string;
      email: string | null;
      studentProfile: { name: string } | null;
    }
  | { kind: 'refused'; authUserId: string; person: PersonRow; refusal: Refusal }
  | { kind: 'member'; authUserId: string; person: PersonRow };

/** Why a person may not use the app now: a catalogue code and the values its message needs. */
export interface Refusal {
  code: ErrorCode;
  values: Record<string, string>;
}

export function statusLabel(person: PersonRow): string {
  return person.role === 'student'
    ? vi.status.student[person.status]
    : vi.status.instructor[person.status as 'pending' | 'active' | 'blocked'];
}

/**
 * Whether a person may use the app now (spec 6): students only while student access is on and
 * when not pending or on hold; instructors and admins only when active.
 */
export function accessRefusal(
  person: PersonRow,
  config: Pick<PublicConfigRow, 'student_access_enabled'>,
): Refusal | null {
  if (person.role === 'student') {
    if (!config.student_access_enabled) return { code: 'student_access_disabled', values: {} };
    if (person.status === 'pending') return { code: 'account_pending', values: {} };
    if (person.status === 'blocked')
      return { code: 'account_status', values: { status: statusLabel(person) } };
    return null;
  }
  if (person.status !== 'active')
    return { code: 'account_status', values: { status: statusLabel(person) } };
  return null;
}

const MISSING_RULES = 'public_config is missing: migrations and defaults run at start';

/** A session's row as the session lookup reads it: the session, its person, the access rules. */
export type SessionRow = NonNullable<Awaited<ReturnType<typeof findSessionWithPerson>>>;

/**
 * How the session lookup reads a session's row, and which rows it may answer from memory: a
 * member's, who is let in (anyone else is read again, so an approval or a change of the rules
 * is seen at once).
 */
export function sessionRows(database: AppDatabase): SessionRows<SessionRow> {
  return {
    read: async (token) => {
      const row = await findSessionWithPerson(database.db, token);
      if (!row) throw new Error(MISSING_RULES);
      return row;
    },
    keeps: ({ person, rules }) => person !== undefined && accessRefusal(person, rules) === null,
  };
}

/**
 * Who is asking, from a request's headers: whose session the cookie carries (the session
 * lookup, with the session's row when it read it), then the rules of spec 6.
 */
export async function viewerOfRequest(
  { database, sessions }: { database: AppDatabase; sessions: SessionLookup<SessionRow> },
  headers: IncomingHttpHeaders,
): Promise<Viewer> {
  const found = await sessions.find(headers);
  if (found?.row === undefined) return viewerOfSignIn(database, found?.authUserId ?? null);
  const { person, rules } = found.row;
  // Each request gets its own copy: a remembered row is shared by the session's requests.
  return viewerOf(database, found.authUserId, { person: person && { ...person }, rules });
}

/** The viewer behind a sign-in identity (as after a change to it), or anonymous when none. */
export async function viewerOfSignIn(
  database: AppDatabase,
  authUserId: string | null,
): Promise<Viewer> {
  if (!authUserId) {
    const rules = await findPublicConfig(database.db);
    if (!rules) throw new Error(MISSING_RULES);
    return { kind: 'anonymous', guestMode: rules.guest_mode_enabled === 1 };
  }
  const found = await findPersonWithAccessRules(database.db, authUserId);
  if (!found) throw new Error(MISSING_RULES);
  return viewerOf(database, authUserId, found);
}

/**
 * Whether an open event stream may go on for `person` (a member, or null for a guest) now that
 * `viewer` is who its cookie belongs to: null while the same member with the same role is there,
 * or a guest while guest mode is on; else why not in Vietnamese when the person was turned away
 * (blocked, access turned off, deleted), for their open app to say. The session itself may be
 * gone already (a block signs the person out everywhere), so the person is read by id.
 */
export async function streamEndReason(
  database: AppDatabase,
  viewer: Viewer,
  person: Pick<PersonRow, 'id' | 'role'> | null,
): Promise<{ message: string | null } | null> {
  if (person === null) {
    return viewer.kind === 'anonymous' && viewer.guestMode ? null : { message: null };
  }
  if (
    viewer.kind === 'member' &&
    viewer.person.id === person.id &&
    viewer.person.role === person.role
  )
    return null;
  const [now, rules] = await Promise.all([
    findPersonById(database.db, person.id),
    findPublicConfig(database.db),
  ]);
  if (!now) return { message: errorMessage('account_deleted') };
  const refusal = rules ? accessRefusal(now, rules) : null;
  return { message: refusal ? errorMessage(refusal.code, refusal.values) : null };
}

async function viewerOf(
  database: AppDatabase,
  authUserId: string,
  { person, rules }: PersonWithAccessRules,
): Promise<Viewer> {
  // No profile (never made, or deleted with its mapping): a new user, sent to onboarding.
  if (!person) {
    const email = await findAuthUserEmail(database.db, authUserId);
    const [profile] = email ? await findUnclaimedStudentsByEmail(database.db, [email]) : [];
    return {
      kind: 'new',
      authUserId,
      email,
      studentProfile: profile ? { name: profile.name } : null,
    };
  }
  const refusal = accessRefusal(person, rules);
  if (refusal) return { kind: 'refused', authUserId, person, refusal };
  return { kind: 'member', authUserId, person };
}

/**
 * Creates the profile of a new sign-in (spec 4): the first instructor ever becomes admin and
 * active, and a course they propose is created active at once; later instructors are pending
 * with their proposal kept for approval; students are pending. Admins are asked to approve.
 */
export async function onboard(
  database: AppDatabase,
  authUserId: string,
  input: Onboarding,
): Promise<PersonRow> {
  const now = Date.now();
  const personId = randomUUID();
  const notified = await inTransaction(database, async (trx) => {
    await lockAccountChanges(trx, database.kind);
    if (await hasMapping(trx, authUserId)) throw new AppError('already_onboarded', 409);
    const email = await findAuthUserEmail(trx, authUserId);
    const firstInstructor = input.role === 'instructor' && (await countStaff(trx)) === 0;
    const role = input.role === 'student' ? 'student' : firstInstructor ? 'admin' : 'instructor';
    const status = firstInstructor ? 'active' : 'pending';
    const proposal = input.role === 'instructor' ? input.proposedCourse : undefined;
    await insertPerson(trx, {
      id: personId,
      role,
      status,
      name: input.name,
      email,
      phone: input.phone,
      address: input.address ?? null,
      dob: input.role === 'student' ? (input.dob ?? null) : null,
      bio: input.role === 'instructor' ? (input.bio ?? null) : null,
      proposedCourse:
        proposal && !firstInstructor
          ? { name: proposal.name, description: proposal.description ?? '' }
          : null,
      now,
    });
    await insertMapping(trx, authUserId, personId, now);
    if (firstInstructor && proposal) {
      await openProposedCourse(trx, {
        name: proposal.name,
        description: proposal.description ?? null,
        proposerId: personId,
        actorId: personId,
        now,
      });
    }
    let notified: CreatedNotification[] = [];
    if (status === 'pending') {
      const admins = await listAdminIds(trx);
      notified = await insertNotifications(
        trx,
        admins.map((adminId) => ({
          recipientId: adminId,
          type: 'approval_request',
          actorId: personId,
          subjectPersonId: personId,
        })),
        now,
      );
    }
    if (role !== 'student') {
      await insertActivityLog(trx, {
        actorId: personId,
        action: 'account.onboarded',
        target: personId,
        details: { role, status },
        now,
      });
    }
    return notified;
  });
  await announcePersonChange(database, personId);
  await announceNotifications(database, notified);
  const person = await findPersonByAuthUser(database.db, authUserId);
  if (!person) throw new Error('onboarding wrote no person');
  return person;
}

/** A sign-in identity's new e-mail, verified by its owner: their profile shows it at once. */
export async function applyVerifiedEmail(database: AppDatabase, authUserId: string, email: string) {
  const changed = await updatePersonEmailByAuthUser(database.db, authUserId, email, Date.now());
  for (const { id } of changed) await announcePersonChange(database, id);
}

/**
 * A first sign-in with an e-mail an admin invited as an instructor (and that its owner proved:
 * a sign-in link, or a provider that vouches for it) leads to that profile: an active instructor,
 * with no onboarding. Serialised with onboarding, so the identity never gets two profiles.
 */
export async function acceptInvitation(database: AppDatabase, authUserId: string): Promise<void> {
  // Almost every sign-in already leads to a profile: it is told apart without the lock.
  if (await hasMapping(database.db, authUserId)) return;
  const identity = await findAuthUserEmailProof(database.db, authUserId);
  if (!identity?.verified) return;
  const now = Date.now();
  const accepted = await inTransaction(database, async (trx) => {
    await lockAccountChanges(trx, database.kind);
    if (await hasMapping(trx, authUserId)) return null;
    const [invited] = await findInvitedStaffByEmail(trx, identity.email.toLowerCase());
    if (!invited) return null;
    await insertMapping(trx, authUserId, invited.id, now);
    await insertActivityLog(trx, {
      actorId: invited.id,
      action: 'account.invitation_accepted',
      target: invited.id,
      now,
    });
    return invited.id;
  });
  if (accepted) await announcePersonChange(database, accepted);
}

/** Records a staff member's sign-in in the activity log (spec: only signed-in staff). */
export async function logStaffSignIn(database: AppDatabase, authUserId: string, method: string) {
  const person = await findPersonByAuthUser(database.db, authUserId);
  if (!person || !isLoggedActivity(person)) return;
  await insertActivityLog(database.db, {
    actorId: person.id,
    action: 'account.signed_in',
    target: person.id,
    details: { method },
    now: Date.now(),
  });
}

/**
 * Before an e-mail change mails the new address: better-auth answers an address another
 * account uses as if it had mailed it (and mails nothing), so the person would wait for a mail
 * that never comes. They are told instead.
 */
export async function refuseTakenEmail(database: AppDatabase, email: string): Promise<void> {
  if (await isAuthEmailTaken(database.db, email)) throw new AppError('email_taken', 409);
}

/**
 * One address, one person: an e-mail given to a profile (a student staff add or change, an
 * instructor invited) is refused when another person, student or staff, holds it already,
 * whether in a profile or as her sign-in. Run inside the write's transaction after
 * `lockAccountChanges`, so two staff giving one address at once cannot both succeed.
 */
export async function refuseEmailOfAnother(
  db: Db,
  email: string | null | undefined,
  personId: string | null,
): Promise<void> {
  if (!email) return;
  if (await isEmailHeldByAnother(db, email, personId)) throw new AppError('email_taken', 409);
}

const HOUR = 60 * 60 * 1000;
export const emailLimits = { perAddress: 5, perClient: 10, perPerson: 5, windowMs: HOUR } as const;

/**
 * Counts an e-mail about to be sent (a sign-in link, a password reset, an e-mail change's
 * confirmation, an instructor's invitation, an operator's test mail) against the limits per
 * receiving address, per client address and, for a signed-in sender, per person, refusing with
 * 429 past any. Every kind of mail draws on the same budget, so five sign-in links and then
 * five resets to one address is ten mails past five. An admin's invitation and an operator's
 * test mail count against the address only: they are no stranger's to spend, and an academy
 * adds its instructors in one sitting. The mailer sends nothing without the
 * charge this returns (mailer.ts), so every path that mails comes through here first.
 */
export async function chargeMail(
  database: AppDatabase,
  sender: { email: string; clientAddress?: string; personId?: string },
): Promise<MailCharge> {
  const now = Date.now();
  // Attempts older than the window count for nothing; dropping them keeps the table small.
  await pruneAttempts(database.db, now - emailLimits.windowMs);
  const count = (kind: string, key: string) =>
    recordAttempt(database.db, {
      kind: `mail_${kind}`,
      key,
      now,
      windowMs: emailLimits.windowMs,
    });
  const byAddress = await count('email', sender.email.toLowerCase());
  const byClient = sender.clientAddress ? await count('ip', sender.clientAddress) : 0;
  const byPerson = sender.personId ? await count('person', sender.personId) : 0;
  if (
    byAddress > emailLimits.perAddress ||
    byClient > emailLimits.perClient ||
    byPerson > emailLimits.perPerson
  ) {
    throw new AppError('rate_limited', 429);
  }
  return issueMailCharge(sender.email);
}

/** Rate-limit windows last a minute; a row untouched for a day counts nothing any more. */
const RATE_LIMIT_KEEP_MS = 24 * 60 * 60 * 1000;

/** Forgets sessions and sign-in links past their end and rate-limit rows no window counts. */
export function forgetExpiredAccess(database: AppDatabase, now = Date.now()) {
  return pruneExpiredAccess(database.db, { now, rateLimitBefore: now - RATE_LIMIT_KEEP_MS });
}
