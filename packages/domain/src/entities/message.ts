import { z } from 'zod';
import { secureFileSummarySchema } from '../secure-files/contracts';

/**
 * Message states. Outbound: sending → sent → delivered, or failed (never backwards;
 * see `MESSAGE_STATUS_RANK`). `unknown`: the carrier call failed temporarily or timed out, so
 * the text may or may not have left; it is not resent automatically (that could duplicate it)
 * and the carrier's status callback reconciles it. Inbound messages are `received`.
 */
export const MESSAGE_STATUSES = ['sending', 'sent', 'delivered', 'failed', 'received', 'unknown'] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/**
 * Order of outbound states: a carrier's status callbacks may arrive out of order, and a
 * message's status only ever moves to a higher rank. `failed` and `delivered` are final;
 * `unknown` sits above `sending` and below every status a carrier reports, so any later
 * `sent`, `delivered` or `failed` replaces it.
 */
export const MESSAGE_STATUS_RANK: Record<MessageStatus, number> = {
  sending: 0,
  unknown: 1,
  sent: 2,
  received: 2,
  delivered: 3,
  failed: 3,
};

/**
 * `inbound` from the contact, `outbound` to them, or `note`: an internal note of the team
 * (docs/behaviour/notes-and-presence.md), which no carrier ever carries (its `carrier` is `none`,
 * its status final `delivered`, never pending a carrier call: a database check holds it).
 */
export const messageDirectionSchema = z.enum(['inbound', 'outbound', 'note']);
export type MessageDirection = z.infer<typeof messageDirectionSchema>;

/**
 * A media of a message. An attachment the app keeps (docs/behaviour/attachments.md) names it:
 * `attachmentId`, its `name`, `size` in bytes and whether it has a `thumbnail`; `url` is then the
 * app's `/api/attachments/:id/content`. Without `attachmentId` it is an inbound media the app has
 * not kept: `pending` while it is being fetched from the carrier, `unavailable` when it could not
 * be (gone, refused, unreadable: "picture unavailable"); its `url` is then empty (a carrier's
 * address is never handed out).
 */
export const mediaSchema = z.object({
  url: z.string(),
  contentType: z.string(),
  attachmentId: z.uuid().optional(),
  name: z.string().optional(),
  size: z.number().int().optional(),
  thumbnail: z.boolean().optional(),
  pending: z.boolean().optional(),
  unavailable: z.boolean().optional(),
});
export type Media = z.infer<typeof mediaSchema>;

/**
 * Message. `seq` is the message's position in its conversation (1, 2, 3 …): it orders
 * messages and lets a client see a gap. `version` grows with every change of the message
 * (status), so a client drops a stale `message:updated`.
 */
export const messageSchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  seq: z.number().int(),
  version: z.number().int(),
  author: z.string(),
  authorName: z.string().nullable(),
  /** Sent by itself (an automatic reply), not by a person (absent: false). */
  automatic: z.boolean().optional(),
  from: z.string(),
  to: z.string(),
  body: z.string(),
  messageSid: z.string().nullable(),
  status: messageStatusSchema,
  errorCode: z.string().nullable(),
  direction: messageDirectionSchema,
  type: z.enum(['text', 'email']),
  media: z.array(mediaSchema),
  /** An internal note's mentioned users, as named when it was written (docs/behaviour/notes-and-presence.md); absent otherwise. */
  mentions: z.array(z.object({ id: z.uuid(), name: z.string() })).optional(),
  /** A secure file sent, or asked for, by this message (docs/behaviour/secure-files.md); absent otherwise. */
  secureFile: secureFileSummarySchema.optional(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Message = z.infer<typeof messageSchema>;
