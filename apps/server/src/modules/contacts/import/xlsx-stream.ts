import * as XLSX from '@e965/xlsx';
import { Parser } from 'htmlparser2';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { notASpreadsheet } from './detect-format';
import { tooLarge } from './zip-guard';

/** One row of a sheet: its line (1 = the sheet's first row) and its cells as text. */
type SheetRow = { line: number; cells: string[] };

/**
 * Longest text kept of one cell (characters): Excel's own limit is 32,767, so anything longer
 * is no spreadsheet program's, and already longer than any contact field (skipped as
 * `cell-too-long`). Keeps one hostile cell from growing without bound while it is read.
 */
const CELL_TEXT_MAX_CHARS = 32_768;

/** A sheet's size in Excel (rows, columns): a reference past them is no spreadsheet program's, and is clamped to them. */
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30, and the East Asian ones). */
const BUILTIN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** SheetJS's number-format helpers (untyped in its declarations). */
const SSF = XLSX.SSF as { is_date(format: string): boolean; parse_date_code(serial: number, opts?: { date1904?: boolean }): { y: number; m: number; d: number } };

/** What a cell needs from the workbook's other parts: shared strings, which styles are dates, the date system. */
type Book = { strings: string[]; dateStyles: Set<number>; date1904: boolean };

/** An opened XLSX: its parts by lower-cased name. */
type Zip = { file: yauzl.ZipFile; parts: Map<string, yauzl.Entry> };

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
export async function readXlsxHead(file: Buffer, rows: number): Promise<{ rows: SheetRow[]; lastLine: number }> {
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

async function openZip(file: Buffer): Promise<Zip> {
  let zipFile: yauzl.ZipFile;
  try {
    zipFile = await yauzl.fromBufferPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
    const parts = new Map<string, yauzl.Entry>();
    for await (const entry of zipFile.eachEntry()) parts.set(entry.fileName.toLowerCase(), entry);
    return { file: zipFile, parts };
  } catch {
    throw notASpreadsheet('The XLSX file cannot be read.');
  }
}

/**
 * Streams one part through an XML parser (tag names without their namespace prefix), calling
 * `after` between chunks (to hand over what the chunk completed) and stopping when it says so.
 */
async function* parsePart<T>(zip: Zip, entry: yauzl.Entry, handlers: { open?: (name: string, attrs: Record<string, string>) => void; text?: (text: string) => void; close?: (name: string) => void }, drain: () => T[]): AsyncGenerator<T> {
  const parser = new Parser(
    {
      onopentag: handlers.open && ((name, attrs) => handlers.open!(localName(name), attrs)),
      ontext: handlers.text,
      onclosetag: handlers.close && ((name) => handlers.close!(localName(name))),
    },
    { xmlMode: true, decodeEntities: true },
  );
  let stream: Readable;
  try {
    stream = await zip.file.openReadStreamPromise(entry);
  } catch {
    throw notASpreadsheet('The XLSX file cannot be read.');
  }
  stream.setEncoding('utf8');
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      parser.write(chunk);
      yield* drain();
    }
  } catch (err) {
    stream.destroy();
    if (err instanceof Error && /too many bytes/.test(err.message)) throw tooLarge();
    throw notASpreadsheet('The XLSX file is damaged (a part does not inflate).');
  }
  parser.end();
  yield* drain();
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const noEvents = (): never[] => [];

/** Reads a small part whole through the parser (its events only, nothing yielded). */
async function readPart(zip: Zip, name: string, handlers: Parameters<typeof parsePart>[2]): Promise<boolean> {
  const entry = zip.parts.get(name);
  if (!entry) return false;
  for await (const _ of parsePart(zip, entry, handlers, noEvents));
  return true;
}

/** The first sheet's part: the workbook's first `<sheet>` through its relationships; else the first worksheet part. */
async function firstSheetPart(zip: Zip): Promise<yauzl.Entry> {
  let relationId: string | null = null;
  await readPart(zip, 'xl/workbook.xml', {
    open: (name, attrs) => {
      if (name !== 'sheet' || relationId !== null) return;
      const key = Object.keys(attrs).find((k) => localName(k) === 'id' && k.includes(':'));
      relationId = key ? attrs[key]! : null;
    },
  });
  let target: string | null = null;
  if (relationId !== null) {
    await readPart(zip, 'xl/_rels/workbook.xml.rels', {
      open: (name, attrs) => {
        if (name === 'Relationship' && attrs.Id === relationId && attrs.Target) target = attrs.Target;
      },
    });
  }
  const resolved = target === null ? null : resolvePart(target);
  const sheet = (resolved && zip.parts.get(resolved)) ?? [...zip.parts.entries()].filter(([n]) => /^xl\/worksheets\/[^/]+\.xml$/.test(n)).sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))[0]?.[1];
  if (!sheet) throw notASpreadsheet('The spreadsheet has no sheet.');
  return sheet;
}

/** A relationship's target (relative to `xl/`, or absolute from the package's root) as a part name. */
function resolvePart(target: string): string {
  const parts: string[] = target.startsWith('/') ? [] : ['xl'];
  for (const step of target.replace(/^\//, '').split('/')) {
    if (step === '..') parts.pop();
    else if (step && step !== '.') parts.push(step);
  }
  return parts.join('/').toLowerCase();
}

/** The shared strings, the date styles and the date system. */
async function readBook(zip: Zip): Promise<Book> {
  const book: Book = { strings: [], dateStyles: new Set(), date1904: false };
  await readPart(zip, 'xl/workbook.xml', {
    open: (name, attrs) => {
      if (name === 'workbookPr') book.date1904 = attrs.date1904 === '1' || attrs.date1904 === 'true';
    },
  });
  // Styles: the custom number formats, then each cell format (`cellXfs`, in order) whose number format is a date.
  const formats = new Map<number, string>();
  let inCellXfs = false;
  let xf = 0;
  await readPart(zip, 'xl/styles.xml', {
    open: (name, attrs) => {
      if (name === 'numFmt' && attrs.numFmtId && attrs.formatCode !== undefined) formats.set(Number(attrs.numFmtId), attrs.formatCode);
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attrs.numFmtId ?? 0);
        const code = formats.get(id);
        if (code !== undefined ? SSF.is_date(code) : BUILTIN_DATE_FORMATS.has(id)) book.dateStyles.add(xf);
        xf++;
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  // Shared strings: each <si>'s text runs, phonetic guides (<rPh>) left out.
  let text: string | null = null;
  let inRun = false;
  let phonetic = 0;
  await readPart(zip, 'xl/sharedstrings.xml', {
    open: (name) => {
      if (name === 'si') text = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inRun = true;
    },
    text: (t) => {
      if (inRun && text !== null && text.length < CELL_TEXT_MAX_CHARS) text += t;
    },
    close: (name) => {
      if (name === 't') inRun = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && text !== null) {
        book.strings.push(text.slice(0, CELL_TEXT_MAX_CHARS));
        text = null;
      }
    },
  });
  return book;
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
