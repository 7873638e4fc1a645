import { useIsRestoring, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { OfflineScreen } from '../../../components/overlays/offline-notice.tsx';
import { useToast } from '../../../components/overlays/toast.tsx';
import { useOnlineStatus } from '../../../hooks/use-online-status.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useMe } from '../api/me.ts';
import { guestSession, signOut } from '../api/session.ts';

/**
 * The guard of the protected layout (spec 2): visitors go to /login and new sign-ins to
 * /onboarding, unless guest mode is on and this tab chose to browse as a guest. A refused
 * account (student access off, pending, on hold) sees the reason and is signed out.
 */
export function RequireViewer({ children, splash }: { children: ReactNode; splash: ReactNode }) {
  const { data: me, isPending, error } = useMe();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const location = useLocation();
  const restoring = useIsRestoring();

  useEffect(() => {
    if (me?.state !== 'refused') return;
    showToast(me.message, 'warning');
    void signOut().then(() => queryClient.invalidateQueries());
  }, [me, showToast, queryClient]);

  if (!me) {
    // What was loaded before is being read from the device: who this is may be among it.
    if (restoring) return splash;
    // No answer at all (offline, the server restarting) is not a sign-out: the splash stays
    // until the server answers again, under the full-screen notice while offline.
    if (isPending || (error instanceof ApiError && error.status === 0))
      return <OfflineAware splash={splash} />;
    return <Navigate to="/login" replace />;
  }
  // A later check that fails keeps the last answer: a dropped connection signs no one out.
  switch (me.state) {
    case 'member':
      return children;
    case 'new':
      return <Navigate to="/onboarding" replace />;
    case 'anonymous':
      if (me.guestMode && guestSession.isOn()) return children;
      return <Navigate to="/login" replace state={{ from: location.pathname }} />;
    case 'refused':
      return <Navigate to="/login" replace />;
  }
}

function OfflineAware({ splash }: { splash: ReactNode }) {
  const online = useOnlineStatus();
  return (
    <>
      {splash}
      {online ? null : <OfflineScreen />}
    </>
  );
}
