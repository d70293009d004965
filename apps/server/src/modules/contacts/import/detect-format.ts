import { AppError } from '@accueil/domain';

/** The formats an import reads. */
export type ImportKind = 'csv' | 'xls' | 'xlsx';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Bytes of a text file looked at for binary content. */
const TEXT_SNIFF_BYTES = 8192;

/**
 * The format of an uploaded file, from its first bytes (never from its name or declared type,
 * which a user or a browser may get wrong): a zip is XLSX, an OLE compound file is XLS, text
 * (no NUL and few control bytes in its first 8 KB) is CSV.
 * @throws AppError 'import-file-invalid' for anything else (an image, a PDF, an executable, an empty file).
 */
export function detectImportKind(file: Buffer): ImportKind {
  if (file.length === 0) throw notASpreadsheet('The file is empty.');
  if (file.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (file.subarray(0, 8).equals(CFB_MAGIC)) return 'xls';
  const head = file.subarray(0, TEXT_SNIFF_BYTES);
  let control = 0;
  for (const byte of head) {
    if (byte === 0) throw notASpreadsheet();
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20)) control++;
  }
  if (control > head.length / 100) throw notASpreadsheet();
  return 'csv';
}

/** 400 `import-file-invalid`: the file is not a CSV, XLS or XLSX spreadsheet. */
export function notASpreadsheet(message = 'The file is not a CSV, XLS or XLSX spreadsheet.'): AppError {
  return new AppError('import-file-invalid', message);
}
