import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { Readable } from 'node:stream';
import * as XLSX from '@e965/xlsx';
import { decodeText, detectTextEncoding } from './decode-text';
import { notASpreadsheet, type ImportKind } from './detect-format';
import { readXlsxHead, readXlsxRows } from './xlsx-stream';
import { assertZipIsNotABomb } from './zip-guard';

/** One row of an import file: its line (1 = the file's first row) and its cells as text. */
export type ImportFileRow = { line: number; cells: string[] };

/** Chunks the CSV is fed to the decoder in (bytes). */
const CSV_CHUNK_BYTES = 64 * 1024;
const DELIMITERS = [',', ';', '\t'] as const;

/**
 * The delimiter of a CSV: of comma, semicolon and tab, the one found most often outside quotes
 * in its first line (a comma when none is).
 */
export function detectDelimiter(firstLine: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const ch of firstLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && counts.has(ch)) counts.set(ch, counts.get(ch)! + 1);
  }
  let best = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/**
 * The rows of an import file, in order, as text cells (trailing empty cells dropped; blank rows
 * left out). CSV: encoding detected (UTF-8 with or without BOM, or Windows-1252), delimiter
 * detected, streamed through csv-parse (quotes, doubled quotes, line breaks in cells; a row may
 * have any number of cells). XLS and XLSX: the first sheet, formulas never evaluated (a formula
 * cell gives the value the spreadsheet program saved), date cells as YYYY-MM-DD, numbers as
 * written (a phone typed as a number keeps its digits). An XLSX is checked against zip bombs
 * first, then streamed (`xlsx-stream.ts`: memory bounded whatever the sheet's length); an XLS
 * (the older binary format) is read whole by SheetJS, whose community build cannot stream.
 * @throws AppError 'import-file-invalid' when the file cannot be read as its format.
 */
export async function* readImportRows(file: Buffer, kind: ImportKind): AsyncGenerator<ImportFileRow> {
  if (kind === 'csv') yield* readCsvRows(file);
  else if (kind === 'xlsx') {
    assertZipIsNotABomb(file);
    yield* readXlsxRows(file);
  } else yield* readSheetRows(readFirstSheet(file));
}

/**
 * The first `rows` rows of an import file (read as `readImportRows` reads them), and the number
 * of its last line (1 = its first; blank rows counted) without reading the rows in between:
 * a CSV's line breaks counted in its bytes (a line break inside a quoted cell counts too); an
 * XLSX's stream stopped after `rows` rows, its last row read from the sheet's dimension; an
 * XLS's cells past `rows` left unread by SheetJS. An estimate past the head: the import's end
 * sets the count it found.
 * @throws AppError 'import-file-invalid' when the file cannot be read as its format.
 */
export async function readImportHead(
  file: Buffer,
  kind: ImportKind,
  rows: number,
): Promise<{ rows: ImportFileRow[]; lastLine: number }> {
  if (kind === 'csv') {
    const head: ImportFileRow[] = [];
    for await (const row of readCsvRows(file)) {
      head.push(row);
      if (head.length >= rows) break;
    }
    return { rows: head, lastLine: Math.max(head.at(-1)?.line ?? 0, countLines(file)) };
  }
  if (kind === 'xlsx') {
    assertZipIsNotABomb(file);
    return readXlsxHead(file, rows);
  }
  const sheet = readFirstSheet(file, rows);
  const range = (sheet['!fullref'] as string | undefined) ?? sheet['!ref'];
  return { rows: [...readSheetRows(sheet)], lastLine: range ? XLSX.utils.decode_range(range).e.r + 1 : 0 };
}

/** A text file's lines: its line feeds (carriage returns when it has none), plus an unended last line. */
function countLines(file: Buffer): number {
  const breakByte = file.includes(0x0a) ? 0x0a : 0x0d;
  let lines = 0;
  for (let at = file.indexOf(breakByte); at !== -1; at = file.indexOf(breakByte, at + 1)) lines++;
  const last = file.at(-1);
  return last === 0x0a || last === 0x0d || file.length === 0 ? lines : lines + 1;
}

async function* readCsvRows(file: Buffer): AsyncGenerator<ImportFileRow> {
  const encoding = detectTextEncoding(file);
  const head = decodeText(file.subarray(0, 4096), encoding);
  const delimiter = detectDelimiter(head.split(/\r\n|\n|\r/, 1)[0] ?? '');
  const chunks = function* () {
    for (let i = 0; i < file.length; i += CSV_CHUNK_BYTES) yield file.subarray(i, i + CSV_CHUNK_BYTES);
  };
  const parser = Readable.from(chunks())
    .pipe(iconv.decodeStream(encoding, { stripBOM: true }))
    .pipe(
      parse({
        delimiter,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
        info: true,
        bom: true,
      }),
    );
  try {
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const cells = trimTrailing(record.record);
      if (cells.length > 0) yield { line: record.info.lines, cells };
    }
  } catch (err) {
    throw notASpreadsheet(`The CSV file cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The first sheet of an XLS workbook (its first `sheetRows` rows when given). */
function readFirstSheet(file: Buffer, sheetRows?: number): XLSX.WorkSheet {
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(file, {
      type: 'buffer',
      dense: true,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellNF: true,
      cellDates: false,
      bookVBA: false,
      ...(sheetRows ? { sheetRows } : {}),
    });
  } catch {
    throw notASpreadsheet('The XLS file cannot be read.');
  }
  const name = workbook.SheetNames[0];
  const sheet = name ? workbook.Sheets[name] : undefined;
  if (!sheet) throw notASpreadsheet('The spreadsheet has no sheet.');
  return sheet;
}

function* readSheetRows(sheet: XLSX.WorkSheet): Generator<ImportFileRow> {
  const data = (sheet as unknown as { '!data'?: (XLSX.CellObject | undefined)[][] })['!data'] ?? [];
  for (let r = 0; r < data.length; r++) {
    const row = data[r];
    if (!row) continue;
    const cells = trimTrailing(Array.from(row, cellText));
    if (cells.length > 0) yield { line: r + 1, cells };
  }
}

/** SheetJS's number-format helpers (untyped in its declarations). */
const SSF = XLSX.SSF as {
  is_date(format: string | number): boolean;
  parse_date_code(serial: number): { y: number; m: number; d: number };
};

/** A SheetJS cell as text: dates as YYYY-MM-DD, numbers without exponent, booleans and text as is. */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'n' && typeof cell.v === 'number') {
    if (cell.z && SSF.is_date(cell.z)) {
      const d = SSF.parse_date_code(cell.v);
      return `${String(d.y).padStart(4, '0')}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
    }
    return Number.isInteger(cell.v) ? BigInt(cell.v).toString() : String(cell.v);
  }
  if (cell.v instanceof Date) return cell.v.toISOString().slice(0, 10);
  return String(cell.v);
}

function trimTrailing(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && (cells[end - 1] ?? '').trim() === '') end--;
  return cells.slice(0, end);
}
