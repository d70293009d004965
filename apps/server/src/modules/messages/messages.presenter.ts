import {
  messageTypeOf,
  type Media,
  type Message,
  type MessageDirection,
  type MessageStatus,
} from '@accueil/domain';
import type { messages } from '../../db/schema/messages';

/** A row of the messages table. */
export type MessageRow = typeof messages.$inferSelect;

/**
 * A stored media → the API's: a kept attachment as it is; an inbound media not kept (yet)
 * without the carrier's address (never hot-linked), `pending` until the attachments module's job
 * fetched it, or `unavailable` (docs/behaviour/attachments.md, "Inbound media").
 */
export function presentMedia(media: Media): Media {
  if (media.attachmentId) return media;
  return media.unavailable
    ? { url: '', contentType: media.contentType, unavailable: true }
    : { url: '', contentType: media.contentType, pending: true };
}

/** Message row → API `Message` (`messageSid` is the carrier's id; the spec's `type` from the channel; dates ISO). */
export function presentMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    seq: row.seq,
    version: row.version,
    author: row.author,
    authorName: row.authorName,
    automatic: row.automatic === true,
    from: row.from,
    to: row.to,
    body: row.body,
    messageSid: row.carrierMessageId,
    status: row.status as MessageStatus,
    errorCode: row.errorCode,
    direction: row.direction as MessageDirection,
    type: messageTypeOf(row.channel),
    media: row.media.map(presentMedia),
    ...(row.mentions ? { mentions: row.mentions } : {}),
    ...(row.secureFile ? { secureFile: row.secureFile } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
