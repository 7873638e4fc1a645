import { shell } from '#shared/locales/vi/shell';

const formatter = new Intl.RelativeTimeFormat('vi', { numeric: 'always' });
const dateFormatter = new Intl.DateTimeFormat('vi', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  timeZone: 'Asia/Ho_Chi_Minh',
});

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60_000],
  ['hour', 3_600_000],
  ['day', 86_400_000],
];

/**
 * "vừa xong", "5 phút trước", "3 giờ trước", "2 ngày trước"; past a week, the date, which
 * says more than "5 tuần trước".
 */
export function formatRelativeTime(time: number, now = Date.now()): string {
  const elapsed = Math.max(0, now - time);
  if (elapsed < 60_000) return shell.justNow;
  if (elapsed >= 7 * 86_400_000) return dateFormatter.format(time);
  const [unit, size] = UNITS.findLast(([, length]) => elapsed >= length)!;
  return formatter.format(-Math.floor(elapsed / size), unit);
}

const dateTimeFormatter = new Intl.DateTimeFormat('vi', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'Asia/Ho_Chi_Minh',
});

/**
 * The full date and time, for a title or screen reader next to a relative time. One formatter
 * for all: making one per call cost about a millisecond a card on a phone.
 */
export const formatDateTime = (time: number) => dateTimeFormatter.format(time);
