import { useEffect, useId, useRef, useState } from 'react';

/**
 * Props for the items of a long list whose items off screen skip layout and paint
 * (`content-visibility: auto`): a change anywhere no longer lays every item out again. Skipping
 * starts from the list's second frame: the first lays every item out once, so each remembers
 * its height (`contain-intrinsic-size: auto`), and a scroll position restored on coming back
 * lands on the same item rather than on one placed by the estimate. The items on screen at that
 * moment never start skipping: switching an item on screen makes the browser report it as moved
 * (a layout shift). Items added later skip from their first frame.
 *
 * Skipping also clips what an item paints to its box: the clip margin gives the card's shadow
 * back. Each item is its own stacking context (`isolate`), later items above earlier ones, as
 * skipping's paint containment already makes it in the browser: an item off screen, laid out by
 * its estimate, then never reads as covering the next item's buttons to an accessibility check
 * (axe's target size), which orders painting by the stacking rules it knows. Nothing inside an
 * item draws beyond it: menus and sheets open in a portal. Tailwind sees the classes whole here.
 */
export function useOffscreenSkipping(
  estimate: 'card' | 'row',
): (key: string) => { className: string; 'data-skip-list': string; 'data-skip-key': string } {
  const list = useId();
  const size =
    estimate === 'card'
      ? 'isolate [contain-intrinsic-size:auto_420px]'
      : 'isolate [contain-intrinsic-size:auto_120px]';
  const skipping = `${size} [content-visibility:auto] [overflow-clip-margin:24px]`;
  // The items drawn before skipping started: they keep the class they were drawn with, and the
  // ones off screen at that moment are switched to skipping on the page itself. Rendering the
  // list again to switch them re-rendered every card, a long task on a slow phone; React leaves
  // the added classes alone while the class it gave stays the same.
  const started = useRef(false);
  const [drawnBefore] = useState(() => new Set<string>());
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        const onScreen = itemsOnScreen(list);
        for (const item of itemsOf(list)) {
          if (!onScreen.has(item.dataset.skipKey ?? '')) item.classList.add(...skipping.split(' '));
        }
        started.current = true;
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [list, skipping]);
  return (key) => {
    if (!started.current) drawnBefore.add(key);
    return {
      className: drawnBefore.has(key) ? size : skipping,
      'data-skip-list': list,
      'data-skip-key': key,
    };
  };
}

function itemsOf(list: string) {
  return document.querySelectorAll<HTMLElement>(`[data-skip-list="${CSS.escape(list)}"]`);
}

/** The keys of the list's items that are within the screen now. */
function itemsOnScreen(list: string): ReadonlySet<string> {
  const onScreen = new Set<string>();
  for (const item of itemsOf(list)) {
    const { top, bottom } = item.getBoundingClientRect();
    if (bottom > 0 && top < window.innerHeight) onScreen.add(item.dataset.skipKey ?? '');
  }
  return onScreen;
}
