import { notASpreadsheet, type ImportKind } from './detect-format';
import { assertImportColumns, isHeaderRow } from './import-columns';
import { readImportRows, readSheetHead } from './read-rows';

/** Rows whose width is checked before an import starts (and the rows of a sheet read whole at the upload). */
const SAMPLE_ROWS = 100;

/** What an upload holds: whether its first row is a header, and how many data rows follow. */
export type ImportFileScan = { hasHeader: boolean; dataRows: number };

/**
 * Reads an upload before anything is imported: its rows must parse as `kind`, a header row
 * (recognised by its names) must name the 11 columns in order, the first rows must have the
 * import's width, and at least one data row must follow. A CSV is read whole; of an XLS or
 * XLSX only the first rows' cells are read (SheetJS reading a whole sheet costs seconds per
 * 100,000 rows, and the job reads it again), the data rows after them counted from the sheet's
 * range, blank rows included.
 * @throws AppError 'import-file-invalid' with the reason.
 */
export async function scanImportFile(file: Buffer, kind: ImportKind): Promise<ImportFileScan> {
  let header: string[] | null = null;
  const sample: string[][] = [];
  let dataRows = 0;
  let first = true;
  const head = kind === 'csv' ? null : readSheetHead(file, kind, SAMPLE_ROWS + 1);
  for await (const row of head ? head.rows : readImportRows(file, kind)) {
    if (first && isHeaderRow(row.cells)) header = row.cells;
    else {
      dataRows++;
      if (sample.length < SAMPLE_ROWS) sample.push(row.cells);
    }
    first = false;
  }
  // A sheet longer than its head: the rows after it counted from the sheet's range (blank ones
  // included; the import's end sets the count it found).
  if (head && head.lastLine > SAMPLE_ROWS + 1) dataRows += head.lastLine - (SAMPLE_ROWS + 1);
  assertImportColumns(header, sample);
  if (dataRows === 0) throw notASpreadsheet('The file has no contact rows.');
  return { hasHeader: header !== null, dataRows };
}
