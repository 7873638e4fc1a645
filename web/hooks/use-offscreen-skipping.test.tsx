// @vitest-environment happy-dom
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useOffscreenSkipping } from './use-offscreen-skipping.ts';

/** A list of `count` items 300 px tall, one under the other, on a 800 px screen. */
function List({ count }: { count: number }) {
  const itemProps = useOffscreenSkipping('card');
  return (
    <ul>
      {Array.from({ length: count }, (_, index) => `item-${index}`).map((key) => (
        <li key={key} {...itemProps(key)}>
          {key}
        </li>
      ))}
    </ul>
  );
}

describe('skipping the items of a long list that are off screen', () => {
  it('lays every item out first, then skips only those that were off screen', async () => {
    // The test DOM has no layout: each item's box comes from its place in the list.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: HTMLElement,
    ) {
      const index = Number(this.dataset.skipKey?.split('-')[1] ?? 0);
      return { top: index * 300, bottom: index * 300 + 300 } as DOMRect;
    });
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    render(<List count={6} />);
    const item = (index: number) => screen.getByText(`item-${index}`);
    // First: sizes are remembered, nothing skipped, so a restored scroll lands where it was.
    expect(item(0).className).toBe('isolate [contain-intrinsic-size:auto_420px]');
    expect(item(5).className).not.toContain('content-visibility');
    await waitFor(() => expect(item(5).className).toContain('[content-visibility:auto]'));
    // Skipping clips what an item paints to its box: the margin keeps the card's shadow.
    expect(item(3).className).toContain('[overflow-clip-margin:24px]');
    // Those on screen (0 to 2, within 800 px) never switch: the browser would call it a shift.
    for (const index of [0, 1, 2])
      expect(item(index).className).toBe('isolate [contain-intrinsic-size:auto_420px]');
    vi.restoreAllMocks();
  });
});
