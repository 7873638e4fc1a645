import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { NewVersionModal } from '../../components/overlays/new-version-modal.tsx';
import { OfflineScreen } from '../../components/overlays/offline-notice.tsx';
import { useOnlineStatus } from '../../hooks/use-online-status.ts';
import { isChunkLoadError } from '../../lib/chunk-errors.ts';
import { reportClientError } from '../../lib/report-client-error.ts';
import { t } from '../../lib/shell-text.ts';

/**
 * The router's error screen. A screen's file that fails to load while online means a new
 * version was deployed: the new-version modal. Anything else: the spec's default error screen.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const online = useOnlineStatus();
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    reportClientError(chunkError ? 'route: chunk load' : 'route: render', error);
  }, [error, chunkError]);

  if (chunkError) return online ? <NewVersionModal /> : <OfflineScreen />;
  return (
    <main
      role="alert"
      className="flex min-h-dvh flex-col items-center justify-center px-6 text-center"
    >
      <h1 className="text-2xl font-bold text-stone-900">{t('routerError.title')}</h1>
      <p className="mt-2 max-w-sm text-stone-600">{t('routerError.body')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 h-12 rounded-xl bg-accent-600 px-5 font-semibold text-white hover:bg-accent-700"
      >
        {t('routerError.reload')}
      </button>
    </main>
  );
}
