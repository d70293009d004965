import { and, inArray, lte } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { secureFiles } from '../../db/schema/secure-files';
import { withOrganization } from '../../db/tenant-scope';
import { deleteAttachments } from '../attachments/index';
import { announceMessageUpdated } from '../messages/index';
import { showSecureFileState } from './unlock-secure-file';

const BATCH = 200;

/**
 * Secure files' retention (docs/behaviour/secure-files.md, "Retention"), in every organisation:
 * each secure file past its expiry and not marked `expired` yet is marked so (its message shows
 * it, announced to its team), and the file the clinic sent is deleted — row and bytes, through
 * the attachments module. A file a contact sent back (`received`) is the clinic's and stays.
 * Batches of 200; returns how many secure files expired. Runs with every organisation's rows
 * in scope (the job's `maintenance-job` access); each organisation's change in its own scope.
 */
export async function purgeExpiredSecureFiles(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log' | 'realtime' | 'jobs'>,
  now = new Date(),
): Promise<number> {
  const due = and(
    lte(secureFiles.expiresAt, now),
    inArray(secureFiles.state, ['waiting', 'downloaded', 'locked']),
  );
  let expired = 0;
  for (;;) {
    const rows = await deps.db.select().from(secureFiles).where(due).limit(BATCH);
    for (const row of rows) {
      await withOrganization(row.organizationId, async () => {
        const shown = await deps.db.transaction(async (tx) => {
          const [after] = await tx
            .update(secureFiles)
            .set({ state: 'expired' })
            .where(and(due, inArray(secureFiles.id, [row.id])))
            .returning();
          return after ? await showSecureFileState(tx, after) : null;
        });
        if (row.kind === 'file' && row.attachmentId) await deleteAttachments(deps, [row.attachmentId]);
        if (shown) announceMessageUpdated(deps, shown.teamId, shown.message);
      });
    }
    expired += rows.length;
    if (rows.length < BATCH) return expired;
  }
}
