import type { ContactImport } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { deleteStoredFile, newOrganizationFileKey } from '../../carriers/storage/stored-files';
import { contactImports } from '../../db/schema/contacts';
import type { RequestContext } from '../../http/request-context';
import { authorizeContacts } from './contacts.policy';
import { presentContactImport } from './contacts.presenter';
import { importContactsJob } from './import-contacts.job';
import { detectImportKind } from './import/detect-format';

/** Longest file name kept (characters). */
const FILE_NAME_MAX_CHARS = 200;

/**
 * POST /api/contacts/import: checks the uploaded file whole (docs/behaviour/contacts.md: a
 * spreadsheet, the 11 columns, at least one row) before anything is imported, stores it with
 * the storage carrier (put first, then the import's row names it: any process can run it, and
 * resume it after a restart), and hands it to the `import-contacts` job. Answers the queued
 * import; its progress then comes through realtime.
 * @throws AppError 'import-file-invalid' (400), 'forbidden'; CarrierError when the store fails.
 */
export async function startContactImport(
  deps: Pick<AppDeps, 'db' | 'jobs' | 'storage' | 'log'>,
  ctx: RequestContext,
  upload: { fileName: string; data: Buffer },
): Promise<ContactImport> {
  authorizeContacts(ctx);
  const kind = detectImportKind(upload.data);
  // The spreadsheet readers (SheetJS, csv-parse, the encodings: about 5 MB of heap) load with the first import.
  const { scanImportFile } = await import('./import/scan-import-file');
  const scan = await scanImportFile(upload.data, kind);
  const fileStorageKey = newOrganizationFileKey(ctx.organizationId, 'imports');
  await deps.storage.put(fileStorageKey, upload.data, {
    contentType: 'application/octet-stream',
    contentLength: upload.data.length,
  });
  const [row] = await deps.db
    .insert(contactImports)
    .values({
      organizationId: ctx.organizationId,
      userId: ctx.userId,
      fileName: (upload.fileName || 'contacts').slice(0, FILE_NAME_MAX_CHARS),
      kind,
      fileStorageKey,
      fileSize: upload.data.length,
      totalRows: scan.dataRows,
    })
    .returning()
    .catch(async (error: unknown) => {
      await deleteStoredFile(deps, fileStorageKey);
      throw error;
    });
  await deps.jobs.send(importContactsJob, { importId: row!.id, organizationId: ctx.organizationId });
  return presentContactImport(row!);
}
