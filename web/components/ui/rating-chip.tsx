import { t } from '../../lib/text.ts';

/**
 * Tones from neutral to the accent as the rating rises (DESIGN.md: a number chip, never stars:
 * the scale has ten points). Each pairing of text and background is AA.
 */
function tone(rating: number) {
  if (rating >= 9) return 'bg-accent-600 text-white';
  if (rating >= 7) return 'bg-accent-100 text-accent-800';
  if (rating >= 5) return 'bg-accent-50 text-accent-800';
  return 'bg-stone-100 text-stone-700';
}

/** A rating 0–10 as a chip: "8/10" to the eye, "Điểm 8/10" to a screen reader. */
export function RatingChip({ rating, small = false }: { rating: number; small?: boolean }) {
  return (
    <span
      data-testid="rating"
      className={`inline-flex shrink-0 items-baseline rounded-full font-semibold tabular-nums ${
        small ? 'px-2 py-0.5 text-xs' : 'px-2.5 py-1 text-sm'
      } ${tone(rating)}`}
    >
      <span aria-hidden="true">
        {rating}
        <span className="font-medium">/10</span>
      </span>
      <span className="sr-only">{t('posts.rating', { rating })}</span>
    </span>
  );
}
