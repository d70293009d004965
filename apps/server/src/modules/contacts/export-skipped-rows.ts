import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contactImportSkippedRows } from '../../db/schema/contacts';
import type { RequestContext } from '../../http/request-context';
import { authorizeContacts } from './contacts.policy';
import { csvLine } from './csv-cells';
import { EXPORT_HEADER } from './export-contacts';
import { requireContactImport } from './get-contact-import';

/**
 * GET /api/contacts/imports/:id/skipped: the rows an import skipped as CSV (UTF-8 with a BOM):
 * the row's line in the file, the reason code (missing-name, invalid-phone, duplicate-phone,
 * invalid-email, invalid-date, invalid-language, invalid-gender, cell-too-long), then its 11
 * cells as read, escaped against formula injection. Fix the rows and import this file again
 * without its first two columns.
 * @throws AppError 'not-found' (missing or another organisation's import), 'forbidden'.
 */
export async function exportSkippedRows(deps: Pick<AppDeps, 'db'>, ctx: RequestContext, importId: string): Promise<string> {
  authorizeContacts(ctx);
  await requireContactImport(deps.db, ctx.organizationId, importId);
  const rows = await deps.db
    .select()
    .from(contactImportSkippedRows)
    .where(and(eq(contactImportSkippedRows.organizationId, ctx.organizationId), eq(contactImportSkippedRows.importId, importId)))
    .orderBy(asc(contactImportSkippedRows.rowNumber));
  const parts = ['\uFEFF', csvLine(['Line', 'Reason', ...EXPORT_HEADER])];
  for (const r of rows) parts.push(csvLine([String(r.rowNumber), r.reason, ...r.cells.slice(0, 11)]));
  return parts.join('');
}
