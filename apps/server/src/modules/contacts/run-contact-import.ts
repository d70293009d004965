import { AppError, IMPORT_BATCH_ROWS } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import type { AppDeps } from '../../app-deps';
import { StorageNotFoundError } from '../../carriers/storage/storage-carrier';
import { deleteStoredFile, readStoredFile } from '../../carriers/storage/stored-files';
import { contactImports } from '../../db/schema/contacts';
import { rooms } from '../../realtime/publisher';
import { getOrganizationCountry } from '../organizations/index';
import { presentContactImport, type ContactImportRow } from './contacts.presenter';
import { todayIso } from './create-contact';
import type { ImportKind } from './import/detect-format';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  CONTACT_IMPORT_WITHOUT_FILE,
  importBatchBuilder,
  writeImportBatch,
  type PreparedImportBatch,
} from './import/import-batch';
import { isHeaderRow } from './import/import-columns';

type Deps = Pick<AppDeps, 'db' | 'realtime' | 'log' | 'storage'>;
type Counts = { status: string; imported: number; skipped: number };

/** Rows read and checked between two turns of the event loop (a few milliseconds of work). */
const YIELD_EVERY_ROWS = 128;

/**
 * Imports the rows of a stored upload (the `import-contacts` job), batch by batch: each batch
 * of `IMPORT_BATCH_ROWS` rows is one transaction that inserts its valid rows (a row whole or
 * not at all; a phone already a main contact's, in the organisation or earlier in the file, is
 * skipped as `duplicate-phone`), records its skipped rows with their reasons (the first
 * `IMPORT_SKIPPED_ROWS_KEPT`), and advances the import's counts (`writeImportBatch`). After each
 * batch the progress goes to the user who started it (`contact-import:progress`). A run resumes
 * after the rows already processed; an import already done or failed is left alone. A file that
 * cannot be read any more (or gone from the storage carrier) ends the import `failed`; a
 * database or storage failure throws (pg-boss retries). Once the import ends, its row stops
 * naming the file, then the file is deleted from the storage carrier.
 *
 * The next batch is read and checked while the database writes the previous one (the file's
 * parsing and the phones' reading cost about as much as the insert); the writes themselves stay
 * one after the other, in the file's order.
 */
export async function runContactImport(deps: Deps, importId: string): Promise<Counts> {
  const [current] = await deps.db
    .select()
    .from(contactImports)
    .where(eq(contactImports.id, importId))
    .limit(1);
  const fileKey = current?.fileStorageKey;
  if (!current || current.status === 'done' || current.status === 'failed' || !fileKey) {
    return {
      status: current?.status ?? 'missing',
      imported: current?.importedCount ?? 0,
      skipped: current?.skippedCount ?? 0,
    };
  }
  let file: Buffer;
  try {
    file = await readStoredFile(deps.storage, fileKey);
  } catch (error) {
    if (!(error instanceof StorageNotFoundError)) throw error;
    return finish(deps, current, { status: 'failed', error: 'The uploaded file is gone' });
  }
  let state = await update(deps, current, { status: 'running' });
  const country = (await getOrganizationCountry(deps, state.organizationId)) as CountryCode;
  const today = todayIso();
  // The batch being written, if any; its failure is read when it is awaited.
  let writing: Promise<ContactImportRow> | null = null;
  const written = async () => {
    if (writing) state = await writing;
    writing = null;
    return state;
  };
  const write = async (prepared: PreparedImportBatch) => {
    const before = await written();
    writing = writeImportBatch(deps.db, before, prepared, today).then((next) => {
      publish(deps, next);
      return next;
    });
    // Awaited by the next batch or the end; until then its rejection must not count as unhandled.
    writing.catch(() => undefined);
  };
  const batch = importBatchBuilder(country);
  let index = 0;
  let first = true;
  // Loaded with the first import, as in startContactImport.
  const { readImportRows } = await import('./import/read-rows');
  try {
    for await (const row of readImportRows(file, current.kind as ImportKind)) {
      const header = first && isHeaderRow(row.cells);
      first = false;
      if (header) continue;
      if (index++ < current.processedRows) continue;
      batch.add(row);
      if (batch.size() >= IMPORT_BATCH_ROWS) await write(batch.take());
      // Reading and checking rows never lets go of the event loop by itself (the file is in
      // memory): without a turn now and then, each round trip of the batch being written waited
      // for the whole next batch to be read, and the two no longer overlapped.
      else if (index % YIELD_EVERY_ROWS === 0) await nextTurn();
    }
    if (batch.size() > 0) await write(batch.take());
    await written();
  } catch (err) {
    await written();
    if (!(err instanceof AppError)) throw err;
    return finish(deps, state, { status: 'failed', error: err.message });
  }
  return finish(deps, state, { status: 'done', totalRows: state.processedRows });
}

/** Ends the import (`done` or `failed`): its row stops naming the file, then the file is deleted. */
async function finish(
  deps: Deps,
  row: ContactImportRow,
  changes: Partial<typeof contactImports.$inferInsert>,
): Promise<Counts> {
  const state = await update(deps, row, { ...changes, fileStorageKey: null, finishedAt: new Date() });
  await deleteStoredFile(deps, row.fileStorageKey);
  return { status: state.status, imported: state.importedCount, skipped: state.skippedCount };
}

/** Sets `changes` on the import, publishes where it is, and answers the updated row (its file left out). */
async function update(
  deps: Deps,
  row: ContactImportRow,
  changes: Partial<typeof contactImports.$inferInsert>,
): Promise<ContactImportRow> {
  const [next] = await deps.db
    .update(contactImports)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(contactImports.id, row.id))
    .returning(CONTACT_IMPORT_WITHOUT_FILE);
  const updated: ContactImportRow = { ...next!, file: null };
  publish(deps, updated);
  return updated;
}

function publish(deps: Deps, row: ContactImportRow): void {
  if (row.userId)
    deps.realtime.publish(rooms.user(row.userId), 'contact-import:progress', {
      import: presentContactImport(row),
    });
}
