import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * The class for the items of a long list whose items off screen skip layout and paint
 * (`content-visibility: auto`): a change anywhere no longer lays every item out again, and the
 * first screen costs what the screen shows.
 *
 * Coming back to a list (back, forward, a reload) is the exception: its first frame lays every
 * item out once, so each remembers its height (`contain-intrinsic-size: auto`) and the restored
 * scroll position lands on the same item rather than on one placed by the estimate; skipping
 * starts from the second frame. A list opened afresh skips from its first frame: switching later
 * makes the browser report the cards on screen as moved (a layout shift).
 *
 * Skipping also clips what an item paints to its box: the clip margin gives the card's shadow
 * back. Tailwind sees the classes whole here.
 */
export function useOffscreenSkipping(estimate: 'card' | 'row'): string {
  const { key } = useLocation();
  const restoring = useNavigationType() === 'POP' && leftScrolled(key);
  const [skipping, setSkipping] = useState(!restoring);
  useEffect(() => {
    if (skipping) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setSkipping(true));
    });
    return () => cancelAnimationFrame(frame);
  }, [skipping]);
  // Read as the list leaves, before its nodes are removed and before the next screen scrolls
  // the window to its top (a layout effect's cleanup runs first).
  useLayoutEffect(() => () => void scrolledWhenLeft.set(key, window.scrollY > 0), [key]);
  const size =
    estimate === 'card'
      ? '[contain-intrinsic-size:auto_420px]'
      : '[contain-intrinsic-size:auto_120px]';
  return skipping ? `${size} [content-visibility:auto] [overflow-clip-margin:24px]` : size;
}

/** Whether a list left scrolled down, by the history entry it was shown at. */
const scrolledWhenLeft = new Map<string, boolean>();

/**
 * Whether a scroll position is about to be restored at history entry `key`: the list was left
 * scrolled down there in this session, or (for the app's first screen) the page itself was
 * reloaded or reached by back or forward, when the browser restores where it was.
 */
function leftScrolled(key: string): boolean {
  const known = scrolledWhenLeft.get(key);
  if (known !== undefined) return known;
  const [load] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return load !== undefined && load.type !== 'navigate';
}
