import { IMPORT_CELL_MAX_CHARS, IMPORT_SKIPPED_ROWS_KEPT, type ImportSkipReason } from '@accueil/domain';
import { getTableColumns, sql } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import type { DbOrTx } from '../../../db/client';
import { contactImports } from '../../../db/schema/contacts';
import type { ContactFields } from '../contact-fields';
import type { ContactImportRow } from '../contacts.presenter';
import { parseImportRow } from './import-row';
import type { ImportFileRow } from './read-rows';

/** A row the import skips: its line in the file, why, and its cells as read. */
type SkippedRow = { line: number; reason: ImportSkipReason; cells: string[] };

/**
 * A batch of file rows read and checked, before anything is written: the rows to insert (their
 * fields, line and cells), the rows already skipped (a rule broken, or a phone met earlier in the
 * batch), and how many file rows the batch covers.
 */
export type PreparedImportBatch = {
  rows: number;
  valid: { line: number; cells: string[]; fields: ContactFields }[];
  skipped: SkippedRow[];
};

/**
 * A batch being read and checked, row by row as the file gives them (pure, no database): each
 * row's contact or skip reason (`parseImportRow`); a phone met earlier in the same batch is
 * `duplicate-phone` (one met in an earlier batch or in the organisation is found by the insert:
 * `writeImportBatch`). `take()` answers the batch so far and starts the next one.
 */
export function importBatchBuilder(country: CountryCode): {
  add(row: ImportFileRow): void;
  size(): number;
  take(): PreparedImportBatch;
} {
  let batch: PreparedImportBatch = { rows: 0, valid: [], skipped: [] };
  let phones = new Set<string>();
  return {
    add(row) {
      batch.rows++;
      const parsed = parseImportRow(row.cells, country);
      if (!parsed.ok) batch.skipped.push({ line: row.line, reason: parsed.reason, cells: row.cells });
      else if (parsed.fields.phone && phones.has(parsed.fields.phone))
        batch.skipped.push({ line: row.line, reason: 'duplicate-phone', cells: row.cells });
      else {
        if (parsed.fields.phone) phones.add(parsed.fields.phone);
        batch.valid.push({ line: row.line, cells: row.cells, fields: parsed.fields });
      }
    },
    size: () => batch.rows,
    take() {
      const taken = batch;
      batch = { rows: 0, valid: [], skipped: [] };
      phones = new Set();
      return taken;
    },
  };
}

/**
 * The import's columns but its file: every batch's update answers the row, and answering the
 * stored upload too (megabytes of `bytea`, 50 times for 100,000 rows) cost more than the rows.
 */
export const { file: _file, ...CONTACT_IMPORT_WITHOUT_FILE } = getTableColumns(contactImports);

/** One array parameter (drizzle would otherwise spread a JS array into a list of parameters). */
const array = <R, T>(rows: readonly R[], pick: (row: R) => T) => sql.param(rows.map(pick));
const column = <T>(rows: readonly { fields: ContactFields }[], pick: (f: ContactFields) => T) =>
  array(rows, (r) => pick(r.fields));
/** A row's cells as the skipped rows keep them (JSON text of the cells, each cut to `IMPORT_CELL_MAX_CHARS`). */
const keptCells = (cells: readonly string[]) =>
  JSON.stringify(cells.map((c) => c.slice(0, IMPORT_CELL_MAX_CHARS)));

/**
 * Writes a prepared batch in ONE statement, so one transaction (a row whole or not at all) and
 * one round trip: every round trip of a transaction of several statements waited for the event
 * loop, busy reading the next batch, and for the database's process to be scheduled again on a
 * loaded machine. The statement's parts, in data-modifying `WITH` queries:
 * - the valid rows in one `INSERT … SELECT FROM unnest(…)` of one array per column (16 array
 *   parameters whatever the batch's size); a phone already a main contact's (in the
 *   organisation, or earlier in the file) is left out by the unique index (`ON CONFLICT DO
 *   NOTHING`) and the row skipped as `duplicate-phone`;
 * - the skipped rows, those the batch's checks refused and those duplicates, the first
 *   `IMPORT_SKIPPED_ROWS_KEPT` of the import kept in line order, each cell cut to
 *   `IMPORT_CELL_MAX_CHARS`;
 * - the import's counts (`processedRows`, `importedCount`, `skippedCount`).
 * Answers the import after the batch (its file left out).
 * @throws Error when the import is gone (deleted while it ran); a database error as it comes.
 */
export async function writeImportBatch(
  db: DbOrTx,
  state: ContactImportRow,
  batch: PreparedImportBatch,
  today: string,
): Promise<ContactImportRow> {
  const { organizationId, id: importId } = state;
  const { valid, skipped } = batch;
  const room = Math.max(0, IMPORT_SKIPPED_ROWS_KEPT - state.skippedCount);
  type Counts = { processed_rows: number; imported_count: number; skipped_count: number };
  const result = (await db.execute<Counts>(sql`
    with input as (
      select * from unnest(
        ${array(valid, (v) => v.line)}::int[], ${column(valid, (f) => f.firstName)}::text[], ${column(valid, (f) => f.lastName)}::text[],
        ${column(valid, (f) => f.phone)}::text[], ${column(valid, (f) => f.email)}::text[], ${column(valid, (f) => f.birthday)}::date[],
        ${column(valid, (f) => f.address)}::text[], ${column(valid, (f) => f.city)}::text[], ${column(valid, (f) => f.postalCode)}::text[],
        ${column(valid, (f) => f.language)}::text[], ${column(valid, (f) => f.gender)}::text[], ${column(valid, (f) => f.note)}::text[],
        ${array(valid, (v) => keptCells(v.cells))}::text[]
      ) as r(line, first_name, last_name, phone, email, birthday, address, city, postal_code, language, gender, note, cells)
    ),
    inserted as (
      insert into contacts (organization_id, import_id, contact_since, first_name, last_name, phone, email, birthday, address, city, postal_code, language, gender, note)
      select ${organizationId}::uuid, ${importId}::uuid, ${today}::date, first_name, last_name, phone, email, birthday, address, city, postal_code, language, gender, note
      from input
      on conflict (organization_id, phone) where linked_to_id is null and phone is not null do nothing
      returning phone
    ),
    skipped as (
      select line, reason, cells from unnest(${array(skipped, (s) => s.line)}::int[], ${array(skipped, (s) => s.reason)}::text[], ${array(skipped, (s) => keptCells(s.cells))}::text[]) as s(line, reason, cells)
      union all
      select line, 'duplicate-phone', cells from input
      where phone is not null and not exists (select 1 from inserted where inserted.phone = input.phone)
    ),
    kept as (
      insert into contact_import_skipped_rows (organization_id, import_id, row_number, reason, cells)
      select ${organizationId}::uuid, ${importId}::uuid, line, reason, cells::jsonb from skipped order by line limit ${room}
    )
    update contact_imports set
      processed_rows = processed_rows + ${batch.rows},
      imported_count = imported_count + (select count(*) from inserted),
      skipped_count = skipped_count + (select count(*) from skipped),
      updated_at = now()
    where id = ${importId}::uuid and organization_id = ${organizationId}::uuid
    returning processed_rows, imported_count, skipped_count`)) as { rows: Counts[] };
  const row = result.rows[0];
  if (!row) throw new Error(`The contacts import ${importId} is gone.`);
  return {
    ...state,
    processedRows: row.processed_rows,
    importedCount: row.imported_count,
    skippedCount: row.skipped_count,
    updatedAt: new Date(),
    file: null,
  };
}
