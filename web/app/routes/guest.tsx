import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePublicConfig } from '../../features/accounts/api/me.ts';
import { guestSession } from '../../features/accounts/api/session.ts';
import { t } from '../../lib/shell-text.ts';
import { PublicFrame } from '../layout/public-frame.tsx';

/**
 * Guest mode (spec 6): browse without signing in, read-only, while an admin allows it. The login
 * screen's "Xem với tư cách khách" leads here and straight on into the app: the visitor already
 * chose, so no second page asks again. While guest mode is off, this says so.
 */
export default function GuestScreen() {
  const navigate = useNavigate();
  const config = usePublicConfig();
  // Asked again on arrival: a cached answer may say guest mode is on after an admin turned it off.
  const [checked, setChecked] = useState(false);
  const { refetch } = config;
  useEffect(() => {
    void refetch().finally(() => setChecked(true));
  }, [refetch]);
  const enter = checked && config.data?.guestModeEnabled === true;
  useEffect(() => {
    if (!enter) return;
    guestSession.start();
    navigate('/activity', { replace: true });
  }, [enter, navigate]);
  if (enter) return null;
  return (
    <PublicFrame title={t('screens.guest.title')} subtitle={t('screens.guest.subtitle')}>
      {!checked ? null : (
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
