import type { Tx } from '../../db/client';
import { messages } from '../../db/schema/messages';
import type { MessageRow } from './messages.presenter';

/**
 * In the caller's transaction: stores one e-mail message (channel `email`) of a conversation
 * whose seq the caller claimed (`openEmailConversation`). `carrierMessageId` is unique per
 * carrier (the `messages_carrier_id_uq` index): the e-mail module makes it from the team and the
 * mail's Message-ID, so the same mail is stored once. Inbound mails are `received`, a reply is
 * `sent` once the mail server took it.
 */
export async function insertEmailMessage(
  tx: Tx,
  values: {
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
  },
): Promise<MessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({
      organizationId: values.organizationId,
      conversationId: values.conversationId,
      seq: values.seq,
      author: values.author,
      authorName: values.authorName,
      authorUserId: values.authorUserId,
      from: values.from,
      to: values.to,
      body: values.body,
      carrier: values.carrier,
      carrierMessageId: values.carrierMessageId,
      status: values.direction === 'inbound' ? 'received' : 'sent',
      direction: values.direction,
      channel: 'email',
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}
