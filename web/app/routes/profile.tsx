import { ChevronRight, Gauge, GraduationCap, ShieldCheck, UserCog, Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageBody, PageHeader } from '../../components/ui/page.tsx';

const links = [
  { to: '/user-management', key: 'userManagement', icon: UserCog },
  { to: '/admin-tools', key: 'adminTools', icon: Wrench },
  { to: '/instructors', key: 'instructors', icon: GraduationCap },
  { to: '/dashboard', key: 'dashboard', icon: Gauge },
  { to: '/privacy', key: 'privacy', icon: ShieldCheck },
] as const;

export default function ProfileScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('screens.profile.title')} subtitle={t('screens.profile.subtitle')} />
      <PageBody>
        <ul className="divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white shadow-[var(--shadow-card)]">
          {links.map(({ to, key, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex min-h-14 items-center gap-3 px-4 text-[15px] font-medium text-stone-800 hover:bg-stone-50"
              >
                <Icon className="size-5 text-stone-500" aria-hidden="true" />
                <span className="flex-1">{t(`screens.profile.${key}`)}</span>
                <ChevronRight className="size-5 text-stone-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </PageBody>
    </>
  );
}
