import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '#shared/format';
import { t } from '../../../lib/text.ts';
import { useShowcaseConsents } from '../api/admin-tools.ts';
import { AdminSection } from './admin-section.tsx';

/**
 * Who agreed to show her work publicly, for admins: each student, since when, and how many of her
 * photos are featured; and the showcase page itself.
 */
export function ShowcaseConsentsSection({ open }: { open: boolean }) {
  const consents = useShowcaseConsents();
  const students = consents.data?.students ?? [];
  return (
    <AdminSection title={t('screens.adminTools.consents')}>
      {consents.isPending ? (
        <div aria-hidden="true" className="m-4 h-12 animate-pulse rounded-xl bg-stone-100" />
      ) : students.length === 0 ? (
        <p className="px-4 pt-2 pb-4 text-sm text-stone-500">
          {t('screens.adminTools.consentsEmpty')}
        </p>
      ) : (
        <ul className="divide-y divide-stone-100" data-testid="showcase-consents">
          {students.map((student) => (
            <li key={student.id}>
              <Link
                to={`/students/${student.id}`}
                className="flex min-h-14 items-center gap-3 px-4 py-2 hover:bg-stone-50"
              >
                <img
                  src={student.avatarUrl}
                  alt=""
                  width={36}
                  height={36}
                  className="size-9 shrink-0 rounded-full bg-stone-100 object-cover"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-[15px] font-medium text-stone-900">
                    {student.name}
                  </span>
                  <span className="block text-sm text-stone-500">
                    {t('screens.adminTools.consentSince', {
                      date: formatDate(student.consentedAt),
                    })}
                    {' · '}
                    {t('screens.adminTools.consentFeatured', { count: student.featured })}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {open ? (
        <p className="border-t border-stone-100 px-4 py-2">
          <Link
            to="/showcase"
            className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-accent-700"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('screens.adminTools.showcaseOpen')}
          </Link>
        </p>
      ) : null}
    </AdminSection>
  );
}
