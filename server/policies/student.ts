import type { StudentCan } from '#shared/schemas/students';
import { mayPrintCertificate } from './certificate.ts';
import { isAdmin, isSelf, isStaff, type Who } from './who.ts';

/**
 * Who lists the academy's students: staff, and guests while guest mode is on (without contact
 * details). Other students are personal data: a student sees only herself.
 */
export function mayListStudents(who: Who): boolean {
  return who === null || isStaff(who);
}

/**
 * Staff see any student; a student herself. A guest (guest mode) is a visitor, not staff: she
 * sees the academy's active students with their courses and which lessons are done, never
 * people who wait for approval or are blocked.
 */
export function maySeeStudent(who: Who, student: { id: string; status: string }): boolean {
  if (who === null) return student.status === 'active';
  return mayOpenStudent(who, student.id);
}

/** A member's part of the rule above: it does not depend on the student's status. */
export function mayOpenStudent(who: NonNullable<Who>, studentId: string): boolean {
  return isStaff(who) || isSelf(who, studentId);
}

/**
 * Phone, e-mail, address and birthday are for staff and the student herself; never for guests,
 * nor instructors' lesson summaries and who wrote them.
 */
export function maySeeContact(who: Who, student: { id: string }): boolean {
  return isStaff(who) || isSelf(who, student.id);
}

/** The search box finds students for staff only: names are looked up, not browsed, there. */
export function maySearchStudents(who: Who): boolean {
  return isStaff(who);
}

/** Staff add, edit, enrol and delete students, tick their lessons and finish their courses. */
export function mayManageStudents(who: Who): boolean {
  return isStaff(who);
}

/** A file of someone's progress is for members who may see her (staff, herself), not guests. */
export function mayExportProgress(who: Who): boolean {
  return who !== null;
}

/** What the viewer may do on a student's page. */
export function studentCan(who: Who, student: { id: string }): StudentCan {
  return {
    exportProgress: mayExportProgress(who),
    seeCertificates: mayPrintCertificate(who, { personId: student.id }),
    edit: mayManageStudents(who),
    editProgress: mayManageStudents(who),
    downloadPortfolio: isAdmin(who) || isSelf(who, student.id),
    featureWork: isStaff(who),
    revokeCertificates: isAdmin(who),
    seeOtherStudents: mayListStudents(who),
  };
}
