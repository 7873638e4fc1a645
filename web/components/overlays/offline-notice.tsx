import { WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useOnlineStatus } from '../../hooks/use-online-status.ts';
import { apiAddress } from '../../lib/api-client.ts';
import { serverReachable } from '../../lib/server-reachable.ts';
import { t } from '../../lib/shell-text.ts';
import { useToast } from './toast.tsx';

const RETRY_MS = 2_000;

/**
 * While the connection is lost: a thin banner over the screens, which keep showing what they
 * last loaded (and the post form keeps working, its posts kept in the outbox). It goes away by
 * itself when the connection returns, and a toast says so. What cannot show without the server
 * shows the spec's full-screen notice instead (`OfflineScreen`).
 */
export function OfflineNotice() {
  const online = useOnlineStatus();
  const { showToast } = useToast();
  const wasOffline = useRef(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
    } else if (wasOffline.current) {
      wasOffline.current = false;
      showToast(t('offline.back'), 'success');
    }
  }, [online, showToast]);

  // The browser says it is online but the server did not answer: ask it again every few
  // seconds, and once it answers, reload what the screen shows.
  useEffect(() => {
    if (online || !navigator.onLine) return;
    const timer = setInterval(() => {
      void fetch(apiAddress('/health', 'get'), { cache: 'no-store' })
        .then((response) => {
          if (!response.ok) return;
          serverReachable.set(true);
          // The query cache loads with the screens that use it, after this notice.
          void import('../../lib/query-client.ts').then(({ queryClient }) =>
            queryClient.invalidateQueries(),
          );
        })
        .catch(() => undefined);
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [online]);

  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="sticky top-0 z-[60] flex items-center justify-center gap-2 bg-stone-800 px-4 pt-[env(safe-area-inset-top)] text-sm font-medium text-white"
    >
      <WifiOff className="my-1 size-4 shrink-0" aria-hidden="true" />
      <span className="my-1 min-w-0 truncate">{t('offline.banner')}</span>
    </div>
  );
}

/** The spec's full-screen offline notice: for what cannot show at all without the server. */
export function OfflineScreen() {
  return (
    <div
      role="alert"
      data-testid="offline-notice"
      className="fixed inset-0 z-[60] grid place-items-center bg-stone-50/95 p-6 backdrop-blur-sm"
    >
      <div className="flex max-w-sm flex-col items-center text-center">
        <div className="mb-5 grid size-16 place-items-center rounded-full bg-stone-200 text-stone-600">
          <WifiOff className="size-8" aria-hidden="true" />
        </div>
        <h2 className="text-xl font-semibold text-stone-900">{t('offline.title')}</h2>
        <p className="mt-2 text-base leading-6 text-stone-600">{t('offline.body')}</p>
      </div>
    </div>
  );
}
