/*
 * How dates and phone numbers are written for people, one way everywhere (the browser and the
 * server's e-mails and CSV): "15 tháng 3, 2001", "0903 111 222".
 */

const VIETNAM_OFFSET_MS = 7 * 3_600_000;

/** The calendar fields of a moment in Vietnam (UTC+7 all year, no summer time). */
export function vietnamClock(time: number | Date) {
  const at = new Date(Number(time) + VIETNAM_OFFSET_MS);
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    day: at.getUTCDate(),
    weekday: at.getUTCDay(),
    hours: at.getUTCHours(),
    minutes: at.getUTCMinutes(),
  };
}

/**
 * A moment (epoch milliseconds) as a date in Vietnam: "15 tháng 3, 2001", as Intl writes it in
 * Vietnamese. Written by hand: the first Intl formatter a page makes loads the locale's data, a
 * long task on a slow phone for one date on a student's page.
 */
export function formatDate(at: number | Date): string {
  const { year, month, day } = vietnamClock(at);
  return `${day} tháng ${month}, ${year}`;
}

/** A calendar date as stored ("2001-03-15"), written the same way; anything else as it is. */
export function formatCalendarDate(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  const at = new Date(`${date}T12:00:00+07:00`);
  return Number.isNaN(at.getTime()) ? date : formatDate(at);
}

/**
 * A Vietnamese phone number as stored (0 and nine or ten digits) in the groups people read it
 * in: mobiles "0903 111 222", landlines "028 3812 3456". Anything else as it is.
 */
export function formatPhone(phone: string): string {
  if (/^0\d{9}$/.test(phone)) return `${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
  if (/^0\d{10}$/.test(phone)) return `${phone.slice(0, 3)} ${phone.slice(3, 7)} ${phone.slice(7)}`;
  return phone;
}

let oneDecimal: Intl.NumberFormat | undefined;

/** A file's size as people read it: "9 KB", "17,2 MB", "1,4 GB". */
export function formatBytes(bytes: number): string {
  oneDecimal ??= new Intl.NumberFormat('vi', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  if (bytes >= 1024 ** 3) return `${oneDecimal.format(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1024 ** 2) return `${oneDecimal.format(bytes / 1024 ** 2)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
