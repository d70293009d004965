import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../app-deps';
import { newOrganizationFileKey } from '../carriers/storage/stored-files';
import type { Tx } from './client';
import { callRecordings } from './schema/calls';
import { contactImports } from './schema/contacts';
import { organizationLogos } from './schema/organizations';
import { voicemailGreetings } from './schema/phone-settings';
import { withSystemAccess } from './tenant-scope';

type Deps = Pick<AppDeps, 'db' | 'storage' | 'log' | 'config'>;

/** Rows moved per transaction: an import file may be 20 MB, and a batch's files are held at once. */
const BATCH_ROWS = 10;

/** A file kept in a bytea column, as it leaves the database. */
type Blob = { id: string; organizationId: string; bytes: Buffer; contentType: string };

/** One table whose files lived in a bytea column: its rows still holding one, and how a row then names its key. */
type BlobTable = {
  folder: string;
  /** Up to `limit` rows whose bytea is not empty, locked (rows another process holds are skipped). */
  pending(tx: Tx, limit: number): Promise<Blob[]>;
  /** The row names `key` (`size` bytes) and its bytea is emptied. */
  name(tx: Tx, id: string, key: string, size: number): Promise<void>;
};

const lock = { skipLocked: true } as const;

const BLOB_TABLES: readonly BlobTable[] = [
  {
    folder: 'logos',
    pending: (tx, limit) =>
      tx
        .select({
          id: organizationLogos.organizationId,
          organizationId: organizationLogos.organizationId,
          bytes: organizationLogos.content,
          contentType: organizationLogos.mediaType,
        })
        .from(organizationLogos)
        .where(isNotNull(organizationLogos.content))
        .limit(limit)
        .for('update', lock) as Promise<Blob[]>,
    name: async (tx, id, storageKey, size) => {
      await tx
        .update(organizationLogos)
        .set({ storageKey, size, content: null })
        .where(eq(organizationLogos.organizationId, id));
    },
  },
  {
    folder: 'greetings',
    pending: async (tx, limit) =>
      (
        await tx
          .select({
            id: voicemailGreetings.id,
            organizationId: voicemailGreetings.organizationId,
            bytes: voicemailGreetings.audio,
            contentType: voicemailGreetings.audioMediaType,
          })
          .from(voicemailGreetings)
          .where(isNotNull(voicemailGreetings.audio))
          .limit(limit)
          .for('update', lock)
      ).map((r) => ({ ...r, bytes: r.bytes!, contentType: r.contentType ?? 'application/octet-stream' })),
    name: async (tx, id, audioStorageKey, audioSize) => {
      await tx
        .update(voicemailGreetings)
        .set({ audioStorageKey, audioSize, audio: null })
        .where(eq(voicemailGreetings.id, id));
    },
  },
  {
    folder: 'imports',
    pending: async (tx, limit) =>
      (
        await tx
          .select({
            id: contactImports.id,
            organizationId: contactImports.organizationId,
            bytes: contactImports.file,
          })
          .from(contactImports)
          .where(isNotNull(contactImports.file))
          .limit(limit)
          .for('update', lock)
      ).map((r) => ({ ...r, bytes: r.bytes!, contentType: 'application/octet-stream' })),
    name: async (tx, id, fileStorageKey, fileSize) => {
      await tx
        .update(contactImports)
        .set({ fileStorageKey, fileSize, file: null })
        .where(eq(contactImports.id, id));
    },
  },
];

/** Moves one table's files, a batch per transaction: each file is put, then its row names it. */
async function moveTable(deps: Deps, table: BlobTable): Promise<number> {
  let moved = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const rows = await table.pending(tx, BATCH_ROWS);
      for (const row of rows) {
        const key = newOrganizationFileKey(row.organizationId, table.folder);
        await deps.storage.put(key, row.bytes, {
          contentType: row.contentType,
          contentLength: row.bytes.length,
        });
        await table.name(tx, row.id, key, row.bytes.length);
      }
      return rows.length;
    });
    if (count === 0) return moved;
    moved += count;
  }
}

/**
 * Moves the voicemails' audio the calls module kept in its own files before the storage carrier
 * (`<dir>/<recordingSid>.audio` and `.type`) to the storage carrier, each named by its
 * recording's row (unless the row is gone or deleted), then deletes those files and, once
 * empty, the folder: later starts find no folder and do nothing.
 */
export async function moveLegacyRecordings(deps: Deps, dir: string): Promise<number> {
  const names = await readdir(dir).catch(() => null);
  if (!names) return 0;
  let moved = 0;
  for (const name of names.filter((n) => n.endsWith('.audio'))) {
    const sid = name.slice(0, -'.audio'.length);
    const files = [join(dir, name), join(dir, `${sid}.type`)];
    const [bytes, type] = await Promise.all(files.map((f) => readFile(f).catch(() => null)));
    if (bytes) {
      moved += await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: callRecordings.id, organizationId: callRecordings.organizationId })
          .from(callRecordings)
          .where(
            and(
              eq(callRecordings.recordingSid, sid),
              isNull(callRecordings.storageKey),
              ne(callRecordings.status, 'deleted'),
            ),
          )
          .limit(1)
          .for('update', lock);
        if (!row) return 0;
        const contentType = type?.toString('utf8').trim() || 'application/octet-stream';
        const storageKey = newOrganizationFileKey(row.organizationId, 'recordings');
        await deps.storage.put(storageKey, bytes, { contentType, contentLength: bytes.length });
        await tx
          .update(callRecordings)
          .set({ storageKey, contentType, size: bytes.length })
          .where(eq(callRecordings.id, row.id));
        return 1;
      });
    }
    await Promise.all(files.map((f) => rm(f, { force: true })));
  }
  await rmdir(dir).catch(() => undefined);
  return moved;
}

/**
 * The one-time move of files kept in the database (logos, greetings' audio, import files; and
 * the calls module's own recording files under `DATA_DIR/recordings`) to the storage carrier
 * (migration 0032), run at each start: once moved, nothing is left and it costs one query per
 * table. Each file is put first, then its row names its key and its bytea is emptied, in one
 * transaction per batch whose rows are locked: processes starting together share the rows
 * (each skips those another holds), a crash leaves at worst a file nothing names, and a
 * row is never moved twice. A failure is logged (the next start moves what is left), not thrown.
 */
export async function moveBlobsToStorage(deps: Deps): Promise<void> {
  await withSystemAccess('maintenance-job', async () => {
    try {
      let moved = 0;
      for (const table of BLOB_TABLES) moved += await moveTable(deps, table);
      if (deps.config.DATA_DIR !== 'memory://')
        moved += await moveLegacyRecordings(deps, join(deps.config.DATA_DIR, 'recordings'));
      if (moved > 0) deps.log.info({ moved }, 'Files moved from the database to the storage carrier');
    } catch (error) {
      deps.log.error({ err: error }, 'Moving files to the storage carrier failed; the next start resumes');
    }
  });
}
