import { AppError, type Attachment } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { StorageNotFoundError, type StoredFile } from '../../carriers/storage/storage-carrier';
import { attachments } from '../../db/schema/attachments';
import type { RequestContext } from '../../http/request-context';
import { presentAttachment } from './attachments.presenter';

type AttachmentRow = typeof attachments.$inferSelect;

const notFound = () => new AppError('not-found', 'No such attachment');

/**
 * The attachment `id` as the caller may see it: a row of their organisation (another
 * organisation's answers 404, as a missing one), and, while it is not sent with a message yet,
 * only its uploader's (a draft is nobody else's business).
 * @throws AppError `not-found`.
 */
export async function loadAttachment(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  id: string,
): Promise<AttachmentRow> {
  const [row] = await deps.db
    .select()
    .from(attachments)
    .where(and(eq(attachments.organizationId, ctx.organizationId), eq(attachments.id, id)));
  if (!row || (row.messageId === null && row.attachedAt === null && row.uploadedBy !== ctx.userId))
    throw notFound();
  return row;
}

/** GET /api/attachments/:id: the attachment's description. @throws AppError `not-found`. */
export async function getAttachment(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  id: string,
): Promise<Attachment> {
  return presentAttachment(await loadAttachment(deps, ctx, id));
}

/**
 * The bytes of the attachment `id` (`thumbnail`: a picture's WebP thumbnail) as the storage
 * carrier streams them, with its row, once `loadAttachment` let the caller read it.
 * @throws AppError `not-found` (no row for the caller, no thumbnail, or the file gone); CarrierError.
 */
export async function readAttachmentContent(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  ctx: RequestContext,
  id: string,
  options: { thumbnail?: boolean } = {},
): Promise<{ row: AttachmentRow; file: StoredFile }> {
  const row = await loadAttachment(deps, ctx, id);
  const key = options.thumbnail ? row.thumbnailKey : row.storageKey;
  if (!key) throw notFound();
  try {
    return { row, file: await deps.storage.get(key) };
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw notFound();
    throw error;
  }
}
