import { and, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { deleteStoredFile } from '../../carriers/storage/stored-files';
import { attachments } from '../../db/schema/attachments';

/** How long an upload never sent is kept (ms): a composer's draft left behind, a day. */
export const UNSENT_ATTACHMENT_RETENTION_MS = 24 * 3600 * 1000;
const BATCH = 200;

/**
 * Retention (docs/behaviour/attachments.md, "Retention"), in every organisation: removes the
 * attachments whose message is gone (`attached_at` set, `message_id` null: the message was
 * deleted, with its conversation's purge) and the uploads never sent for a day, rows first
 * (in batches of 200, one statement each), then their files and thumbnails from the storage
 * carrier (a file that cannot be deleted is logged: no row names it any more, it is never
 * served). Returns how many attachments were removed. Runs with every organisation's rows in
 * scope (the job's `maintenance-job` access).
 */
export async function purgeAttachments(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'>,
  now = new Date(),
): Promise<number> {
  const unsentBefore = new Date(now.getTime() - UNSENT_ATTACHMENT_RETENTION_MS);
  const expired = or(
    and(isNotNull(attachments.attachedAt), isNull(attachments.messageId)),
    and(isNull(attachments.attachedAt), lt(attachments.createdAt, unsentBefore)),
  );
  let removed = 0;
  for (;;) {
    const batch = await deps.db.select({ id: attachments.id }).from(attachments).where(expired).limit(BATCH);
    if (batch.length === 0) return removed;
    const rows = await deps.db
      .delete(attachments)
      .where(
        and(
          expired,
          inArray(
            attachments.id,
            batch.map((b) => b.id),
          ),
        ),
      )
      .returning({ storageKey: attachments.storageKey, thumbnailKey: attachments.thumbnailKey });
    for (const row of rows) {
      await deleteStoredFile(deps, row.storageKey);
      await deleteStoredFile(deps, row.thumbnailKey);
    }
    removed += rows.length;
    if (batch.length < BATCH) return removed;
  }
}
