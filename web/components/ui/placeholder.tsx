import { WifiOff } from 'lucide-react';
import { useOnlineStatus } from '../../hooks/use-online-status.ts';
import { t } from '../../lib/shell-text.ts';

/**
 * Where a screen's content will be while it loads: `count` grey shapes of `className`'s size.
 * Offline they would wait for ever with no word (the device never loaded this content), so one
 * shape says so instead, and the content takes its place when the connection returns.
 */
export function Placeholder({ className, count = 1 }: { className: string; count?: number }) {
  const online = useOnlineStatus();
  if (!online) {
    return (
      <p
        data-testid="not-loaded-offline"
        className="col-span-full flex items-start gap-2 rounded-2xl border border-dashed border-stone-300 bg-white p-4 text-[15px] text-stone-700"
      >
        <WifiOff className="mt-0.5 size-4 shrink-0 text-stone-500" aria-hidden="true" />
        <span>{t('offline.notLoaded')}</span>
      </p>
    );
  }
  return Array.from({ length: count }, (_, index) => (
    <div
      // The shapes are alike and never reordered.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      key={index}
      aria-hidden="true"
      className={`animate-pulse bg-stone-200/70 motion-reduce:animate-none ${className}`}
    />
  ));
}
