import type { Transaction } from 'kysely';
import {
  ADMIN_PEOPLE_LIMIT,
  type AdminPeople,
  type AdminPeopleQuery,
  type AdminPerson,
} from '#shared/schemas/admin';
import { compareVietnameseKeys, vietnameseNameKey } from '#shared/text';
import type { AppDatabase } from '../../db/database.ts';
import type { Database, PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { personCan } from '../../policies/admin-tools.ts';
import type { Who } from '../../policies/who.ts';
import {
  findUnclaimedStudentsByEmail,
  lockAccountChanges,
  signOutEverywhere,
} from '../accounts/accounts.repository.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { openProposedCourse } from '../courses/courses.service.ts';
import {
  announceCourseChange,
  announcePersonChange,
  announceProgressChange,
} from '../events/announce.ts';
import { avatarUrl, personSummary } from '../media/avatar.ts';
import {
  type CreatedNotification,
  insertNotifications,
} from '../notifications/notifications.repository.ts';
import { announceNotifications } from '../notifications/notifications.service.ts';
import {
  countActiveAdmins,
  countPending,
  deletePersonRow,
  findManagedPerson,
  listPeopleNames,
  listPeopleRows,
  listPeopleRowsByIds,
  lockPerson,
  type ManagedPersonRow,
  moveStudentData,
  updatePerson,
} from './people.repository.ts';

/*
 * User management (spec 4): approvals, rejections, blocks, roles, deletion and merges, each in
 * one transaction that locks the person first and writes the activity log, then announced.
 */

type Trx = Transaction<Database>;

type ProfileMatch = { id: string; name: string; avatar_url: string | null };

function toAdminPerson(row: ManagedPersonRow, viewer: Who, match?: ProfileMatch): AdminPerson {
  return {
    id: row.id,
    name: row.name,
    avatarUrl: row.avatar_url ?? avatarUrl(row.name),
    email: row.email,
    phone: row.phone,
    role: row.role,
    status: row.status,
    registrationDate: Number(row.registration_date),
    proposedCourse:
      row.proposed_course_name !== null
        ? { name: row.proposed_course_name, description: row.proposed_course_description ?? '' }
        : null,
    ban:
      row.status === 'blocked'
        ? {
            reason: row.ban_reason ?? '',
            by: personSummary(row.banned_by, row.banned_by_name, row.banned_by_avatar_url),
            at: row.banned_at === null ? null : Number(row.banned_at),
          }
        : null,
    canSignIn: Boolean(Number(row.has_login)),
    matchingProfile: match
      ? { id: match.id, name: match.name, avatarUrl: match.avatar_url ?? avatarUrl(match.name) }
      : null,
    can: personCan(viewer, row),
  };
}

/**
 * The staff-made profile each pending student's e-mail points at (spec 4's merge, offered
 * rather than searched for). The oldest profile wins when staff made two with one address.
 */
async function matchingProfiles(
  database: AppDatabase,
  rows: readonly ManagedPersonRow[],
): Promise<Map<string, ProfileMatch>> {
  const waiting = rows.filter(
    (row) => row.role === 'student' && row.status === 'pending' && row.email,
  );
  const found = await findUnclaimedStudentsByEmail(database.db, [
    ...new Set(waiting.map((row) => row.email!)),
  ]);
  const byEmail = new Map<string, ProfileMatch>();
  for (const profile of found)
    if (!byEmail.has(profile.email!)) byEmail.set(profile.email!, profile);
  const matches = new Map<string, ProfileMatch>();
  for (const row of waiting) {
    const match = byEmail.get(row.email!);
    if (match && match.id !== row.id) matches.set(row.id, match);
  }
  return matches;
}

/** Everyone matching, in Vietnamese name order (as the student list): one more than shown. */
async function everyoneByName(database: AppDatabase, q: string | undefined) {
  const names = await listPeopleNames(database.db, q);
  const keys = new Map(names.map((row) => [row.id, vietnameseNameKey(row.name)]));
  names.sort(
    (a, b) => compareVietnameseKeys(keys.get(a.id)!, keys.get(b.id)!) || (a.id < b.id ? -1 : 1),
  );
  const ids = names.slice(0, ADMIN_PEOPLE_LIMIT + 1).map((row) => row.id);
  const byId = new Map((await listPeopleRowsByIds(database.db, ids)).map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listPeople(
  database: AppDatabase,
  viewer: Who,
  query: { view: AdminPeopleQuery['view'] & string; q?: string | undefined },
): Promise<AdminPeople> {
  const [rows, pendingCount] = await Promise.all([
    query.view === 'all'
      ? everyoneByName(database, query.q)
      : listPeopleRows(database.db, query.view, query.q, ADMIN_PEOPLE_LIMIT),
    countPending(database.db),
  ]);
  const people = rows.slice(0, ADMIN_PEOPLE_LIMIT);
  const matches = await matchingProfiles(database, people);
  return {
    people: people.map((row) => toAdminPerson(row, viewer, matches.get(row.id))),
    pendingCount,
    more: rows.length > ADMIN_PEOPLE_LIMIT,
  };
}

export async function getAdminPerson(
  database: AppDatabase,
  viewer: Who,
  id: string,
): Promise<AdminPerson> {
  const row = await findManagedPerson(database.db, id);
  if (!row) throw new AppError('person_not_found', 404);
  return toAdminPerson(row, viewer, (await matchingProfiles(database, [row])).get(row.id));
}

/** What a change wrote besides the person, for announcing once it has committed. */
interface ChangeOutcome {
  notified?: CreatedNotification[];
  courseId?: string;
  progressOf?: string;
}

/**
 * Who an actor may change: an admin anyone (User management), an instructor students only
 * (the Students screen). The rules of each change are the same for both; only who is in reach
 * and how a miss is named differ.
 */
export type PersonScope = 'anyone' | 'students';

const MISSES = {
  anyone: { notFound: 'person_not_found', notBlocked: 'person_not_blocked' },
  students: { notFound: 'student_not_found', notBlocked: 'student_not_blocked' },
} as const;

/**
 * Runs `change` on the locked person inside one transaction; afterwards announces the person
 * (and whatever else `change` says changed) and the notifications it wrote.
 */
async function changePerson(
  database: AppDatabase,
  id: string,
  change: (trx: Trx, person: PersonRow, now: number) => Promise<ChangeOutcome | undefined>,
  scope: PersonScope = 'anyone',
) {
  const now = Date.now();
  const outcome = await inTransaction(database, async (trx) => {
    // One account change at a time, so two admins cannot each demote the other.
    await lockAccountChanges(trx, database.kind);
    const person = await lockPerson(trx, database.kind, id);
    if (!person || (scope === 'students' && person.role !== 'student')) {
      throw new AppError(MISSES[scope].notFound, 404);
    }
    return (await change(trx, person, now)) ?? {};
  });
  await announcePersonChange(database, id);
  if (outcome.courseId) await announceCourseChange(database, outcome.courseId);
  if (outcome.progressOf) await announceProgressChange(database, outcome.progressOf);
  await announceNotifications(database, outcome.notified ?? []);
}

function requirePending(person: PersonRow) {
  if (person.status !== 'pending') throw new AppError('not_pending', 409);
}

/** Whether taking `person` out of the active admins would leave the academy without one. */
async function refuseLastAdmin(trx: Trx, person: PersonRow) {
  if (person.role === 'admin' && person.status === 'active' && (await countActiveAdmins(trx)) <= 1)
    throw new AppError('last_admin', 409);
}

/**
 * Approves a pending account. A student becomes "Đang học"; an instructor becomes active, and
 * a course they proposed is created active with them as its instructor and proposer (spec 4).
 */
export async function approvePerson(database: AppDatabase, admin: PersonRow, id: string) {
  await changePerson(database, id, async (trx, person, now) => {
    requirePending(person);
    await updatePerson(trx, id, {
      status: 'active',
      proposed_course_name: null,
      proposed_course_description: null,
      updated_at: now,
    });
    let courseId: string | undefined;
    if (person.role !== 'student' && person.proposed_course_name) {
      courseId = await openProposedCourse(trx, {
        name: person.proposed_course_name,
        description: person.proposed_course_description,
        proposerId: id,
        actorId: admin.id,
        now,
      });
    }
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: `${person.role === 'student' ? 'student' : 'instructor'}.approved`,
      target: id,
      now,
    });
    const notified = await insertNotifications(
      trx,
      [
        {
          recipientId: id,
          type: 'account_approved',
          actorId: admin.id,
          courseId: courseId ?? null,
        },
      ],
      now,
    );
    return { notified, courseId };
  });
  return getAdminPerson(database, admin, id);
}

/** Rejects a pending account: the record is deleted (spec 4); signing in again starts over. */
export async function rejectPerson(database: AppDatabase, admin: PersonRow, id: string) {
  await changePerson(database, id, async (trx, person, now) => {
    requirePending(person);
    await deletePersonRow(trx, id);
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: `${person.role === 'student' ? 'student' : 'instructor'}.rejected`,
      target: id,
      details: { name: person.name },
      now,
    });
  });
}

/** Blocks anyone but oneself with a reason, or changes the reason of someone blocked. */
export async function blockPerson(
  database: AppDatabase,
  actor: PersonRow,
  id: string,
  reason: string,
  scope: PersonScope = 'anyone',
) {
  if (id === actor.id) throw new AppError('cannot_block_self', 400);
  await changePerson(
    database,
    id,
    async (trx, person, now) => {
      if (person.status === 'pending') throw new AppError('pending_cannot_block', 409);
      await refuseLastAdmin(trx, person);
      const changingReason = person.status === 'blocked';
      await updatePerson(trx, id, {
        status: 'blocked',
        ban_reason: reason,
        banned_by: actor.id,
        banned_at: changingReason ? person.banned_at : now,
        updated_at: now,
      });
      await signOutEverywhere(trx, id);
      const kind = person.role === 'student' ? 'student' : 'instructor';
      await insertActivityLog(trx, {
        actorId: actor.id,
        action: changingReason ? `${kind}.ban_reason_updated` : `${kind}.blocked`,
        target: id,
        details: { reason },
        now,
      });
    },
    scope,
  );
}

/** Unblocks: active again ("Đang học" for students), the ban info removed (spec 4). */
export async function unblockPerson(
  database: AppDatabase,
  actor: PersonRow,
  id: string,
  scope: PersonScope = 'anyone',
) {
  await changePerson(
    database,
    id,
    async (trx, person, now) => {
      if (person.status !== 'blocked') throw new AppError(MISSES[scope].notBlocked, 409);
      await updatePerson(trx, id, {
        status: 'active',
        ban_reason: null,
        banned_by: null,
        banned_at: null,
        updated_at: now,
      });
      await insertActivityLog(trx, {
        actorId: actor.id,
        action: `${person.role === 'student' ? 'student' : 'instructor'}.unblocked`,
        target: id,
        now,
      });
    },
    scope,
  );
}

/** Makes an instructor an admin or an admin an instructor; the last admin stays one. */
export async function changeRole(
  database: AppDatabase,
  admin: PersonRow,
  id: string,
  role: 'admin' | 'instructor',
) {
  await changePerson(database, id, async (trx, person, now) => {
    if (person.role === 'student') throw new AppError('role_student', 409);
    if (person.role === role) return;
    if (role === 'instructor') await refuseLastAdmin(trx, person);
    await updatePerson(trx, id, { role, updated_at: now });
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'person.role_changed',
      target: id,
      details: { from: person.role, to: role },
      now,
    });
  });
  return getAdminPerson(database, admin, id);
}

/** Deletes anyone but oneself, and never the last admin (spec 5: 'Không thể xóa chính mình.'). */
export async function deletePerson(
  database: AppDatabase,
  actor: PersonRow,
  id: string,
  scope: PersonScope = 'anyone',
) {
  if (id === actor.id) throw new AppError('cannot_delete_self', 400);
  await changePerson(
    database,
    id,
    async (trx, person, now) => {
      await refuseLastAdmin(trx, person);
      await deletePersonRow(trx, id);
      await insertActivityLog(trx, {
        actorId: actor.id,
        action: scope === 'students' ? 'student.deleted' : 'person.deleted',
        target: id,
        details: { name: person.name, role: person.role },
        now,
      });
    },
    scope,
  );
}

/**
 * Merges a pending student (someone who signed up) into the profile staff already keep for
 * them: everything of theirs moves over, the sign-in leads to the profile from now on, the
 * pending record is deleted and the profile is active (spec 4). Contact details the profile
 * lacks are taken from the sign-up.
 */
export async function mergeStudent(
  database: AppDatabase,
  admin: PersonRow,
  pendingId: string,
  targetId: string,
) {
  if (pendingId === targetId) throw new AppError('merge_into_self', 400);
  await changePerson(database, targetId, async (trx, target, now) => {
    const pending = await lockPerson(trx, database.kind, pendingId);
    if (pending?.role !== 'student') throw new AppError('student_not_found', 404);
    requirePending(pending);
    if (target.role !== 'student') throw new AppError('merge_target_missing', 404);
    if (target.status === 'pending') throw new AppError('merge_target_pending', 409);
    await moveStudentData(trx, pendingId, targetId, now);
    await deletePersonRow(trx, pendingId);
    await updatePerson(trx, targetId, {
      status: 'active',
      ban_reason: null,
      banned_by: null,
      banned_at: null,
      email: target.email ?? pending.email,
      phone: target.phone ?? pending.phone,
      address: target.address ?? pending.address,
      dob: target.dob ?? pending.dob,
      avatar_url: target.avatar_url ?? pending.avatar_url,
      updated_at: now,
    });
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'student.merged',
      target: targetId,
      details: { mergedId: pendingId, name: pending.name },
      now,
    });
    const notified = await insertNotifications(
      trx,
      [{ recipientId: targetId, type: 'account_approved', actorId: admin.id }],
      now,
    );
    return { notified, progressOf: targetId };
  }).catch((error: unknown) => {
    // The profile chosen is gone (deleted meanwhile): the spec's own message.
    if (error instanceof AppError && error.code === 'person_not_found')
      throw new AppError('merge_target_missing', 404);
    throw error;
  });
  await announcePersonChange(database, pendingId);
  return getAdminPerson(database, admin, targetId);
}
