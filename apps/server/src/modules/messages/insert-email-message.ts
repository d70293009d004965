import type { Tx } from '../../db/client';
import { messages } from '../../db/schema/messages';
import type { MessageRow } from './messages.presenter';

/** One e-mail message to store (`insertEmailMessage`). */
export type EmailMessageToInsert = {
  organizationId: string;
  conversationId: string;
  seq: number;
  direction: 'inbound' | 'outbound';
  author: string;
  authorName: string | null;
  authorUserId: string | null;
  from: string;
  to: string;
  body: string;
  carrier: string;
  carrierMessageId: string;
  now: Date;
};

/**
 * In the caller's transaction: stores one e-mail message (channel `email`) of a conversation
 * whose seq the caller claimed (`openEmailConversation`). `carrierMessageId` is unique per
 * carrier (the `messages_carrier_id_uq` index): the e-mail module makes it from the team and the
 * mail's Message-ID, so the same mail is stored once. Inbound mails are `received`, a reply is
 * `sent` once the mail server took it.
 */
export async function insertEmailMessage(tx: Tx, values: EmailMessageToInsert): Promise<MessageRow> {
  const [row] = await insertEmailMessages(tx, [values]);
  return row!;
}

/**
 * `insertEmailMessage` for many messages in one statement (the sync of a batch of mails); their
 * rows in the same order. `id` is chosen by the caller when it pointed the conversation at the
 * message beforehand. A unique violation (a `carrierMessageId` already stored) fails the
 * whole statement. None for an empty list.
 */
export async function insertEmailMessages(
  tx: Tx,
  values: readonly (EmailMessageToInsert & { id?: string })[],
): Promise<MessageRow[]> {
  if (values.length === 0) return [];
  return tx
    .insert(messages)
    .values(
      values.map((v) => ({
        ...(v.id ? { id: v.id } : {}),
        organizationId: v.organizationId,
        conversationId: v.conversationId,
        seq: v.seq,
        author: v.author,
        authorName: v.authorName,
        authorUserId: v.authorUserId,
        from: v.from,
        to: v.to,
        body: v.body,
        carrier: v.carrier,
        carrierMessageId: v.carrierMessageId,
        status: v.direction === 'inbound' ? ('received' as const) : ('sent' as const),
        direction: v.direction,
        channel: 'email' as const,
        createdAt: v.now,
        updatedAt: v.now,
      })),
    )
    .returning();
}
