import { Splash } from '../../components/ui/splash.tsx';
import { prefetchMe } from '../../features/accounts/api/me.ts';
import { RequireViewer } from '../../features/accounts/components/guard.tsx';
import { queryClient } from '../../lib/query-client.ts';
import { AppLayout } from './app-layout.tsx';

/** The signed-in app: the guard (spec 2), then the layout with its navigation and screens. */
export function SignedInApp() {
  return (
    <RequireViewer splash={<Splash />}>
      <AppLayout />
    </RequireViewer>
  );
}

/** Runs as soon as the layout's code is in: who this is, asked for alongside the screen's code. */
export function loader(): null {
  prefetchMe(queryClient);
  return null;
}
