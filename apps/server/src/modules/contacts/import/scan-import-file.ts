import { notASpreadsheet, type ImportKind } from './detect-format';
import { assertImportColumns, isHeaderRow } from './import-columns';
import { readImportHead } from './read-rows';

/** Rows whose width is checked before an import starts (the rows read at the upload). */
const SAMPLE_ROWS = 100;

/** What an upload holds: whether its first row is a header, and how many data rows follow. */
export type ImportFileScan = { hasHeader: boolean; dataRows: number };

/**
 * Reads an upload before anything is imported: its rows must parse as `kind`, a header row
 * (recognised by its names) must name the 11 columns in order, the first rows must have the
 * import's width, and at least one data row must follow. Only the first rows are read (the job
 * reads the file anyway; reading a 100,000-row CSV whole cost seconds of the upload): the data
 * rows after them are counted from the file's lines or the sheet's range (`readImportHead`),
 * blank rows included, and the import's end sets the count it found.
 * @throws AppError 'import-file-invalid' with the reason.
 */
export async function scanImportFile(file: Buffer, kind: ImportKind): Promise<ImportFileScan> {
  let header: string[] | null = null;
  const sample: string[][] = [];
  let dataRows = 0;
  let first = true;
  const head = await readImportHead(file, kind, SAMPLE_ROWS + 1);
  for (const row of head.rows) {
    if (first && isHeaderRow(row.cells)) header = row.cells;
    else {
      dataRows++;
      if (sample.length < SAMPLE_ROWS) sample.push(row.cells);
    }
    first = false;
  }
  // A file longer than its head: the lines after it counted (blank ones included; the import's
  // end sets the count it found).
  const headEnd = head.rows.at(-1)?.line ?? 0;
  if (head.rows.length > SAMPLE_ROWS && head.lastLine > headEnd) dataRows += head.lastLine - headEnd;
  assertImportColumns(header, sample);
  if (dataRows === 0) throw notASpreadsheet('The file has no contact rows.');
  return { hasHeader: header !== null, dataRows };
}
