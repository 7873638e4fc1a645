import { type ReactNode, useSyncExternalStore } from 'react';
import { formatDateTime, formatRelativeTime } from '../../lib/relative-time.ts';

/** How often shown times are brought up to date ("vừa xong" becomes "1 phút trước"). */
const TICK_MS = 30_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/** One timer for every time on screen, running only while one is shown. */
function subscribeToTicks(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    for (const notify of listeners) notify();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const currentTick = () => Math.floor(Date.now() / TICK_MS);

/**
 * When something happened, as "5 phút trước", kept current while the screen stays open (a
 * feed left open through a class), with the full date and time as its title. Cards render
 * again only when their post changes, so the time cannot rely on its parent re-rendering.
 */
export function RelativeTime({
  time,
  className,
  children,
}: {
  time: number;
  className?: string;
  /** Shown after the time inside the same element (e.g. " · đã chỉnh sửa"). */
  children?: ReactNode;
}) {
  useSyncExternalStore(subscribeToTicks, currentTick);
  return (
    <time
      dateTime={new Date(time).toISOString()}
      title={formatDateTime(time)}
      className={className}
    >
      {formatRelativeTime(time)}
      {children}
    </time>
  );
}
