import { useEffect, useId, useState } from 'react';

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
 * back. Tailwind sees the classes whole here.
 */
export function useOffscreenSkipping(
  estimate: 'card' | 'row',
): (key: string) => { className: string; 'data-skip-list': string; 'data-skip-key': string } {
  const list = useId();
  // The items on screen when skipping started; null before.
  const [kept, setKept] = useState<ReadonlySet<string> | null>(null);
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setKept(itemsOnScreen(list)));
    });
    return () => cancelAnimationFrame(frame);
  }, [list]);
  const size =
    estimate === 'card'
      ? '[contain-intrinsic-size:auto_420px]'
      : '[contain-intrinsic-size:auto_120px]';
  const skipping = `${size} [content-visibility:auto] [overflow-clip-margin:24px]`;
  return (key) => ({
    className: kept === null || kept.has(key) ? size : skipping,
    'data-skip-list': list,
    'data-skip-key': key,
  });
}

/** The keys of the list's items that are within the screen now. */
function itemsOnScreen(list: string): ReadonlySet<string> {
  const onScreen = new Set<string>();
  for (const item of document.querySelectorAll<HTMLElement>(
    `[data-skip-list="${CSS.escape(list)}"]`,
  )) {
    const { top, bottom } = item.getBoundingClientRect();
    if (bottom > 0 && top < window.innerHeight) onScreen.add(item.dataset.skipKey ?? '');
  }
  return onScreen;
}
