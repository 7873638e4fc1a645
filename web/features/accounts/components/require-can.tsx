import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import type { Me } from '#shared/schemas/accounts';
import { useMe } from '../api/session.ts';

type Ability = keyof Extract<Me, { state: 'member' }>['can'];

/**
 * Shows the screens under it only to people the server says may use it (admins for user management, staff
 * for instructors); the server refuses the data anyway, this spares a screen of errors.
 */
export function RequireCan({ ability }: { ability: Ability }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  if (me?.state === 'member' && me.can[ability]) return <Outlet />;
  return (
    <div
      data-testid="forbidden"
      className="flex min-h-[70dvh] flex-col items-center justify-center px-6 text-center"
    >
      <div className="mb-5 grid size-16 place-items-center rounded-full bg-stone-200 text-stone-600">
        <Lock className="size-8" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-bold text-stone-900">{t('forbidden.title')}</h1>
      <p className="mt-2 max-w-sm text-stone-600">{t('forbidden.body')}</p>
      <Link
        to="/activity"
        className="mt-6 inline-flex h-12 items-center rounded-xl bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700"
      >
        {t('notFound.back')}
      </Link>
    </div>
  );
}
