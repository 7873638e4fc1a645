import { startTransition, useEffect, useState } from 'react';

/** Whether no list has been drawn yet since the page opened. */
let pageOpening = true;

/**
 * On the screen the page opens on (a phone opening the app: its CPU busiest, its kept answers
 * there at once), how many of a list's items to draw: the first screen's at once, then `step`
 * more at a time, each step in its own task after the browser has painted, so no step holds a
 * slow phone's main thread long and a tap between two steps is answered between them. Every other
 * list draws all it has (Infinity): coming back to a list, its restored scroll position needs
 * every item.
 */
export function useShownCount(total: number, first: number, step: number): number {
  const [progressive] = useState(() => {
    const opening = pageOpening;
    pageOpening = false;
    return opening;
  });
  const [shown, setShown] = useState(progressive ? first : Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (shown >= total) return;
    const timer = setTimeout(() => {
      startTransition(() => setShown((count) => count + step));
    }, 0);
    return () => clearTimeout(timer);
  }, [shown, total, step]);
  return shown;
}
