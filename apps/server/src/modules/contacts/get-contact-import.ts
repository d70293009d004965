import type { ContactImport, ImportSkipReason } from '@accueil/domain';
import { and, asc, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { contactImports, contactImportSkippedRows } from '../../db/schema/contacts';
import type { RequestContext } from '../../http/request-context';
import { authorizeContacts, contactNotFound } from './contacts.policy';
import { presentContactImport, type ContactImportRow } from './contacts.presenter';

/** The organisation's import `id` (without its file), or 404 `not-found`. */
export async function requireContactImport(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<Omit<ContactImportRow, 'file'>> {
  const { file: _file, ...columns } = getTableColumns(contactImports);
  const [row] = await db
    .select(columns)
    .from(contactImports)
    .where(and(eq(contactImports.organizationId, organizationId), eq(contactImports.id, id)))
    .limit(1);
  if (!row) throw contactNotFound('Import');
  return row;
}

/**
 * GET /api/contacts/imports/:id: where an import is (status, progress, counts, and the kept
 * skipped rows counted per reason, most frequent first), for a page that missed its realtime
 * events or shows how an import ended.
 * @throws AppError 'not-found' (missing or another organisation's), 'forbidden'.
 */
export async function getContactImport(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  id: string,
): Promise<ContactImport> {
  authorizeContacts(ctx);
  const row = await requireContactImport(deps.db, ctx.organizationId, id);
  const n = count();
  const reasons = await deps.db
    .select({ reason: contactImportSkippedRows.reason, count: n })
    .from(contactImportSkippedRows)
    .where(
      and(
        eq(contactImportSkippedRows.organizationId, ctx.organizationId),
        eq(contactImportSkippedRows.importId, row.id),
      ),
    )
    .groupBy(contactImportSkippedRows.reason)
    .orderBy(desc(n), asc(contactImportSkippedRows.reason));
  return presentContactImport(
    { ...row, file: null },
    reasons.map((r) => ({ reason: r.reason as ImportSkipReason, count: r.count })),
  );
}
