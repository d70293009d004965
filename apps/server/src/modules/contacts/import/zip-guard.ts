import { IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES } from '@accueil/domain';
import { notASpreadsheet } from './detect-format';

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
/** The end-of-central-directory record is 22 bytes plus a comment of at most 65,535. */
const EOCD_SEARCH_BYTES = 22 + 0xffff;
/** A spreadsheet has a few dozen parts; more is not a workbook. */
const MAX_ENTRIES = 10_000;
/** Deflate expands at most ~1,032 times; a part declaring more is lying about its size. */
const MAX_RATIO = 1100;

/**
 * Refuses a zip bomb before anything is inflated: reads the zip's central directory and adds up
 * the uncompressed sizes its parts declare. Refused: no central directory, ZIP64 (a spreadsheet
 * never needs it), more than 10,000 parts, a part declaring more than deflate can produce from
 * its compressed size, or a total above `IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES`. A part that lies
 * about its size (declares 1 kB, inflates to gigabytes) is refused while it is read: the reader
 * streams each part and stops it as soon as it passes its declaration (`xlsx-stream.ts`, yauzl's
 * `validateEntrySizes`), so no part is ever held whole.
 * @throws AppError 'import-file-invalid'.
 */
export function assertZipIsNotABomb(file: Buffer): void {
  const start = Math.max(0, file.length - EOCD_SEARCH_BYTES);
  let eocd = -1;
  for (let i = file.length - 22; i >= start; i--) {
    if (file.readUInt32LE(i) === EOCD_SIGNATURE) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw notASpreadsheet('The XLSX file is damaged (no central directory).');
  const entries = file.readUInt16LE(eocd + 10);
  const directoryOffset = file.readUInt32LE(eocd + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff || entries > MAX_ENTRIES) throw tooLarge();
  let offset = directoryOffset;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > file.length || file.readUInt32LE(offset) !== CENTRAL_ENTRY_SIGNATURE) {
      throw notASpreadsheet('The XLSX file is damaged (bad central directory).');
    }
    const compressed = file.readUInt32LE(offset + 20);
    const uncompressed = file.readUInt32LE(offset + 24);
    if (uncompressed === 0xffffffff || compressed === 0xffffffff) throw tooLarge();
    if (uncompressed > Math.max(compressed, 1) * MAX_RATIO) throw tooLarge();
    total += uncompressed;
    if (total > IMPORT_XLSX_MAX_UNCOMPRESSED_BYTES) throw tooLarge();
    offset +=
      46 + file.readUInt16LE(offset + 28) + file.readUInt16LE(offset + 30) + file.readUInt16LE(offset + 32);
  }
}

/** 400 `import-file-invalid`: the workbook expands to more than it may. */
export function tooLarge() {
  return notASpreadsheet('The XLSX file expands to more than a spreadsheet of contacts can hold.');
}
