import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDayOfWeek,
  formatNumericDate,
  formatRelativeTime,
  vietnamDayKey,
} from './relative-time.ts';

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

describe('Vietnamese dates without Intl', () => {
  // 07:05 UTC is 14:05 in Vietnam; 20:00 UTC is the next morning there.
  const afternoon = Date.UTC(2026, 10, 26, 7, 5);
  const lateEvening = Date.UTC(2026, 10, 26, 20, 0);

  it('write the full date and time in Vietnam', () => {
    expect(formatDateTime(afternoon)).toBe('Thứ Năm, 26 tháng 11, 2026 lúc 14:05');
    expect(formatDateTime(lateEvening)).toBe('Thứ Sáu, 27 tháng 11, 2026 lúc 03:00');
  });

  it('agree with Intl on the numeric date and the day heading', () => {
    for (const time of [afternoon, lateEvening, Date.UTC(2027, 0, 1, 16, 59)]) {
      expect(formatNumericDate(time)).toBe(
        new Intl.DateTimeFormat('vi', {
          day: 'numeric',
          month: 'numeric',
          year: 'numeric',
          timeZone: 'Asia/Ho_Chi_Minh',
        }).format(time),
      );
      expect(formatDayOfWeek(time)).toBe(
        new Intl.DateTimeFormat('vi', {
          weekday: 'long',
          day: 'numeric',
          month: 'numeric',
          timeZone: 'Asia/Ho_Chi_Minh',
        }).format(time),
      );
      expect(vietnamDayKey(time)).toBe(
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(time),
      );
    }
  });
});
