import { parse } from 'csv-parse/sync';
import { Unzip, UnzipInflate } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { limits } from '#shared/limits';
import { AppError } from '../../lib/app-error.ts';

/** A cell as a spreadsheet holds it: .xlsx keeps numbers, dates and booleans, CSV only text. */
export type Cell = string | number | boolean | Date | null;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** The old binary Excel format, and an encrypted .xlsx, are compound files. */
const COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0];
/** What is pushed into the unzipper at once: small enough that one push cannot inflate far. */
const ZIP_CHUNK = 16 * 1024;

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((byte, index) => bytes[index] === byte);
}

/**
 * The rows of the first sheet of an uploaded .xlsx or .csv, every cell as the file holds it.
 * Whatever the file's name says, its bytes decide what it is; anything else is refused in
 * Vietnamese before a parser sees it. Limits: `limits.import*`, stated in docs/security.md.
 */
export async function readSpreadsheet(bytes: Buffer, fileName: string): Promise<Cell[][]> {
  if (bytes.length > limits.importBytes) throw new AppError('import_too_large', 413);
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  if (startsWith(bytes, COMPOUND_FILE)) throw new AppError('import_old_excel', 415);
  let rows: Cell[][];
  if (startsWith(bytes, ZIP)) {
    if (extension === 'csv') throw new AppError('import_wrong_type', 415);
    inspectWorkbook(bytes);
    rows = (await readSheet(bytes).catch((error: unknown) => {
      throw new AppError('import_unreadable', 422, { cause: error });
    })) as Cell[][];
  } else {
    if (extension === 'xlsx' || extension === 'xlsm' || extension === 'xls') {
      throw new AppError('import_wrong_type', 415);
    }
    rows = readCsv(bytes);
  }
  if (rows.length > limits.importRows + 1) throw new AppError('import_too_many_rows', 413);
  if (rows.some((row) => row.length > limits.importColumns)) {
    throw new AppError('import_too_many_columns', 413);
  }
  return rows;
}

/**
 * Unpacks an .xlsx in small steps, counting what it unpacks to, before the reader opens it: a
 * zip bomb is stopped at `importUnpackedBytes`, not when memory runs out. A workbook with macros
 * (`vbaProject.bin`) and a zip that is no workbook (a .docx named .xlsx) are refused; so is a
 * sheet with more rows than an import takes, counted from its XML before anything is parsed.
 */
function inspectWorkbook(bytes: Buffer): void {
  let entries = 0;
  let unpacked = 0;
  let workbook = false;
  // fflate reports an error thrown from a handler as its own: the first refusal is kept here.
  let refusal: AppError | null = null;
  const refuse = (code: 'import_unpacks_too_large' | 'import_macros' | 'import_too_many_rows') => {
    refusal ??= new AppError(code, code === 'import_macros' ? 415 : 413);
    throw refusal;
  };
  const unzip = new Unzip((file) => {
    entries += 1;
    if (entries > limits.importZipEntries) refuse('import_unpacks_too_large');
    if (/(^|\/)vbaProject\.bin$/i.test(file.name)) refuse('import_macros');
    if (file.name === 'xl/workbook.xml') workbook = true;
    const rowCounter = /^xl\/worksheets\/[^/]+\.xml$/.test(file.name) ? countRows() : null;
    file.ondata = (error, data) => {
      if (error) throw refusal ?? new AppError('import_unreadable', 422, { cause: error });
      unpacked += data.length;
      if (unpacked > limits.importUnpackedBytes) refuse('import_unpacks_too_large');
      if (rowCounter && rowCounter(data) > limits.importRows + 1) refuse('import_too_many_rows');
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length; offset += ZIP_CHUNK) {
      const end = Math.min(offset + ZIP_CHUNK, bytes.length);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch (error) {
    if (refusal) throw refusal;
    if (error instanceof AppError) throw error;
    throw new AppError('import_unreadable', 422, { cause: error });
  }
  if (!workbook) throw new AppError('import_wrong_type', 415);
}

/** Counts `<row` tags in a worksheet's XML as it streams by, a tag split across chunks too. */
function countRows(): (chunk: Uint8Array) => number {
  const decoder = new TextDecoder();
  let tail = '';
  let count = 0;
  return (chunk) => {
    const text = tail + decoder.decode(chunk, { stream: true });
    count += text.match(/<row[\s>]/g)?.length ?? 0;
    // Four characters can hold the start of a tag the next chunk finishes, never a whole one.
    tail = text.slice(-4);
    return count;
  };
}

/**
 * CSV as Excel and Google Sheets save Vietnamese text: UTF-8 with or without a byte-order mark
 * (Google Sheets, Excel's "CSV UTF-8"), UTF-16 with one (Excel's "Unicode Text", tab-separated),
 * or Windows' Vietnamese code page 1258 (Excel's plain "CSV" on a Vietnamese Windows), whose
 * tone marks are separate characters until composed. The separator is the one the header row
 * uses: Excel writes ';' where the decimal mark is a comma, as in Vietnamese settings.
 */
function readCsv(bytes: Buffer): Cell[][] {
  const text = decodeText(bytes).normalize('NFC');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, candidate) =>
    firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best,
  );
  try {
    const records: string[][] = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to: limits.importRows + 2,
      max_record_size: limits.importCellChars * limits.importColumns,
    });
    return records;
  } catch (error) {
    throw new AppError('import_unreadable', 422, { cause: error });
  }
}

function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  // Text has no NUL byte; an image or a program named .csv does.
  if (bytes.includes(0)) throw new AppError('import_wrong_type', 415);
  try {
    // Drops a UTF-8 byte-order mark by itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1258').decode(bytes);
  }
}
