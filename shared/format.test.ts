import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatPhone } from './format.ts';
import { VietnamesePhone } from './schemas/people.ts';

describe('formatPhone', () => {
  it('writes a number typed any way in the groups people read', () => {
    for (const typed of ['+84 903 111 222', '0903111222', '0903.111.222', '(0903) 111-222']) {
      expect(formatPhone(VietnamesePhone.parse(typed))).toBe('0903 111 222');
    }
    expect(formatPhone(VietnamesePhone.parse('028 3812 3456'))).toBe('028 3812 3456');
    expect(formatPhone('unknown')).toBe('unknown');
  });
});

describe('formatCalendarDate', () => {
  it('writes a stored date the way the other screens do', () => {
    expect(formatCalendarDate('2001-03-15')).toBe('15 tháng 3, 2001');
    expect(formatCalendarDate('2000-12-31')).toBe('31 tháng 12, 2000');
    expect(formatCalendarDate('not a date')).toBe('not a date');
  });
});

describe('formatDate', () => {
  it('writes the day in Vietnam as Intl does in Vietnamese', () => {
    const intl = new Intl.DateTimeFormat('vi', { dateStyle: 'long', timeZone: 'Asia/Ho_Chi_Minh' });
    for (const at of [
      Date.UTC(2026, 10, 26, 7),
      Date.UTC(2026, 10, 26, 17),
      Date.UTC(1999, 0, 1),
    ]) {
      expect(formatDate(at)).toBe(intl.format(at));
    }
  });
});
