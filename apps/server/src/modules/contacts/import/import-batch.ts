import { IMPORT_CELL_MAX_CHARS, IMPORT_SKIPPED_ROWS_KEPT, type ImportSkipReason } from '@accueil/domain';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import type { DbOrTx } from '../../../db/client';
import { contactImports, contactImportSkippedRows } from '../../../db/schema/contacts';
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
export type PreparedImportBatch = { rows: number; valid: { line: number; cells: string[]; fields: ContactFields }[]; skipped: SkippedRow[] };

/**
 * A batch being read and checked, row by row as the file gives them (pure, no database): each
 * row's contact or skip reason (`parseImportRow`); a phone met earlier in the same batch is
 * `duplicate-phone` (one met in an earlier batch or in the organisation is found by the insert:
 * `writeImportBatch`). `take()` answers the batch so far and starts the next one.
 */
export function importBatchBuilder(country: CountryCode): { add(row: ImportFileRow): void; size(): number; take(): PreparedImportBatch } {
  let batch: PreparedImportBatch = { rows: 0, valid: [], skipped: [] };
  let phones = new Set<string>();
  return {
    add(row) {
      batch.rows++;
      const parsed = parseImportRow(row.cells, country);
      if (!parsed.ok) batch.skipped.push({ line: row.line, reason: parsed.reason, cells: row.cells });
      else if (parsed.fields.phone && phones.has(parsed.fields.phone)) batch.skipped.push({ line: row.line, reason: 'duplicate-phone', cells: row.cells });
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
const column = <T>(rows: readonly { fields: ContactFields }[], pick: (f: ContactFields) => T) => sql.param(rows.map((r) => pick(r.fields)));

/**
 * Writes a prepared batch in one transaction (a row whole or not at all): its valid rows in one
 * statement — an `INSERT … SELECT FROM unnest(…)` of one array per column, so the statement has
 * 14 parameters whatever the batch's size, and a phone already a main contact's (in the
 * organisation, or earlier in the file) is left out by the unique index (`ON CONFLICT DO
 * NOTHING`) and skipped as `duplicate-phone` —, its skipped rows in one statement (the first
 * `IMPORT_SKIPPED_ROWS_KEPT` of the import, each cell cut to `IMPORT_CELL_MAX_CHARS`), and the
 * import's counts. Answers the import after the batch (its file left out).
 */
export async function writeImportBatch(db: DbOrTx, state: ContactImportRow, batch: PreparedImportBatch, today: string): Promise<ContactImportRow> {
  const { organizationId, id: importId } = state;
  const skipped = [...batch.skipped];
  return db.transaction(async (tx) => {
    const valid = batch.valid;
    const inserted =
      valid.length === 0
        ? []
        : ((
            await tx.execute(sql`
              insert into contacts (organization_id, import_id, contact_since, first_name, last_name, phone, email, birthday, address, city, postal_code, language, gender, note)
              select ${organizationId}::uuid, ${importId}::uuid, ${today}::date, r.*
              from unnest(
                ${column(valid, (f) => f.firstName)}::text[], ${column(valid, (f) => f.lastName)}::text[], ${column(valid, (f) => f.phone)}::text[],
                ${column(valid, (f) => f.email)}::text[], ${column(valid, (f) => f.birthday)}::date[], ${column(valid, (f) => f.address)}::text[],
                ${column(valid, (f) => f.city)}::text[], ${column(valid, (f) => f.postalCode)}::text[], ${column(valid, (f) => f.language)}::text[],
                ${column(valid, (f) => f.gender)}::text[], ${column(valid, (f) => f.note)}::text[]
              ) as r
              on conflict (organization_id, phone) where linked_to_id is null and phone is not null do nothing
              returning phone`)
          ) as { rows: { phone: string | null }[] }).rows;
    const taken = new Set(inserted.map((r) => r.phone));
    for (const v of valid) {
      if (v.fields.phone && !taken.has(v.fields.phone)) skipped.push({ line: v.line, reason: 'duplicate-phone', cells: v.cells });
    }
    const room = Math.max(0, IMPORT_SKIPPED_ROWS_KEPT - state.skippedCount);
    const kept = skipped.sort((a, b) => a.line - b.line).slice(0, room);
    if (kept.length > 0) {
      await tx.insert(contactImportSkippedRows).values(
        kept.map((s) => ({ organizationId, importId, rowNumber: s.line, reason: s.reason, cells: s.cells.map((c) => c.slice(0, IMPORT_CELL_MAX_CHARS)) })),
      );
    }
    const [row] = await tx
      .update(contactImports)
      .set({
        processedRows: sql`${contactImports.processedRows} + ${batch.rows}`,
        importedCount: sql`${contactImports.importedCount} + ${inserted.length}`,
        skippedCount: sql`${contactImports.skippedCount} + ${skipped.length}`,
        updatedAt: new Date(),
      })
      .where(and(eq(contactImports.id, importId), eq(contactImports.organizationId, organizationId)))
      .returning(CONTACT_IMPORT_WITHOUT_FILE);
    return { ...row!, file: null };
  });
}
