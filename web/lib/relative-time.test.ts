import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time.ts';

describe('formatRelativeTime', () => {
  const now = Date.UTC(2026, 10, 22, 5);
  it.each([
    [20_000, 'vừa xong'],
    [5 * 60_000, '5 phút trước'],
    [3 * 3_600_000, '3 giờ trước'],
    [2 * 86_400_000, '2 ngày trước'],
  ])('%i ms ago is "%s"', (ago, expected) => {
    expect(formatRelativeTime(now - ago, now)).toBe(expected);
  });

  it('gives the date after a week', () => {
    expect(formatRelativeTime(Date.UTC(2026, 9, 1, 5), now)).toBe('1/10/2026');
  });
});
