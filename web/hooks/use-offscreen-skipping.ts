import { useEffect, useState } from 'react';

/**
 * The class for the items of a long list whose items off screen skip layout and paint
 * (`content-visibility: auto`): a change anywhere no longer lays every item out again. Only from
 * the list's second frame: the first lays every item out once, so each remembers its height
 * (`contain-intrinsic-size: auto`), and a scroll position restored on coming back lands on the
 * same item rather than on one placed by the estimate. Skipping also clips what an item paints
 * to its box: the clip margin gives the card's shadow back. Tailwind sees the classes whole here.
 */
export function useOffscreenSkipping(estimate: 'card' | 'row'): string {
  const [skipping, setSkipping] = useState(false);
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setSkipping(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  const size =
    estimate === 'card'
      ? '[contain-intrinsic-size:auto_420px]'
      : '[contain-intrinsic-size:auto_120px]';
  return skipping ? `${size} [content-visibility:auto] [overflow-clip-margin:24px]` : size;
}
