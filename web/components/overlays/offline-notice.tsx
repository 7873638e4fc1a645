import { WifiOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../hooks/use-online-status.ts';
import { useToast } from './toast.tsx';

/**
 * The spec's full-screen notice while the connection is lost. It goes away by itself when the
 * connection returns, and a toast says so.
 */
export function OfflineNotice() {
  const online = useOnlineStatus();
  const { t } = useTranslation();
  const { showToast } = useToast();
  const wasOffline = useRef(false);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
    } else if (wasOffline.current) {
      wasOffline.current = false;
      showToast(t('offline.back'), 'success');
    }
  }, [online, showToast, t]);

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
