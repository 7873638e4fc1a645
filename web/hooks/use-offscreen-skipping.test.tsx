// @vitest-environment happy-dom
import { act, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useOffscreenSkipping } from './use-offscreen-skipping.ts';

/** The window as scrolled to `y` (the test DOM has no layout to scroll), as a person does. */
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

/** The class of each render of the list screen, newest last. */
const seen: string[] = [];

function List() {
  seen.push(useOffscreenSkipping('card'));
  return null;
}

function Post() {
  return null;
}

/** A list screen and a post screen, the list shown first. */
function listAndPost() {
  seen.length = 0;
  const router = createMemoryRouter(
    [
      { path: '/list', Component: List },
      { path: '/post', Component: Post },
    ],
    { initialEntries: ['/list'] },
  );
  render(<RouterProvider router={router} />);
  return { seen, router };
}

describe('skipping the items of a long list that are off screen', () => {
  it('skips from the first frame on a list opened afresh, so nothing on screen moves', () => {
    const { seen } = listAndPost();
    expect(seen[0]).toContain('[contain-intrinsic-size:auto_420px]');
    expect(seen[0]).toContain('[content-visibility:auto]');
    // Skipping clips what an item paints to its box: the margin keeps the card's shadow.
    expect(seen[0]).toContain('[overflow-clip-margin:24px]');
  });

  it('lays every item out in the first frame when coming back, and skips after', async () => {
    const { seen, router } = listAndPost();
    // Scrolled down the list, then a post opened (which starts at its top).
    scrollTo(900);
    await act(() => router.navigate('/post'));
    scrollTo(0);
    seen.length = 0;
    await act(() => router.navigate(-1));
    await waitFor(() => expect(seen.at(-1)).toContain('[content-visibility:auto]'));
    // First: sizes are remembered, nothing skipped, so a restored scroll lands where it was.
    expect(seen[0]).toContain('[contain-intrinsic-size:auto_420px]');
    expect(seen[0]).not.toContain('content-visibility');
  });

  it('skips from the first frame when coming back to a list left at its top', async () => {
    const { seen, router } = listAndPost();
    scrollTo(0);
    await act(() => router.navigate('/post'));
    seen.length = 0;
    await act(() => router.navigate(-1));
    expect(seen[0]).toContain('[content-visibility:auto]');
  });
});
