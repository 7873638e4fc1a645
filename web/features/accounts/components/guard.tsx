import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useToast } from '../../../components/overlays/toast.tsx';
import { guestSession, signOut, useMe } from '../api/session.ts';

/**
 * The guard of the protected layout (spec 2): visitors go to /login and new sign-ins to
 * /onboarding, unless guest mode is on and this tab chose to browse as a guest. A refused
 * account (student access off, pending, on hold) sees the reason and is signed out.
 */
export function RequireViewer({ children, splash }: { children: ReactNode; splash: ReactNode }) {
  const { data: me, isPending, isError } = useMe();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const location = useLocation();

  useEffect(() => {
    if (me?.state !== 'refused') return;
    showToast(me.message, 'warning');
    void signOut().then(() => queryClient.invalidateQueries());
  }, [me, showToast, queryClient]);

  if (isPending) return splash;
  if (isError || !me) return <Navigate to="/login" replace />;
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
