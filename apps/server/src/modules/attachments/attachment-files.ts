import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { StorageNotFoundError, type StoredFile } from '../../carriers/storage/storage-carrier';
import { deleteStoredFile } from '../../carriers/storage/stored-files';
import { attachments } from '../../db/schema/attachments';

/**
 * The bytes of attachment `id` of `organizationId` with its name and type, for a use case that
 * already decided the reader may have them (a secure file's code was right:
 * docs/behaviour/secure-files.md). Null when the row or its file is gone (purged).
 * @throws CarrierError when the store fails.
 */
export async function readAttachmentFile(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  organizationId: string,
  id: string,
): Promise<{ name: string; contentType: string; file: StoredFile } | null> {
  const [row] = await deps.db
    .select({ name: attachments.name, contentType: attachments.contentType, key: attachments.storageKey })
    .from(attachments)
    .where(and(eq(attachments.organizationId, organizationId), eq(attachments.id, id)));
  if (!row) return null;
  try {
    return { name: row.name, contentType: row.contentType, file: await deps.storage.get(row.key) };
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}

/**
 * Removes the attachments `ids` (rows first, then their files and thumbnails from the storage
 * carrier; a file that cannot be deleted is logged), in the caller's scope. Returns how many
 * rows went. Used by the secure files' retention (an expired secure file's bytes).
 */
export async function deleteAttachments(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'>,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await deps.db
    .delete(attachments)
    .where(inArray(attachments.id, [...ids]))
    .returning({ storageKey: attachments.storageKey, thumbnailKey: attachments.thumbnailKey });
  for (const row of rows) {
    await deleteStoredFile(deps, row.storageKey);
    await deleteStoredFile(deps, row.thumbnailKey);
  }
  return rows.length;
}
