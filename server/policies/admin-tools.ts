import type { PersonCan } from '#shared/schemas/admin';
import type { PersonRow } from '../db/schema.ts';
import { isAdmin, isSelf, isStaff, type RoleHolder, type Who } from './who.ts';

/**
 * Only admins approve, block, merge and delete people, read the activity and error logs, see
 * approval requests, change the academy's settings, import and export, back up and restore (spec 6).
 */
export function mayManageAcademy(who: RoleHolder): boolean {
  return isAdmin(who);
}

/** Activity logging happens only for signed-in staff (spec 6). */
export function isLoggedActivity(who: Who): boolean {
  return isStaff(who);
}

/**
 * What an admin may do with a person in user management (spec 4). A pending sign-up is approved
 * or rejected (a student's may be merged into a profile staff keep); an approved person is
 * blocked or unblocked, an instructor made admin and an admin instructor, or deleted. An admin
 * may only step down herself: she never blocks or deletes her own account. The last active
 * admin is kept by the service, which counts them.
 */
export function personCan(who: Who, person: Pick<PersonRow, 'id' | 'role' | 'status'>): PersonCan {
  const admin = mayManageAcademy(who);
  const self = isSelf(who, person.id);
  const pending = person.status === 'pending';
  const settled = admin && !pending && !self;
  return {
    approve: admin && pending,
    reject: admin && pending,
    merge: admin && pending && person.role === 'student',
    block: settled && person.status !== 'blocked',
    changeReason: settled && person.status === 'blocked',
    unblock: settled && person.status === 'blocked',
    makeAdmin: settled && person.role === 'instructor' && person.status === 'active',
    makeInstructor: admin && !pending && person.role === 'admin',
    delete: settled,
    blockIsPause: !isStaff(person),
  };
}
