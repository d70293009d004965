import { notASpreadsheet, type ImportKind } from './detect-format';
import { assertImportColumns, isHeaderRow } from './import-columns';
import { readImportRows } from './read-rows';

/** Rows whose width is checked before an import starts. */
const SAMPLE_ROWS = 100;

/** What an upload holds: whether its first row is a header, and how many data rows follow. */
export type ImportFileScan = { hasHeader: boolean; dataRows: number };

/**
 * Reads a whole upload once before anything is imported: its rows must parse as `kind`, a
 * header row (recognised by its names) must name the 11 columns in order, the first rows must
 * have the import's width, and at least one data row must follow.
 * @throws AppError 'import-file-invalid' with the reason.
 */
export async function scanImportFile(file: Buffer, kind: ImportKind): Promise<ImportFileScan> {
  let header: string[] | null = null;
  const sample: string[][] = [];
  let dataRows = 0;
  let first = true;
  for await (const row of readImportRows(file, kind)) {
    if (first && isHeaderRow(row.cells)) header = row.cells;
    else {
      dataRows++;
      if (sample.length < SAMPLE_ROWS) sample.push(row.cells);
    }
    first = false;
  }
  assertImportColumns(header, sample);
  if (dataRows === 0) throw notASpreadsheet('The file has no contact rows.');
  return { hasHeader: header !== null, dataRows };
}
