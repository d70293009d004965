import { z } from 'zod';

/**
 * §3, §4 Message states. Outbound: sending → sent → delivered, or failed (never backwards;
 * see `MESSAGE_STATUS_RANK`). Inbound messages are `received`.
 */
export const MESSAGE_STATUSES = ['sending', 'sent', 'delivered', 'failed', 'received'] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

/**
 * Order of outbound states: a carrier's status callbacks may arrive out of order, and a
 * message's status only ever moves to a higher rank. `failed` and `delivered` are final.
 */
export const MESSAGE_STATUS_RANK: Record<MessageStatus, number> = {
  sending: 0,
  sent: 1,
  received: 1,
  delivered: 2,
  failed: 2,
};

export const messageDirectionSchema = z.enum(['inbound', 'outbound']);
export type MessageDirection = z.infer<typeof messageDirectionSchema>;

/** A media attachment kept as a link (carrier media URL). */
export const mediaSchema = z.object({ url: z.string(), contentType: z.string() });
export type Media = z.infer<typeof mediaSchema>;

/**
 * §3 Message. `seq` is the message's position in its conversation (1, 2, 3 …): it orders
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
  from: z.string(),
  to: z.string(),
  body: z.string(),
  messageSid: z.string().nullable(),
  status: messageStatusSchema,
  errorCode: z.string().nullable(),
  direction: messageDirectionSchema,
  type: z.enum(['text', 'email']),
  media: z.array(mediaSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Message = z.infer<typeof messageSchema>;
