import { AppError } from '@accueil/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { deleteStoredFile } from '../../carriers/storage/stored-files';
import { attachments } from '../../db/schema/attachments';
import type { RequestContext } from '../../http/request-context';

/**
 * DELETE /api/attachments/:id: the uploader takes back a file not sent yet (removed from the
 * composer). The row goes first, then its files. A sent attachment goes with its message.
 * @throws AppError `not-found` (someone else's, another organisation's, or already sent).
 */
export async function removeAttachment(
  deps: Pick<AppDeps, 'db' | 'storage' | 'log'>,
  ctx: RequestContext,
  id: string,
): Promise<void> {
  const [row] = await deps.db
    .delete(attachments)
    .where(
      and(
        eq(attachments.organizationId, ctx.organizationId),
        eq(attachments.id, id),
        eq(attachments.uploadedBy, ctx.userId),
        isNull(attachments.attachedAt),
      ),
    )
    .returning({ storageKey: attachments.storageKey, thumbnailKey: attachments.thumbnailKey });
  if (!row) throw new AppError('not-found', 'No such attachment');
  await deleteStoredFile(deps, row.storageKey);
  await deleteStoredFile(deps, row.thumbnailKey);
}
