import type { ContactImport } from '@accueil/domain';
import { and, eq, getTableColumns } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { contactImports } from '../../db/schema/contacts';
import type { RequestContext } from '../../http/request-context';
import { authorizeContacts, contactNotFound } from './contacts.policy';
import { presentContactImport, type ContactImportRow } from './contacts.presenter';

/** The organisation's import `id` (without its file), or 404 `not-found`. */
export async function requireContactImport(db: DbOrTx, organizationId: string, id: string): Promise<Omit<ContactImportRow, 'file'>> {
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
 * GET /api/contacts/imports/:id: where an import is (status, progress, counts), for a page
 * that missed its realtime events.
 * @throws AppError 'not-found' (missing or another organisation's), 'forbidden'.
 */
export async function getContactImport(deps: Pick<AppDeps, 'db'>, ctx: RequestContext, id: string): Promise<ContactImport> {
  authorizeContacts(ctx);
  const row = await requireContactImport(deps.db, ctx.organizationId, id);
  return presentContactImport({ ...row, file: null });
}
