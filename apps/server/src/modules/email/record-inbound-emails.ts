import { and, eq, inArray } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import type { MailCursor } from '../../carriers/email-channel/email-channel-carrier';
import type { DbOrTx, Tx } from '../../db/client';
import { emailMessages, teamMailboxes, type EmailAttachmentField } from '../../db/schema/email';
import { findContactIdsByAddresses, insertContacts } from '../contacts/index';
import {
  notifyAssigneeOfInboundText,
  openEmailConversations,
  presentConversationRows,
  type ConversationRow,
} from '../conversations/index';
import {
  announceMessageCreated,
  insertEmailMessages,
  presentMessage,
  type MessageRow,
} from '../messages/index';
import { deleteMailFiles, storeMailFiles } from './email-attachments';
import type { MailboxRow } from './mailboxes';
import type { ParsedEmail } from './parse-inbound-email';
import { recordBounce } from './record-bounce';
import {
  contactNames,
  emailMessageRow,
  inboundMessageValues,
  isUniqueViolation,
  recordInboundEmail,
} from './record-inbound-email';

/** What became of one batch of fetched mails, by kind (the sync's counts). */
export type BatchCounts = { stored: number; duplicates: number; bounces: number; skipped: number };

/** A mail of the batch to store: parsed, with a sender, not a bounce, not yet in the team. */
type Fresh = { mail: ParsedEmail & { from: NonNullable<ParsedEmail['from']> }; id: string };

/**
 * The mailbox's cursor saved in the caller's transaction (with the batch it ends), and the sync's
 * marks: last synced now, no error.
 */
export async function saveCursor(tx: DbOrTx, mailboxId: string, cursor: MailCursor): Promise<void> {
  const now = new Date();
  await tx
    .update(teamMailboxes)
    .set({
      uidValidity: cursor.uidValidity,
      lastUid: cursor.lastUid,
      lastSyncedAt: now,
      lastError: null,
      updatedAt: now,
    })
    .where(eq(teamMailboxes.id, mailboxId));
}

/**
 * In the caller's transaction: the contact of each sender address (`contact_addresses`: the main
 * contact, else the oldest), the missing ones created in one insert from the display name of the
 * address's first mail — except for an address whose mails are all automatic (RFC 3834), which
 * gets none. By address, the contact's id or null.
 */
async function contactsOfSenders(
  tx: Tx,
  organizationId: string,
  fresh: readonly Fresh[],
): Promise<Map<string, string | null>> {
  const addresses = [...new Set(fresh.map((f) => f.mail.from.address))];
  const found = new Map<string, string | null>(
    await findContactIdsByAddresses(tx, organizationId, 'email', addresses),
  );
  const toCreate = new Map<string, Fresh['mail']['from']>();
  for (const { mail } of fresh)
    if (!found.has(mail.from.address) && !mail.automatic && !toCreate.has(mail.from.address))
      toCreate.set(mail.from.address, mail.from);
  const created = await insertContacts(
    tx,
    organizationId,
    [...toCreate.values()].map((from) => ({ ...contactNames(from), phone: null, email: from.address })),
  );
  for (const c of created) found.set(c.email!, c.id);
  for (const a of addresses) if (!found.has(a)) found.set(a, null);
  return found;
}

/**
 * One batch of a team's fetched mails into its inbox, and the mailbox's cursor after them, in
 * one transaction (docs/behaviour/email.md, "Sync"): a sync stopped anywhere (a crash, a kill)
 * has stored the whole batch and moved the cursor, or neither — nothing lost, nothing twice.
 * Each mail is recorded as `recordInboundEmail` records one, in a few statements for the lot:
 * bounces are attached to the replies they answer first (idempotent: fetched again, they change
 * nothing more); mails without a sender are skipped; the others are recognised by their
 * Message-ID in the team (already stored, or twice in the batch: `duplicates`); the files of the
 * rest are put in the storage carrier; then one transaction finds or creates the senders'
 * contacts, opens their conversations (one row per address, its seq advanced by its mails), and
 * inserts the messages and their e-mail rows (multi-row), and saves the cursor. After the commit,
 * each stored mail is announced (`message:created` with its conversation as the batch left it,
 * the conversations presented in one go; the assignee notified as for a text). When another
 * process stored one of the mails meanwhile (a unique index refuses the batch), the batch is
 * recorded mail by mail instead (`recordInboundEmail`), then the cursor saved. Runs in the
 * mailbox's organisation's scope.
 * @throws the storage carrier's or the database's failure (nothing of the batch kept; the cursor unmoved).
 */
export async function recordInboundEmails(
  deps: HostDeps,
  mailbox: MailboxRow,
  carrier: string,
  mails: readonly ParsedEmail[],
  cursor: MailCursor,
): Promise<BatchCounts> {
  const counts: BatchCounts = { stored: 0, duplicates: 0, bounces: 0, skipped: 0 };
  const candidates: Fresh[] = [];
  for (const mail of mails) {
    if (mail.bounce) {
      const outcome = await recordBounce(deps, mailbox, mail.bounce);
      if (outcome.kind === 'bounce') counts.bounces++;
      else counts.skipped++;
    } else if (!mail.from) counts.skipped++;
    else candidates.push({ mail: mail as Fresh['mail'], id: crypto.randomUUID() });
  }
  const known = new Set(
    candidates.length === 0
      ? []
      : (
          await deps.db
            .select({ id: emailMessages.rfcMessageId })
            .from(emailMessages)
            .where(
              and(
                eq(emailMessages.teamId, mailbox.teamId),
                inArray(emailMessages.rfcMessageId, [...new Set(candidates.map((c) => c.mail.messageId))]),
              ),
            )
        ).map((r) => r.id),
  );
  const fresh: Fresh[] = [];
  for (const c of candidates) {
    if (known.has(c.mail.messageId)) counts.duplicates++;
    else {
      known.add(c.mail.messageId);
      fresh.push(c);
    }
  }
  if (fresh.length === 0) {
    await saveCursor(deps.db, mailbox.id, cursor);
    return counts;
  }

  // The batch's files written at once (a store's latency, not its bandwidth, was the wait); when
  // one fails, those written are deleted and nothing of the batch is recorded.
  const files = new Map<string, EmailAttachmentField[]>();
  const writes = await Promise.allSettled(
    fresh.map(async (f) => {
      files.set(f.id, await storeMailFiles(deps, mailbox.organizationId, f.mail.attachments));
    }),
  );
  const failed = writes.find((w): w is PromiseRejectedResult => w.status === 'rejected');
  if (failed) {
    await deleteMailFiles(deps, [...files.values()].flat());
    throw failed.reason;
  }
  const byAddress = new Map<string, Fresh[]>();
  for (const f of fresh) {
    const list = byAddress.get(f.mail.from.address) ?? [];
    list.push(f);
    byAddress.set(f.mail.from.address, list);
  }

  const now = new Date();
  let written: { conversations: ConversationRow[]; messages: MessageRow[] };
  try {
    written = await deps.db.transaction(async (tx) => {
      const contactOf = await contactsOfSenders(tx, mailbox.organizationId, fresh);
      const opened = new Map(
        (
          await openEmailConversations(tx, {
            organizationId: mailbox.organizationId,
            teamId: mailbox.teamId,
            direction: 'inbound',
            now,
            opened: [...byAddress].map(([address, list]) => ({
              address,
              contactId: contactOf.get(address) ?? null,
              messages: list.length,
              lastMessageId: list[list.length - 1]!.id,
            })),
          })
        ).map((c) => [c.address, c]),
      );
      const rows = [...byAddress].flatMap(([address, list]) => {
        const conversation = opened.get(address)!;
        const firstSeq = conversation.lastSeq - list.length + 1;
        return list.map(({ mail, id }, i) => ({ mail, id, conversation, seq: firstSeq + i }));
      });
      const stored = await insertEmailMessages(
        tx,
        rows.map(({ mail, id, conversation, seq }) => ({
          id,
          ...inboundMessageValues(mailbox, carrier, mail, { conversationId: conversation.id, seq }, now),
        })),
      );
      await tx
        .insert(emailMessages)
        .values(
          rows.map(({ mail, id, conversation }) =>
            emailMessageRow(mailbox, mail, { id, conversationId: conversation.id }, files.get(id) ?? [], now),
          ),
        );
      await saveCursor(tx, mailbox.id, cursor);
      return { conversations: [...opened.values()], messages: stored };
    });
  } catch (error) {
    await deleteMailFiles(deps, [...files.values()].flat());
    if (!isUniqueViolation(error)) throw error;
    // Another process stored one of them meanwhile: each mail on its own, each stored once.
    for (const { mail } of fresh) {
      const outcome = await recordInboundEmail(deps, mailbox, carrier, mail);
      if (outcome.kind === 'stored') counts.stored++;
      else counts.duplicates++;
    }
    await saveCursor(deps.db, mailbox.id, cursor);
    return counts;
  }
  counts.stored += written.messages.length;
  await announceStored(deps, written);
  return counts;
}

/**
 * After the commit: `message:created` for each stored mail with its conversation (presented
 * once per conversation, as the batch left it), and its assignee notified as for a text. A
 * presentation that fails is logged: the mails are stored, the clients catch up on their next read.
 */
async function announceStored(
  deps: HostDeps,
  written: { conversations: ConversationRow[]; messages: MessageRow[] },
): Promise<void> {
  let views;
  try {
    views = await presentConversationRows(deps.db, written.conversations);
  } catch (error) {
    deps.log.warn({ err: error }, 'stored mails not announced');
    return;
  }
  const viewOf = new Map(views.map((v) => [v.id, v]));
  for (const row of [...written.messages].sort((a, b) => a.seq - b.seq)) {
    const view = viewOf.get(row.conversationId);
    if (!view) continue;
    announceMessageCreated(deps, presentMessage(row), view);
    notifyAssigneeOfInboundText(deps, view);
  }
}
