import type { CertificateList } from '#shared/schemas/certificates';
import type { AppDatabase } from '../../db/database.ts';
import type { PersonRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { mayPrintCertificate, mayRevokeCertificate } from '../../policies/certificate.ts';
import { insertActivityLog } from '../activity-logs/activity-logs.repository.ts';
import { announcePersonChange } from '../events/announce.ts';
import { logoImage, readIdentity } from '../identity/identity.service.ts';
import { previewJpegOf } from '../media/image-processing.ts';
import { asStoreError } from '../media/media.storage.ts';
import type { MediaStore } from '../media/media.store.ts';
import { localPhotoName } from '../showcase/showcase.service.ts';
import { getStudent } from '../students/students.service.ts';
import { normaliseCode } from './certificate-issue.ts';
import { type CertificateContent, certificatePdf } from './certificate-pdf.ts';
import {
  type CertificateRow,
  featuredPhotosOfCourse,
  findCertificate,
  listCertificatesOf,
  revokeCertificateRow,
} from './certificates.repository.ts';

const toCertificate = (row: CertificateRow) => ({
  code: row.code,
  courseId: row.course_id,
  courseName: row.course_name,
  instructors: JSON.parse(row.instructor_names) as string[],
  issuedAt: Number(row.issued_at),
  revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
});

/** Her certificates, for herself and staff (the door of her page; not guests). */
export async function studentCertificates(
  database: AppDatabase,
  viewer: PersonRow,
  studentId: string,
): Promise<CertificateList> {
  await getStudent(database, viewer, studentId);
  const rows = await listCertificatesOf(database.db, studentId);
  return { certificates: rows.map(toCertificate) };
}

/** An admin revokes a certificate: its page says so from then on, and it is not printed again. */
export async function revokeCertificate(
  database: AppDatabase,
  admin: PersonRow,
  code: string,
): Promise<void> {
  if (!mayRevokeCertificate(admin)) throw new AppError('forbidden', 403);
  const now = Date.now();
  const personId = await inTransaction(database, async (trx) => {
    const row = await findCertificate(trx, code);
    if (!row) throw new AppError('certificate_not_found', 404);
    if (!(await revokeCertificateRow(trx, code, admin.id, now))) return null;
    await insertActivityLog(trx, {
      actorId: admin.id,
      action: 'certificate.revoked',
      target: row.person_id,
      details: { code, course: row.course_name },
      now,
    });
    return row.person_id;
  });
  if (personId) await announcePersonChange(database, personId);
}

/** What a certificate's public page shows, by its code as typed; undefined for no such code. */
export async function verifyCertificate(database: AppDatabase, typed: string) {
  const code = normaliseCode(typed);
  if (!code) return undefined;
  const row = await findCertificate(database.db, code);
  return row ? toCertificateContent(row) : undefined;
}

function toCertificateContent(row: CertificateRow): CertificateContent {
  const certificate = toCertificate(row);
  return { ...certificate, studentName: row.student_name, photos: [] };
}

/** At most this many of her featured works go on her certificate. */
const PHOTOS_ON_CERTIFICATE = 3;

/**
 * Her certificate as a PDF, for herself and staff, while it stands: with a few of her featured
 * works of the course when she agreed to show her work, and the QR code of its page.
 */
export async function certificateDocument(
  database: AppDatabase,
  store: MediaStore,
  viewer: PersonRow,
  code: string,
  options: { verifyUrl: string; logo?: Buffer },
): Promise<{ pdf: Buffer; studentName: string; courseName: string }> {
  const row = await findCertificate(database.db, code);
  const mayRead = row && mayPrintCertificate(viewer, { personId: row.person_id });
  if (!row || !mayRead) throw new AppError('certificate_not_found', 404);
  if (row.revoked_at !== null) throw new AppError('certificate_revoked', 409);
  const featured = row.course_id
    ? await featuredPhotosOfCourse(database.db, row.person_id, row.course_id, PHOTOS_ON_CERTIFICATE)
    : [];
  const photos: Buffer[] = [];
  for (const { photo_url } of featured) {
    const name = localPhotoName(photo_url);
    if (!name) continue;
    try {
      const stored = await store.read(name);
      if (stored) photos.push(await previewJpegOf(stored));
    } catch (error) {
      asStoreError(error);
    }
  }
  // The academy as it names itself today, with its own mark when it has one.
  const identity = await readIdentity(database);
  const logo = identity.logoVersion
    ? await logoImage(database, identity.logoVersion, 'icon-512')
    : options.logo;
  const pdf = await certificatePdf(
    { ...toCertificateContent(row), photos },
    { verifyUrl: options.verifyUrl, logo, academy: identity.name, accent: identity.themeColor },
  );
  return { pdf, studentName: row.student_name, courseName: row.course_name };
}
