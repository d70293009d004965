import type { ImportSkipReason, Locale } from '@accueil/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contactImportSkippedRows } from '../../db/schema/contacts';
import type { RequestContext } from '../../http/request-context';
import { authorizeContacts } from './contacts.policy';
import { csvLine } from './csv-cells';
import { EXPORT_HEADER } from './export-contacts';
import { requireContactImport } from './get-contact-import';
import { SKIP_REASON_TEXTS } from './import/skip-reason-texts';

/**
 * GET /api/contacts/imports/:id/skipped?locale=: the rows an import skipped as CSV (UTF-8 with a
 * BOM): the row's line in the file, the reason code (missing-name, invalid-phone,
 * duplicate-phone, invalid-email, invalid-date, invalid-language, invalid-gender,
 * cell-too-long), the reason in words in `locale` (fr-CA by default), then its 11 cells as
 * read, escaped against formula injection. Fix the rows and import this file again without its
 * first three columns.
 * @throws AppError 'not-found' (missing or another organisation's import), 'forbidden'.
 */
export async function exportSkippedRows(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  importId: string,
  locale: Locale = 'fr-CA',
): Promise<string> {
  authorizeContacts(ctx);
  await requireContactImport(deps.db, ctx.organizationId, importId);
  const rows = await deps.db
    .select()
    .from(contactImportSkippedRows)
    .where(
      and(
        eq(contactImportSkippedRows.organizationId, ctx.organizationId),
        eq(contactImportSkippedRows.importId, importId),
      ),
    )
    .orderBy(asc(contactImportSkippedRows.rowNumber));
  const texts = SKIP_REASON_TEXTS[locale];
  const parts = ['\uFEFF', csvLine([texts.line, texts.code, texts.reason, ...EXPORT_HEADER])];
  for (const r of rows)
    parts.push(
      csvLine([
        String(r.rowNumber),
        r.reason,
        texts.reasons[r.reason as ImportSkipReason] ?? r.reason,
        ...r.cells.slice(0, 11),
      ]),
    );
  return parts.join('');
}
