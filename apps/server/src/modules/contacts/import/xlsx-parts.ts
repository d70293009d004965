import * as XLSX from '@e965/xlsx';
import { Parser } from 'htmlparser2';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { notASpreadsheet } from './detect-format';
import { tooLarge } from './zip-guard';

// The workbook around an XLSX's sheet: the zip, its parts streamed through an XML parser, the
// first sheet's part, and what cells need from the other parts (shared strings, date styles).

/**
 * Longest text kept of one cell (characters): Excel's own limit is 32,767, so anything longer
 * is no spreadsheet program's, and already longer than any contact field (skipped as
 * `cell-too-long`). Keeps one hostile cell from growing without bound while it is read.
 */
export const CELL_TEXT_MAX_CHARS = 32_768;

/** Built-in number formats that are dates or times (ECMA-376 §18.8.30, and the East Asian ones). */
const BUILTIN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/** SheetJS's number-format helpers (untyped in its declarations). */
export const SSF = XLSX.SSF as {
  is_date(format: string): boolean;
  parse_date_code(serial: number, opts?: { date1904?: boolean }): { y: number; m: number; d: number };
};

/** What a cell needs from the workbook's other parts: shared strings, which styles are dates, the date system. */
export type Book = { strings: string[]; dateStyles: Set<number>; date1904: boolean };

/** An opened XLSX: its parts by lower-cased name. */
export type Zip = { file: yauzl.ZipFile; parts: Map<string, yauzl.Entry> };

/**
 * Opens an XLSX's zip and lists its parts (nothing inflated yet); each part is refused later if
 * it inflates past its declared size (`validateEntrySizes`).
 * @throws AppError 'import-file-invalid' when the file is no readable zip.
 */
export async function openZip(file: Buffer): Promise<Zip> {
  let zipFile: yauzl.ZipFile;
  try {
    zipFile = await yauzl.fromBufferPromise(file, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
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
export async function* parsePart<T>(
  zip: Zip,
  entry: yauzl.Entry,
  handlers: {
    open?: (name: string, attrs: Record<string, string>) => void;
    text?: (text: string) => void;
    close?: (name: string) => void;
  },
  drain: () => T[],
): AsyncGenerator<T> {
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
export async function firstSheetPart(zip: Zip): Promise<yauzl.Entry> {
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
  const sheet =
    (resolved && zip.parts.get(resolved)) ??
    [...zip.parts.entries()]
      .filter(([n]) => /^xl\/worksheets\/[^/]+\.xml$/.test(n))
      .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))[0]?.[1];
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
export async function readBook(zip: Zip): Promise<Book> {
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
      if (name === 'numFmt' && attrs.numFmtId && attrs.formatCode !== undefined)
        formats.set(Number(attrs.numFmtId), attrs.formatCode);
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
