// @vitest-environment happy-dom
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOffscreenSkipping } from './use-offscreen-skipping.ts';

describe('skipping the items of a long list that are off screen', () => {
  it('lays every item out in the first frame, and skips the ones off screen after', async () => {
    const { result } = renderHook(() => useOffscreenSkipping('card'));
    // First: sizes are remembered, nothing skipped, so a restored scroll lands where it was.
    expect(result.current).toContain('[contain-intrinsic-size:auto_420px]');
    expect(result.current).not.toContain('content-visibility');
    await waitFor(() => expect(result.current).toContain('[content-visibility:auto]'));
    // Skipping clips what an item paints to its box: the margin keeps the card's shadow.
    expect(result.current).toContain('[overflow-clip-margin:24px]');
  });
});
