/**
 * Folds Vietnamese text for search: lower case, no diacritics, `đ` → `d`, single spaces.
 * "Đắp bột Hoà" and "dap bot hoa" fold to the same string.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const vietnameseCollator = new Intl.Collator('vi', { sensitivity: 'base' });

/** Splits a Vietnamese full name into the given name (the last word) and the rest. */
export function splitVietnameseName(fullName: string): { givenName: string; rest: string } {
  const words = fullName.trim().split(/\s+/);
  const givenName = words.pop() ?? '';
  return { givenName, rest: words.join(' ') };
}

/** Orders names as Vietnamese lists do: by given name, then family and middle names. */
export function compareVietnameseNames(a: string, b: string): number {
  const left = splitVietnameseName(a);
  const right = splitVietnameseName(b);
  return (
    vietnameseCollator.compare(left.givenName, right.givenName) ||
    vietnameseCollator.compare(left.rest, right.rest)
  );
}

/** Up to two initials of a name, for the generated avatar: "Nguyễn Thị Hoa" → "NH". */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toLocaleUpperCase('vi');
}
