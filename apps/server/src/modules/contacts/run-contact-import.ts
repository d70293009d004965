import { AppError, IMPORT_BATCH_ROWS, IMPORT_SKIPPED_ROWS_KEPT, type ImportSkipReason } from '@accueil/domain';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import type { AppDeps } from '../../app-deps';
import { contactImports, contactImportSkippedRows, contacts } from '../../db/schema/contacts';
import { rooms } from '../../realtime/publisher';
import { getOrganizationCountry } from '../organizations/index';
import type { ContactFields } from './contact-fields';
import { presentContactImport, type ContactImportRow } from './contacts.presenter';
import { todayIso } from './create-contact';
import type { ImportKind } from './import/detect-format';
import { isHeaderRow } from './import/import-columns';
import { parseImportRow } from './import/import-row';
import { readImportRows, type ImportFileRow } from './import/read-rows';

type Deps = Pick<AppDeps, 'db' | 'realtime' | 'log'>;
type Counts = { status: string; imported: number; skipped: number };

/**
 * Imports the rows of a stored upload (the `import-contacts` job), batch by batch: each batch
 * of `IMPORT_BATCH_ROWS` rows is one transaction that inserts its valid rows (a row whole or
 * not at all; a phone already a main contact's, in the organisation or earlier in the file, is
 * skipped as `duplicate-phone`), records its skipped rows with their reasons (the first
 * `IMPORT_SKIPPED_ROWS_KEPT`), and advances the import's counts. After each batch the progress
 * goes to the user who started it (`contact-import:progress`). A run resumes after the rows
 * already processed; an import already done or failed is left alone. A file that cannot be
 * read any more ends the import `failed`; a database failure throws (pg-boss retries).
 */
export async function runContactImport(deps: Deps, importId: string): Promise<Counts> {
  const [current] = await deps.db.select().from(contactImports).where(eq(contactImports.id, importId)).limit(1);
  if (!current || current.status === 'done' || current.status === 'failed' || !current.file) {
    return { status: current?.status ?? 'missing', imported: current?.importedCount ?? 0, skipped: current?.skippedCount ?? 0 };
  }
  let state = await update(deps, current, { status: 'running' });
  const country = (await getOrganizationCountry(deps, state.organizationId)) as CountryCode;
  const today = todayIso();
  let batch: ImportFileRow[] = [];
  let index = 0;
  let first = true;
  try {
    for await (const row of readImportRows(current.file, current.kind as ImportKind)) {
      const header = first && isHeaderRow(row.cells);
      first = false;
      if (header) continue;
      if (index++ < current.processedRows) continue;
      batch.push(row);
      if (batch.length >= IMPORT_BATCH_ROWS) {
        state = await writeBatch(deps, state, batch, country, today);
        batch = [];
      }
    }
    if (batch.length > 0) state = await writeBatch(deps, state, batch, country, today);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    state = await update(deps, state, { status: 'failed', error: err.message, file: null, finishedAt: new Date() });
    return { status: state.status, imported: state.importedCount, skipped: state.skippedCount };
  }
  state = await update(deps, state, { status: 'done', file: null, finishedAt: new Date(), totalRows: state.processedRows });
  return { status: state.status, imported: state.importedCount, skipped: state.skippedCount };
}

/**
 * The import's columns but its file: every batch's update answers the row, and answering the
 * stored upload too (megabytes of `bytea`, 50 times for 100,000 rows) cost more than the rows.
 */
const { file: _file, ...WITHOUT_FILE } = getTableColumns(contactImports);

/** Sets `changes` on the import, publishes where it is, and answers the updated row (its file left out). */
async function update(deps: Deps, row: ContactImportRow, changes: Partial<typeof contactImports.$inferInsert>): Promise<ContactImportRow> {
  const [next] = await deps.db
    .update(contactImports)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(contactImports.id, row.id))
    .returning(WITHOUT_FILE);
  const updated: ContactImportRow = { ...next!, file: null };
  publish(deps, updated);
  return updated;
}

function publish(deps: Deps, row: ContactImportRow): void {
  if (row.userId) deps.realtime.publish(rooms.user(row.userId), 'contact-import:progress', { import: presentContactImport(row) });
}

async function writeBatch(deps: Deps, state: ContactImportRow, batch: ImportFileRow[], country: CountryCode, today: string): Promise<ContactImportRow> {
  const skipped: { line: number; reason: ImportSkipReason; cells: string[] }[] = [];
  const valid: { line: number; cells: string[]; fields: ContactFields }[] = [];
  const phones = new Set<string>();
  for (const row of batch) {
    const parsed = parseImportRow(row.cells, country);
    if (!parsed.ok) skipped.push({ line: row.line, reason: parsed.reason, cells: row.cells });
    else if (parsed.fields.phone && phones.has(parsed.fields.phone)) skipped.push({ line: row.line, reason: 'duplicate-phone', cells: row.cells });
    else {
      if (parsed.fields.phone) phones.add(parsed.fields.phone);
      valid.push({ line: row.line, cells: row.cells, fields: parsed.fields });
    }
  }
  const next = await deps.db.transaction(async (tx) => {
    const inserted =
      valid.length === 0
        ? []
        : await tx
            .insert(contacts)
            .values(valid.map((v) => ({ ...v.fields, contactSince: today, organizationId: state.organizationId, importId: state.id })))
            .onConflictDoNothing({ target: [contacts.organizationId, contacts.phone], where: sql`linked_to_id is null and phone is not null` })
            .returning({ phone: contacts.phone });
    const taken = new Set(inserted.map((r) => r.phone));
    for (const v of valid) {
      if (v.fields.phone && !taken.has(v.fields.phone)) skipped.push({ line: v.line, reason: 'duplicate-phone', cells: v.cells });
    }
    const room = Math.max(0, IMPORT_SKIPPED_ROWS_KEPT - state.skippedCount);
    const kept = skipped.sort((a, b) => a.line - b.line).slice(0, room);
    if (kept.length > 0) {
      await tx.insert(contactImportSkippedRows).values(
        kept.map((s) => ({ organizationId: state.organizationId, importId: state.id, rowNumber: s.line, reason: s.reason, cells: s.cells.map((c) => c.slice(0, 2000)) })),
      );
    }
    const [row] = await tx
      .update(contactImports)
      .set({
        processedRows: sql`${contactImports.processedRows} + ${batch.length}`,
        importedCount: sql`${contactImports.importedCount} + ${inserted.length}`,
        skippedCount: sql`${contactImports.skippedCount} + ${skipped.length}`,
        updatedAt: new Date(),
      })
      .where(and(eq(contactImports.id, state.id), eq(contactImports.organizationId, state.organizationId)))
      .returning(WITHOUT_FILE);
    return { ...row!, file: null };
  });
  publish(deps, next);
  return next;
}
