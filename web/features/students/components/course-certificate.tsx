import { Download, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { formatCertificateCode } from '#shared/certificate-code';
import { formatDate } from '#shared/format';
import { useToast } from '../../../components/overlays/toast.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { apiAddress } from '../../../lib/api-client.ts';
import { t } from '../../../lib/text.ts';
import { write } from '../../../lib/write.ts';
import { useRevokeCertificate, useStudentCertificates } from '../api/students.ts';

/**
 * The certificate of a finished course on her page, for herself and staff: its code, the PDF and
 * its public page; an admin may revoke it. A revoked one says so.
 */
export function CourseCertificate({
  studentId,
  courseId,
  canRevoke,
}: {
  studentId: string;
  courseId: string;
  canRevoke: boolean;
}) {
  const { showToast } = useToast();
  const certificates = useStudentCertificates(studentId, true);
  const revoke = useRevokeCertificate(studentId);
  const [confirming, setConfirming] = useState(false);
  const ofCourse = (certificates.data?.certificates ?? []).filter(
    (certificate) => certificate.courseId === courseId,
  );
  const standing = ofCourse.find((certificate) => certificate.revokedAt === null);
  // Its place is kept while it loads, so what is under it does not jump.
  if (certificates.isPending) {
    return <div aria-hidden="true" className="h-[5.75rem] border-t border-stone-100" />;
  }
  const revoked = ofCourse.find((certificate) => certificate.revokedAt !== null);
  if (!standing) {
    return revoked ? (
      <p className="px-4 py-2.5 text-sm text-stone-500" data-testid="certificate-revoked">
        {t('screens.studentDetail.certificate.revoked', {
          code: formatCertificateCode(revoked.code),
          date: formatDate(revoked.revokedAt ?? 0),
        })}
      </p>
    ) : null;
  }
  const code = formatCertificateCode(standing.code);
  const link =
    'inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-accent-700 hover:bg-accent-50';
  return (
    <div className="border-t border-stone-100 px-4 py-2.5" data-testid="course-certificate">
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-stone-700">
        <ShieldCheck className="size-4 shrink-0 text-emerald-700" aria-hidden="true" />
        <span className="font-medium">{t('screens.studentDetail.certificate.title')}</span>
        <span className="whitespace-nowrap text-stone-500">
          {t('screens.studentDetail.certificate.code', { code })}
        </span>
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-x-1">
        <a
          href={apiAddress('/certificates/{code}/pdf', 'get', { path: { code: standing.code } })}
          target="_blank"
          rel="noopener"
          className={link}
        >
          <Download className="size-4" aria-hidden="true" />
          {t('screens.studentDetail.certificate.download')}
        </a>
        <a href={`/c/${standing.code}`} target="_blank" rel="noopener" className={link}>
          {t('screens.studentDetail.certificate.verify')}
        </a>
        {canRevoke ? (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            className="inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium text-stone-600 hover:bg-stone-100"
          >
            {t('screens.studentDetail.certificate.revoke')}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t('screens.studentDetail.certificate.revokeTitle')}
        body={t('screens.studentDetail.certificate.revokeBody', { code })}
        confirmLabel={t('screens.studentDetail.certificate.revoke')}
        cancelLabel={t('screens.studentDetail.certificate.cancel')}
        busy={revoke.isPending}
        onConfirm={() =>
          write(revoke, standing.code, {
            onSuccess: () => {
              setConfirming(false);
              showToast(t('screens.studentDetail.certificate.revokedToast'), 'success');
            },
          })
        }
      />
    </div>
  );
}
