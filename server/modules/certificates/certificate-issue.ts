import { randomBytes } from 'node:crypto';
import { CERTIFICATE_CODE } from '#shared/certificate-code';
import type { Db } from '../../db/schema.ts';
import {
  courseForCertificate,
  findStandingCertificate,
  insertCertificate,
  revokeCertificateRow,
} from './certificates.repository.ts';

/*
 * Issuing and withdrawing a course's certificate, inside the transaction that marks the course
 * finished or not (students.service.ts).
 */

/** Crockford's base 32: no I, L, O or U, so a code read off paper is typed right. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 60 random bits: a certificate's page cannot be found by trying codes. */
function newCode(): string {
  return [...randomBytes(12)].map((byte) => ALPHABET[byte & 31]).join('');
}

/**
 * A code as a person may type it from the paper: any case, with dashes or spaces, O for 0 and
 * I or L for 1. Undefined when it cannot be a code.
 */
export function normaliseCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return CERTIFICATE_CODE.test(code) ? code : undefined;
}

/**
 * The certificate of a course she has just finished, in the transaction that marks it: her name,
 * the course and its instructors as they are that day. A certificate that stands is kept (marking
 * again changes nothing).
 */
export async function issueCertificate(
  trx: Db,
  input: { studentId: string; studentName: string; courseId: string; staffId: string; now: number },
): Promise<void> {
  if (await findStandingCertificate(trx, input.studentId, input.courseId)) return;
  const course = await courseForCertificate(trx, input.courseId);
  if (!course) return;
  await insertCertificate(trx, {
    code: newCode(),
    personId: input.studentId,
    courseId: input.courseId,
    studentName: input.studentName,
    courseName: course.name,
    instructorNames: course.instructors,
    issuedBy: input.staffId,
    now: input.now,
  });
}

/** A finish undone (a mistake): the certificate it issued no longer stands. */
export async function revokeCourseCertificate(
  trx: Db,
  input: { studentId: string; courseId: string; staffId: string; now: number },
): Promise<void> {
  const standing = await findStandingCertificate(trx, input.studentId, input.courseId);
  if (standing) await revokeCertificateRow(trx, standing.code, input.staffId, input.now);
}
