import {
  AppError,
  ATTACHMENT_CARRIER_URL_TTL_S,
  checkMessageAttachments,
  endpointPath,
  attachmentEndpoints,
  type Media,
} from '@accueil/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { attachments } from '../../db/schema/attachments';
import type { CarrierMedia } from '../../carriers/messaging/messaging-carrier';
import type { RequestContext } from '../../http/request-context';

const TOO_LARGE_IN_ALL = 'The cumulative size of attachments must not exceed 20 megabytes.';

/**
 * In the send's transaction: gives the caller's unsent attachments `ids` to the message
 * `messageId` and answers them as the message's media, in the order asked (`url`: the app's
 * content route; the carrier gets signed URLs instead, `carrierMediaUrls`). Every id must be an
 * unsent upload of this user in this organisation (404 otherwise: another's, or one already
 * sent), and together they keep to the rules (`checkMessageAttachments`: at most 10, 20 MB).
 * @throws AppError `not-found`, `attachments-too-large`, `too-many-attachments`.
 */
export async function attachToMessage(
  tx: Tx,
  ctx: RequestContext,
  ids: readonly string[],
  messageId: string,
): Promise<Media[]> {
  const unique = [...new Set(ids)];
  const rows = await tx
    .update(attachments)
    .set({ messageId, attachedAt: new Date() })
    .where(
      and(
        eq(attachments.organizationId, ctx.organizationId),
        inArray(attachments.id, unique),
        eq(attachments.uploadedBy, ctx.userId),
        isNull(attachments.attachedAt),
      ),
    )
    .returning();
  if (rows.length !== unique.length || unique.length !== ids.length)
    throw new AppError('not-found', 'An attachment is not yours to send, or was sent already');
  const refusal = checkMessageAttachments({ sizes: rows.map((r) => r.size) });
  if (refusal === 'attachments-too-large') throw new AppError(refusal, TOO_LARGE_IN_ALL);
  if (refusal) throw new AppError(refusal, 'A message carries at most 10 attachments');
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => mediaOf(byId.get(id)!));
}

/** A kept attachment as its message's media: the app's content route, its type, name, size, thumbnail. */
function mediaOf(row: typeof attachments.$inferSelect): Media {
  return {
    url: endpointPath(attachmentEndpoints.content, { id: row.id }),
    contentType: row.contentType,
    attachmentId: row.id,
    name: row.name,
    size: row.size,
    thumbnail: row.thumbnailKey !== null,
  };
}

/**
 * Signed, expiring URLs (`ATTACHMENT_CARRIER_URL_TTL_S`) of a message's kept attachments, for
 * the carrier that fetches them (Twilio's `MediaUrl`, the sandbox phone): absolute, readable
 * without a session, forged or expired ones refused by the store (docs/behaviour/attachments.md).
 * Media without an `attachmentId` (a carrier's link) are left out. Read in the caller's scope.
 */
export async function carrierMediaUrls(
  deps: Pick<AppDeps, 'db' | 'storage'>,
  organizationId: string,
  media: readonly Media[],
): Promise<CarrierMedia[]> {
  const ids = media.flatMap((m) => (m.attachmentId ? [m.attachmentId] : []));
  if (ids.length === 0) return [];
  const rows = await deps.db
    .select({
      id: attachments.id,
      storageKey: attachments.storageKey,
      contentType: attachments.contentType,
    })
    .from(attachments)
    .where(and(eq(attachments.organizationId, organizationId), inArray(attachments.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const urls: CarrierMedia[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    const url = await deps.storage.signedUrl(row.storageKey, {
      expiresInSeconds: ATTACHMENT_CARRIER_URL_TTL_S,
    });
    urls.push({ url, contentType: row.contentType });
  }
  return urls;
}

/**
 * In the caller's transaction: gives the attachment `id` that a contact uploaded (no user:
 * `uploaded_by` null, not attached yet) to the message `messageId`, and answers it as that
 * message's media. A secure file sent back at `/send-file` (docs/behaviour/secure-files.md).
 * @throws AppError `not-found` when it is no such upload (or was given to a message already).
 */
export async function attachContactUpload(
  tx: Tx,
  organizationId: string,
  id: string,
  messageId: string,
): Promise<Media> {
  const [row] = await tx
    .update(attachments)
    .set({ messageId, attachedAt: new Date() })
    .where(
      and(
        eq(attachments.organizationId, organizationId),
        eq(attachments.id, id),
        isNull(attachments.uploadedBy),
        isNull(attachments.attachedAt),
      ),
    )
    .returning();
  if (!row) throw new AppError('not-found', 'No such upload');
  return mediaOf(row);
}
