import type { ContactImport } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { contactImports } from '../../db/schema/contacts';
import type { RequestContext } from '../../http/request-context';
import { authorizeContacts } from './contacts.policy';
import { presentContactImport } from './contacts.presenter';
import { importContactsJob } from './import-contacts.job';
import { detectImportKind } from './import/detect-format';
import { scanImportFile } from './import/scan-import-file';

/** Longest file name kept (characters). */
const FILE_NAME_MAX_CHARS = 200;

/**
 * POST /api/contacts/import: checks the uploaded file whole (docs/behaviour/contacts.md: a
 * spreadsheet, the 11 columns, at least one row) before anything is imported, stores it with
 * the import (so any process can run it, and resume it after a restart), and hands it to the
 * `import-contacts` job. Answers the queued import; its progress then comes through realtime.
 * @throws AppError 'import-file-invalid' (400), 'forbidden'.
 */
export async function startContactImport(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  ctx: RequestContext,
  upload: { fileName: string; data: Buffer },
): Promise<ContactImport> {
  authorizeContacts(ctx);
  const kind = detectImportKind(upload.data);
  const scan = await scanImportFile(upload.data, kind);
  const [row] = await deps.db
    .insert(contactImports)
    .values({
      organizationId: ctx.organizationId,
      userId: ctx.userId,
      fileName: (upload.fileName || 'contacts').slice(0, FILE_NAME_MAX_CHARS),
      kind,
      file: upload.data,
      totalRows: scan.dataRows,
    })
    .returning();
  await deps.jobs.send(importContactsJob, { importId: row!.id, organizationId: ctx.organizationId });
  return presentContactImport(row!);
}
