import { WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useOnlineStatus } from '../../hooks/use-online-status.ts';
import { serverReachable } from '../../lib/server-reachable.ts';
import { t } from '../../lib/shell-text.ts';
import { useToast } from './toast.tsx';

const RETRY_MS = 2_000;

/**
 * The spec's full-screen notice while the connection is lost. It goes away by itself when the
 * connection returns, and a toast says so.
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
      void fetch('/api/health', { cache: 'no-store' })
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
