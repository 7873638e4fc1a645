/**
 * Latin letters that carry their mark inside the letter, so that decomposing does not strip it:
 * Vietnamese đ, and those of the foreign names an academy also meets (Łukasz, Søren, Æsa,
 * Strauß), written as a person without them on their keyboard would type them.
 */
const unmarkedLetters: Record<string, string> = {
  đ: 'd',
  Đ: 'd',
  ł: 'l',
  Ł: 'l',
  ø: 'o',
  Ø: 'o',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ß: 'ss',
  ð: 'd',
  Ð: 'd',
  þ: 'th',
  Þ: 'th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'h',
  ŧ: 't',
  Ŧ: 't',
};
const unmarkedLetter = new RegExp(`[${Object.keys(unmarkedLetters).join('')}]`, 'g');

/**
 * Folds text for search: lower case, no diacritics, `đ` → `d` (and `ł` → `l`, `ß` → `ss`…),
 * single spaces. "Đắp bột Hoà" and "dap bot hoa" fold to the same string; so do "Łukasz" and
 * "lukasz".
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(unmarkedLetter, (letter) => unmarkedLetters[letter] ?? letter)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Vietnamese tone marks as combining characters (NFD). */
const toneMarks = '\u0300\u0301\u0303\u0309\u0323';
/** "hòa", "thúy", "khỏe" (tone on the first vowel) → "hoà", "thuý", "khoẻ": both spellings are in use. */
const oldTonePlacement = new RegExp(
  `(o)([${toneMarks}])([ae])(?![\\p{L}\\p{M}])|(u)([${toneMarks}])(y)(?![\\p{L}\\p{M}])`,
  'gu',
);

/**
 * Lower-cased text with its diacritics kept, for ranking matches of the typed diacritics first.
 * Tone marks on "oa", "oe", "uy" at a word's end move to one place, so "Hòa" and "Hoà" agree.
 */
export function lowerForSearch(text: string): string {
  return text
    .normalize('NFD')
    .toLocaleLowerCase('vi')
    .replace(oldTonePlacement, (_match, o, oTone, oNext, u, uTone, y) =>
      o ? `${o}${oNext}${oTone}` : `${u}${y}${uTone}`,
    )
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim();
}

// Made on first use: building a collator loads locale data, which a screen that never sorts
// names (the feed) should not pay for while it opens.
let vietnameseCollator: Intl.Collator | undefined;

/** Splits a Vietnamese full name into the given name (the last word) and the rest. */
export function splitVietnameseName(fullName: string): { givenName: string; rest: string } {
  const words = fullName.trim().split(/\s+/);
  const givenName = words.pop() ?? '';
  return { givenName, rest: words.join(' ') };
}

/**
 * A name rearranged so that comparing these keys with `compareVietnameseKeys` orders names as
 * Vietnamese lists do: by given name, then family and middle names. Long lists compute each
 * key once instead of splitting names on every comparison.
 */
export function vietnameseNameKey(fullName: string): string {
  const { givenName, rest } = splitVietnameseName(fullName);
  // A space sorts before any letter, so "An …" comes before "Anh …".
  return `${givenName} ${rest}`;
}

export const compareVietnameseKeys = (a: string, b: string): number => {
  vietnameseCollator ??= new Intl.Collator('vi', { sensitivity: 'base' });
  return vietnameseCollator.compare(a, b);
};

/** Orders names as Vietnamese lists do: by given name, then family and middle names. */
export function compareVietnameseNames(a: string, b: string): number {
  return compareVietnameseKeys(vietnameseNameKey(a), vietnameseNameKey(b));
}

// Made on first use: building a segmenter loads the locale's break rules, a long task on a slow
// phone, which a screen should not pay for while it opens.
let graphemes: Intl.Segmenter | undefined;

/** The first user-perceived character of a word (a letter with its marks, a whole emoji). */
function firstGrapheme(word: string): string {
  graphemes ??= new Intl.Segmenter('vi', { granularity: 'grapheme' });
  for (const { segment } of graphemes.segment(word)) return segment;
  return '';
}

/**
 * Up to two initials of a name, for the generated avatar: "Nguyễn Thị Hoa" → "NH". Initials
 * are whole characters (grapheme clusters), taken from the words that start with a letter, so
 * "Chu Thị Lan 💅" → "CL"; a name with no letter at all shows its first character.
 */
export function initialsOf(fullName: string): string {
  const words = fullName.normalize('NFC').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const lettered = words.filter((word) => /^\p{L}/u.test(word));
  if (lettered.length === 0) return firstGrapheme(words[0]!);
  const first = firstGrapheme(lettered[0]!);
  const last = lettered.length > 1 ? firstGrapheme(lettered[lettered.length - 1]!) : '';
  return (first + last).toLocaleUpperCase('vi');
}

export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; label: string; id: string };

/** Splits a post or comment into plain text and `@[label](personId)` mentions (spec 3). */
export function splitMentions(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(/@\[([^\]\n]{1,100})\]\(([\w-]{1,64})\)/g)) {
    if (match.index > last) segments.push({ kind: 'text', text: text.slice(last, match.index) });
    segments.push({ kind: 'mention', label: match[1]!, id: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

export type PlaceholderValues = Readonly<Record<string, string | number>>;

/** Fills the catalogue's `{{name}}` placeholders, in the browser and on the server alike. */
export function fillPlaceholders(template: string, values: PlaceholderValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A name as part of a file name: folded to plain letters and digits joined by dashes. */
export const fileNamePart = (name: string) =>
  foldForSearch(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
