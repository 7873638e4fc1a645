import { vietnamClock } from '#shared/format';
import { shell } from '#shared/locales/vi/shell';
import { fillPlaceholders } from '#shared/text';

/*
 * Times as the feed and lists write them, in Vietnam's time (UTC+7 all year, no summer time).
 * Written by hand from the catalogue rather than with Intl: the first Intl formatter a page makes
 * loads the locale's data, a task of about 50 ms on a slow phone that every screen would pay
 * while it opens (bench/README.md, "Long tasks").
 */

/** The day a moment falls on in Vietnam, as "2026-11-26": equal for two moments of one day. */
export function vietnamDayKey(time: number): string {
  const { year, month, day } = vietnamClock(time);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "26/11/2026". */
export function formatNumericDate(time: number): string {
  const { year, month, day } = vietnamClock(time);
  return `${day}/${month}/${year}`;
}

/** "Thứ Năm, 26/11": a day heading of a list. */
export function formatDayOfWeek(time: number): string {
  const { month, day, weekday } = vietnamClock(time);
  return fillPlaceholders(shell.dayOfWeek, { weekday: shell.weekdays[weekday]!, day, month });
}

const UNITS: Array<[template: string, length: number]> = [
  [shell.minutesAgo, 60_000],
  [shell.hoursAgo, 3_600_000],
  [shell.daysAgo, 86_400_000],
];

/**
 * "vừa xong", "5 phút trước", "3 giờ trước", "2 ngày trước"; past a week, the date, which
 * says more than "5 tuần trước".
 */
export function formatRelativeTime(time: number, now = Date.now()): string {
  const elapsed = Math.max(0, now - time);
  if (elapsed < 60_000) return shell.justNow;
  if (elapsed >= 7 * 86_400_000) return formatNumericDate(time);
  const [template, size] = UNITS.findLast(([, length]) => elapsed >= length)!;
  return fillPlaceholders(template, { count: Math.floor(elapsed / size) });
}

/**
 * The full date and time, for a title or screen reader next to a relative time: "Thứ Năm, 26
 * tháng 11, 2026 lúc 14:05".
 */
export function formatDateTime(time: number): string {
  const { year, month, day, weekday, hours, minutes } = vietnamClock(time);
  return fillPlaceholders(shell.dateTime, {
    weekday: shell.weekdays[weekday]!,
    day,
    month,
    year,
    time: `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`,
  });
}
