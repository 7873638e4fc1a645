import { Lock } from 'lucide-react';
import { Outlet } from 'react-router';
import type { Me } from '#shared/schemas/accounts';
import { MessageScreen } from '../../../components/ui/message-screen.tsx';
import { t } from '../../../lib/shell-text.ts';
import { useMe } from '../api/me.ts';

export type Ability = keyof Extract<Me, { state: 'member' }>['can'];

/**
 * Shows the screens under it only to people the server says may use them (admins for user
 * management, staff for instructors); the server refuses the data anyway, this spares a screen
 * of errors.
 */
export function RequireCan({ ability }: { ability: Ability }) {
  const { data: me } = useMe();
  if (me?.state === 'member' && me.can[ability]) return <Outlet />;
  return (
    <MessageScreen
      testId="forbidden"
      tone="neutral"
      icon={Lock}
      title={t('forbidden.title')}
      // Say who the page is for: an instructor on an admin's page is not told instructors may.
      body={t(ability === 'manageUsers' ? 'forbidden.adminsOnly' : 'forbidden.body')}
      action={{ to: '/activity', label: t('notFound.back') }}
    />
  );
}
