import { Eye } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/form.tsx';
import { usePublicConfig } from '../../features/accounts/api/me.ts';
import { guestSession } from '../../features/accounts/api/session.ts';
import { t } from '../../lib/shell-text.ts';
import { PublicFrame } from '../layout/public-frame.tsx';

/** Guest mode (spec 6): browse without signing in, read-only, while an admin allows it. */
export default function GuestScreen() {
  const navigate = useNavigate();
  const { data: config, isPending } = usePublicConfig();
  return (
    <PublicFrame title={t('screens.guest.title')} subtitle={t('screens.guest.subtitle')}>
      {isPending ? null : config?.guestModeEnabled ? (
        <Button
          className="w-full"
          onClick={() => {
            guestSession.start();
            navigate('/activity', { replace: true });
          }}
        >
          <Eye className="size-5" aria-hidden="true" />
          {t('screens.guest.enter')}
        </Button>
      ) : (
        <div className="space-y-4">
          <p role="status" className="text-sm leading-6 text-stone-600">
            {t('screens.guest.off')}
          </p>
          <Link
            to="/login"
            className="inline-flex h-12 w-full items-center justify-center rounded-xl bg-accent-600 font-semibold text-white hover:bg-accent-700"
          >
            {t('screens.guest.signIn')}
          </Link>
        </div>
      )}
    </PublicFrame>
  );
}
