import type { Attachment, AttachmentKind } from '@accueil/domain';
import type { attachments } from '../../db/schema/attachments';

/** An attachments row as the API shows it (storage keys and uploader stay inside). */
export function presentAttachment(row: typeof attachments.$inferSelect): Attachment {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType,
    kind: row.kind as AttachmentKind,
    size: row.size,
    width: row.width,
    height: row.height,
    resized: row.resized,
    thumbnail: row.thumbnailKey !== null,
    messageId: row.messageId,
    createdAt: row.createdAt.toISOString(),
  };
}
