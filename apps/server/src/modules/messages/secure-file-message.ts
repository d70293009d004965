import type { Media, SecureFileSummary } from '@accueil/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { messages } from '../../db/schema/messages';
import type { MessageRow } from './messages.presenter';

/**
 * In the caller's transaction: stores the message that shows a secure file in its conversation
 * (docs/behaviour/secure-files.md), with the seq the caller claimed. It travels by e-mail
 * (channel `email`, no text): `outbound` when the clinic mails the file or the request
 * (`sending` until the mail went), `inbound` when the contact sent a file back at `/send-file`
 * (`received`, the file in `media`). `id` is chosen by the caller when it pointed the
 * conversation at the message beforehand.
 */
export async function insertSecureFileMessage(
  tx: Tx,
  values: {
    id?: string;
    organizationId: string;
    conversationId: string;
    seq: number;
    direction: 'inbound' | 'outbound';
    author: string;
    authorName: string | null;
    authorUserId: string | null;
    from: string;
    to: string;
    carrier: string;
    secureFile: SecureFileSummary;
    media?: Media[];
  },
): Promise<MessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({
      ...(values.id ? { id: values.id } : {}),
      organizationId: values.organizationId,
      conversationId: values.conversationId,
      seq: values.seq,
      author: values.author,
      authorName: values.authorName,
      authorUserId: values.authorUserId,
      from: values.from,
      to: values.to,
      body: '',
      carrier: values.carrier,
      status: values.direction === 'inbound' ? 'received' : 'sending',
      direction: values.direction,
      channel: 'email',
      media: values.media ?? [],
      secureFile: values.secureFile,
    })
    .returning();
  return row!;
}

/**
 * In the caller's transaction: the message `messageId` shows `secureFile` as it now is (and,
 * when given, the status its mail reached: `sent`, or `failed` with `errorCode`); its version
 * grows so that clients drop an older `message:updated`. Null when the message is gone.
 */
export async function setSecureFileMessage(
  tx: Tx,
  organizationId: string,
  messageId: string,
  change: { secureFile?: SecureFileSummary; status?: 'sent' | 'failed'; errorCode?: string | null },
): Promise<MessageRow | null> {
  const [row] = await tx
    .update(messages)
    .set({
      ...(change.secureFile ? { secureFile: change.secureFile } : {}),
      ...(change.status ? { status: change.status, errorCode: change.errorCode ?? null } : {}),
      version: sql`${messages.version} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(messages.organizationId, organizationId), eq(messages.id, messageId)))
    .returning();
  return row ?? null;
}
