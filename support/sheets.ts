import { strToU8, zipSync } from 'fflate';
import writeXlsxFile, { type Row } from 'write-excel-file/node';

/*
 * Spreadsheets of students as people's programs save them, for the import's server tests and
 * its journey: .xlsx (Excel's and Google Sheets' own format; a phone typed as a number, a date
 * in a date cell) and CSV the ways Excel and Google Sheets write Vietnamese text.
 */

export type SheetCell = string | number | Date | null;

export const HEADERS = ['Họ và tên', 'Số điện thoại', 'Email', 'Ngày sinh', 'Địa chỉ', 'Khóa học'];

export function xlsxOf(rows: SheetCell[][]): Promise<Buffer> {
  return writeXlsxFile(rows as Row[], { dateFormat: 'dd/mm/yyyy' }).toBuffer();
}

function csvCell(value: SheetCell, delimiter: string): string {
  const text = value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? '');
  return /["\r\n]/.test(text) || text.includes(delimiter) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvText(rows: SheetCell[][], delimiter: string): string {
  return rows
    .map((row) => row.map((cell) => csvCell(cell, delimiter)).join(delimiter))
    .join('\r\n');
}

/** Excel's "CSV UTF-8": a byte-order mark, commas, CRLF. */
export const excelCsvUtf8 = (rows: SheetCell[][]) =>
  Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${csvText(rows, ',')}\r\n`)]);

/** Google Sheets' "Comma-separated values": UTF-8, no byte-order mark. */
export const googleCsv = (rows: SheetCell[][]) => Buffer.from(csvText(rows, ','));

/** Excel's CSV where the decimal mark is a comma (Vietnamese settings): semicolons. */
export const semicolonCsv = (rows: SheetCell[][]) => Buffer.from(`${csvText(rows, ';')}\r\n`);

/** Excel's "Unicode Text": UTF-16 with a byte-order mark, tab-separated. */
export const unicodeText = (rows: SheetCell[][]) =>
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csvText(rows, '\t'), 'utf16le')]);

/**
 * Windows' Vietnamese code page (1258) for the few letters the tests use: Excel's plain "CSV" on
 * a Vietnamese Windows writes base letters and tone marks as separate bytes.
 */
const CP1258: Record<string, number[]> = {
  â: [0xe2],
  ê: [0xea],
  ô: [0xf4],
  ơ: [0xf5],
  ư: [0xfd],
  ă: [0xe3],
  đ: [0xf0],
  Đ: [0xd0],
  '\u0300': [0xcc],
  '\u0301': [0xec],
  '\u0309': [0xd2],
  '\u0303': [0xde],
  '\u0323': [0xf2],
};
export function windows1258Csv(rows: SheetCell[][]): Buffer {
  const text = csvText(rows, ',').normalize('NFD');
  const bytes: number[] = [];
  // NFD splits â into a + ̂; the code page has â itself, so the circumflex, breve and horn join
  // their letter again before the tone marks are written apart. (NFD puts a dot below before
  // the circumflex: "ệ" is e, dot, circumflex.)
  const joined = text.replace(
    /([aeouAEOU])(\u0323?)([\u0302\u0306\u031b])/g,
    (_all, letter: string, dot: string, mark: string) =>
      `${(letter + mark).normalize('NFC')}${dot}`,
  );
  for (const char of joined) {
    const code = char.charCodeAt(0);
    if (CP1258[char]) bytes.push(...CP1258[char]!);
    else if (code < 0x80) bytes.push(code);
    else throw new Error(`windows1258Csv: no byte for ${char}`);
  }
  return Buffer.from(bytes);
}

/** An .xlsx with its parts changed: to add macros, or to make a workbook of something else. */
export function zipOf(files: Record<string, string | Uint8Array>): Buffer {
  return Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(files).map(([name, body]) => [
          name,
          typeof body === 'string' ? strToU8(body) : body,
        ]),
      ),
      { level: 9 },
    ),
  );
}

/**
 * `n` students numbered from `from`, each in one of `courses` in turn, the way a class list is
 * kept: the phone a number cell would hold, the birthday day first.
 */
export function classList(from: number, n: number, courses: string[]): SheetCell[][] {
  return Array.from({ length: n }, (_, index) => {
    const k = from + index;
    return [
      `Nguyễn Thị Học Viên ${k}`,
      `09${String(10_000_000 + k).slice(-8)}`,
      `hv${k}@example.vn`,
      `${String((k % 28) + 1).padStart(2, '0')}/0${(k % 9) + 1}/199${k % 10}`,
      `${k} Lê Lợi, Quận 1`,
      courses[k % courses.length] ?? null,
    ];
  });
}
