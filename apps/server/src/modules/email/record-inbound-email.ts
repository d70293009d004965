import { and, eq } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { emailMessages, type EmailAddressField, type EmailAttachmentField } from '../../db/schema/email';
import { findContactByAddress, insertContact } from '../contacts/index';
import {
  loadConversationViewById,
  notifyAssigneeOfInboundText,
  openEmailConversation,
  setLastMessage,
} from '../conversations/index';
import {
  announceMessageCreated,
  insertEmailMessage,
  presentMessage,
  type EmailMessageToInsert,
} from '../messages/index';
import { deleteMailFiles, storeMailFiles } from './email-attachments';
import type { MailboxRow } from './mailboxes';
import type { ParsedEmail } from './parse-inbound-email';
import { recordBounce, type BounceOutcome } from './record-bounce';

/** What became of one fetched mail. */
export type InboundEmailOutcome =
  | { kind: 'stored'; messageId: string; conversationId: string }
  | { kind: 'duplicate' }
  | { kind: 'skipped'; reason: 'no-sender' }
  | BounceOutcome;

/** The messages' carrier id of a team's mail: unique per team and Message-ID. */
export function emailCarrierMessageId(teamId: string, rfcMessageId: string): string {
  return `${teamId}/${rfcMessageId}`;
}

/** True when `err` (or its cause) is a unique violation: the mail was stored meanwhile. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/** A contact's first and last name from a display name (`Jeanne Tremblay`), else the address's local part. */
export function contactNames(from: { address: string; name: string }): {
  firstName: string;
  lastName: string;
} {
  const words = from.name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { firstName: from.address.split('@')[0] ?? from.address, lastName: '' };
  return { firstName: words[0]!.slice(0, 200), lastName: words.slice(1).join(' ').slice(0, 200) };
}

/** The `messages` row of an inbound mail of the mailbox: in `conversationId` at `seq`, `received`. */
export function inboundMessageValues(
  mailbox: MailboxRow,
  carrier: string,
  mail: ParsedEmail & { from: EmailAddressField },
  at: { conversationId: string; seq: number },
  now: Date,
): EmailMessageToInsert {
  return {
    organizationId: mailbox.organizationId,
    conversationId: at.conversationId,
    seq: at.seq,
    direction: 'inbound',
    author: mail.from.address,
    authorName: mail.from.name || null,
    authorUserId: null,
    from: mail.from.address,
    to: mailbox.address,
    body: mail.text,
    carrier,
    carrierMessageId: emailCarrierMessageId(mailbox.teamId, mail.messageId),
    now,
  };
}

/**
 * The `email_messages` row of an inbound mail stored as the message `stored` (its id and
 * conversation's) with its kept files.
 */
export function emailMessageRow(
  mailbox: MailboxRow,
  mail: ParsedEmail & { from: EmailAddressField },
  stored: { id: string; conversationId: string },
  attachments: EmailAttachmentField[],
  now: Date,
): typeof emailMessages.$inferInsert {
  return {
    messageId: stored.id,
    organizationId: mailbox.organizationId,
    teamId: mailbox.teamId,
    conversationId: stored.conversationId,
    rfcMessageId: mail.messageId,
    inReplyTo: mail.inReplyTo,
    references: mail.references,
    threadId: mail.threadId,
    subject: mail.subject,
    from: mail.from,
    to: mail.to,
    cc: mail.cc,
    html: mail.html,
    text: mail.text,
    automatic: mail.automatic,
    authentication: mail.authentication,
    attachments,
    createdAt: now,
  };
}

/**
 * One mail fetched from a team's mailbox into its inbox (docs/behaviour/email.md). A bounce is
 * attached to the reply it answers (`recordBounce`), never stored as a mail. Otherwise the mail is
 * recognised by its Message-ID in the team (fetched twice: stored once, `duplicate`); its files
 * up to `EMAIL_ATTACHMENT_MAX_BYTES` are put in the storage carrier first (a larger one is listed,
 * not kept); then in one transaction the sender's contact is found by address — or created,
 * unless the mail is automatic — the team's e-mail conversation with the sender is opened
 * (created, reactivated, flagged unread) and the message and its e-mail details are stored.
 * After the commit, `message:created` goes to the team's room, as for a text. Runs in the
 * mailbox's organisation's scope.
 */
export async function recordInboundEmail(
  deps: HostDeps,
  mailbox: MailboxRow,
  carrier: string,
  mail: ParsedEmail,
): Promise<InboundEmailOutcome> {
  if (mail.bounce) return recordBounce(deps, mailbox, mail.bounce);
  const from = mail.from;
  if (!from) return { kind: 'skipped', reason: 'no-sender' };
  const withSender = { ...mail, from };
  const [known] = await deps.db
    .select({ id: emailMessages.messageId })
    .from(emailMessages)
    .where(and(eq(emailMessages.teamId, mailbox.teamId), eq(emailMessages.rfcMessageId, mail.messageId)));
  if (known) return { kind: 'duplicate' };

  const attachments = await storeMailFiles(deps, mailbox.organizationId, mail.attachments);

  const now = new Date();
  let stored: { messageId: string; conversationId: string; message: Parameters<typeof presentMessage>[0] };
  try {
    stored = await deps.db.transaction(async (tx) => {
      const contact =
        (await findContactByAddress(tx, mailbox.organizationId, 'email', from.address)) ??
        (mail.automatic
          ? null
          : await insertContact(tx, mailbox.organizationId, {
              ...contactNames(from),
              phone: null,
              email: from.address,
            }));
      const conversation = await openEmailConversation(tx, {
        organizationId: mailbox.organizationId,
        teamId: mailbox.teamId,
        address: from.address,
        contactId: contact?.id ?? null,
        direction: 'inbound',
        now,
      });
      const message = await insertEmailMessage(
        tx,
        inboundMessageValues(
          mailbox,
          carrier,
          withSender,
          { conversationId: conversation.id, seq: conversation.lastSeq },
          now,
        ),
      );
      await tx
        .insert(emailMessages)
        .values(
          emailMessageRow(
            mailbox,
            withSender,
            { id: message.id, conversationId: conversation.id },
            attachments,
            now,
          ),
        );
      await setLastMessage(tx, conversation.id, message.id);
      return { messageId: message.id, conversationId: conversation.id, message };
    });
  } catch (error) {
    await deleteMailFiles(deps, attachments);
    // Another process stored the same mail meanwhile.
    if (isUniqueViolation(error)) return { kind: 'duplicate' };
    throw error;
  }
  const view = await loadConversationViewById(deps.db, stored.conversationId);
  if (view) {
    announceMessageCreated(deps, presentMessage(stored.message), view);
    notifyAssigneeOfInboundText(deps, view);
  }
  return { kind: 'stored', messageId: stored.messageId, conversationId: stored.conversationId };
}
