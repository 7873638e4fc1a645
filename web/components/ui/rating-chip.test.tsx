// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render-in-app.tsx';
import { RatingChip } from './rating-chip.tsx';

afterEach(cleanup);

const chip = (rating: number) => {
  renderInApp(<RatingChip rating={rating} />, new QueryClient());
  const element = screen.getByTestId('rating');
  cleanup();
  return element;
};

describe('a rating chip', () => {
  it('shows the number out of ten, and says "Điểm" to a screen reader', () => {
    const element = chip(8);
    expect(element.querySelector('[aria-hidden="true"]')?.textContent).toBe('8/10');
    expect(element.querySelector('.sr-only')?.textContent).toBe('Điểm 8/10');
    expect(element.querySelector('svg')).toBeNull();
  });

  it('deepens from neutral to the accent as the rating rises', () => {
    const tones = [0, 4, 5, 7, 9, 10].map((rating) =>
      chip(rating)
        .className.split(' ')
        .filter((name) => name.startsWith('bg-'))
        .join(),
    );
    expect(tones).toEqual([
      'bg-stone-100',
      'bg-stone-100',
      'bg-accent-50',
      'bg-accent-100',
      'bg-accent-600',
      'bg-accent-600',
    ]);
  });
});
