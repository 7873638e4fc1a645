import { Splash } from '../../components/ui/splash.tsx';
import { RequireViewer } from '../../features/accounts/components/guard.tsx';
import { AppLayout } from './app-layout.tsx';

/** The signed-in app: the guard (spec 2), then the layout with its navigation and screens. */
export function SignedInApp() {
  return (
    <RequireViewer splash={<Splash />}>
      <AppLayout />
    </RequireViewer>
  );
}
