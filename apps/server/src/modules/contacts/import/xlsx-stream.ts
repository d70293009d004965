import type yauzl from 'yauzl';
import {
  CELL_TEXT_MAX_CHARS,
  SSF,
  firstSheetPart,
  openZip,
  parsePart,
  readBook,
  type Book,
  type Zip,
} from './xlsx-parts';

/** One row of a sheet: its line (1 = the sheet's first row) and its cells as text. */
type SheetRow = { line: number; cells: string[] };

/** A sheet's size in Excel (rows, columns): a reference past them is no spreadsheet program's, and is clamped to them. */
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;

/**
 * The rows of an XLSX's first sheet, streamed: the sheet's part is inflated and parsed as a
 * stream (htmlparser2 over yauzl), so memory holds a chunk's rows, not the sheet. The shared
 * strings (the text cells' table, which the sheet points into) and the styles are read first
 * and kept. Cells as `readImportRows` gives them: formulas never evaluated (the saved value),
 * date-formatted numbers as YYYY-MM-DD, other numbers without exponent, booleans `true`/`false`,
 * blank rows and trailing empty cells left out. Zip bombs: yauzl refuses a part inflating past
 * the size it declares (`tooLarge`); the declarations themselves are checked by
 * `assertZipIsNotABomb` before this is called.
 * @throws AppError 'import-file-invalid' when the file cannot be read as an XLSX.
 */
export async function* readXlsxRows(file: Buffer): AsyncGenerator<SheetRow> {
  const zip = await openZip(file);
  try {
    const sheet = await firstSheetPart(zip);
    const book = await readBook(zip);
    for await (const event of readSheet(zip, sheet, book)) if (event.row) yield event.row;
  } finally {
    zip.file.close();
  }
}

/**
 * The first `rows` rows of an XLSX's first sheet (as `readXlsxRows` reads them) and the number of
 * its last row (1 = its first, blank rows counted): from the sheet's `dimension` when it has
 * one (read before any row), otherwise by streaming the rest of the sheet.
 * @throws AppError 'import-file-invalid' when the file cannot be read as an XLSX.
 */
export async function readXlsxHead(
  file: Buffer,
  rows: number,
): Promise<{ rows: SheetRow[]; lastLine: number }> {
  const zip = await openZip(file);
  const head: SheetRow[] = [];
  let lastLine = 0;
  try {
    const sheet = await firstSheetPart(zip);
    const book = await readBook(zip);
    let dimension: number | null = null;
    for await (const event of readSheet(zip, sheet, book)) {
      if (event.dimension !== undefined) dimension = event.dimension;
      if (event.row) {
        lastLine = event.row.line;
        if (head.length < rows) head.push(event.row);
      }
      if (head.length >= rows && dimension !== null) break;
    }
    return { rows: head, lastLine: dimension !== null ? Math.max(dimension, lastLine) : lastLine };
  } finally {
    zip.file.close();
  }
}

/** What the sheet's parser hands over: its `dimension`'s last row, or a row with cells. */
type SheetEvent = { dimension?: number; row?: SheetRow };

/** Streams the sheet's rows (see `readXlsxRows`). */
function readSheet(zip: Zip, entry: yauzl.Entry, book: Book): AsyncGenerator<SheetEvent> {
  const events: SheetEvent[] = [];
  let line = 0;
  let cells: string[] = [];
  let column = 0;
  let cell: { type: string; style: number; value: string } | null = null;
  let capture = false;
  return parsePart(
    zip,
    entry,
    {
      open: (name, attrs) => {
        if (name === 'row') {
          const r = Number(attrs.r);
          line = Math.min(attrs.r && Number.isInteger(r) && r > line ? r : line + 1, MAX_ROWS);
          cells = [];
          column = 0;
        } else if (name === 'c') {
          if (attrs.r) column = Math.min(columnIndex(attrs.r), MAX_COLUMNS - 1);
          cell = { type: attrs.t ?? 'n', style: Number(attrs.s ?? 0), value: '' };
        } else if ((name === 'v' || name === 't') && cell) capture = true;
        else if (name === 'dimension' && attrs.ref) {
          const end = /(\d+)$/.exec(attrs.ref);
          if (end) events.push({ dimension: Math.min(Number(end[1]), MAX_ROWS) });
        }
      },
      text: (t) => {
        if (capture && cell && cell.value.length < CELL_TEXT_MAX_CHARS) cell.value += t;
      },
      close: (name) => {
        if (name === 'v' || name === 't') capture = false;
        else if (name === 'c' && cell) {
          // A row wider than Excel's is cut there (it is skipped as too wide anyway).
          column = Math.min(column, MAX_COLUMNS - 1);
          while (cells.length < column) cells.push('');
          cells[column++] = cellText(cell.type, cell.style, cell.value.slice(0, CELL_TEXT_MAX_CHARS), book);
          cell = null;
        } else if (name === 'row') {
          let end = cells.length;
          while (end > 0 && (cells[end - 1] ?? '').trim() === '') end--;
          if (end > 0) events.push({ row: { line, cells: cells.slice(0, end) } });
        }
      },
    },
    () => events.splice(0),
  );
}

/** A cell reference's column, from 0 ("C12" → 2). */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90 || n > MAX_COLUMNS) break;
    n = n * 26 + (code - 64);
  }
  return Math.max(0, n - 1);
}

/** A cell's text by its type: shared or inline strings, booleans, dates by their style, numbers without exponent. */
function cellText(type: string, style: number, value: string, book: Book): string {
  switch (type) {
    case 's':
      return book.strings[Number(value)] ?? '';
    case 'b':
      return value === '1' || value === 'true' ? 'true' : 'false';
    case 'd':
      return value.slice(0, 10);
    case 'n': {
      if (value.trim() === '') return '';
      const n = Number(value);
      if (!Number.isFinite(n)) return value;
      if (book.dateStyles.has(style)) {
        const d = SSF.parse_date_code(n, { date1904: book.date1904 });
        return `${String(d.y).padStart(4, '0')}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
      }
      return Number.isInteger(n) ? BigInt(n).toString() : String(n);
    }
    default:
      // 'str' (a formula's saved text), 'inlineStr', 'e' (an error such as #N/A): the text as saved.
      return value;
  }
}
