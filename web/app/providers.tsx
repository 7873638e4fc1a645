import type { ReactNode } from 'react';
import { ToastProvider } from '../components/overlays/toast.tsx';

/**
 * What every screen is given. The query cache is given by the routes that use it
 * (layout/with-queries.tsx), so that /login loads without it.
 */
export function Providers({ children }: { children: ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}
