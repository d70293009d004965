import {
  AppError,
  EMAIL_REPLY_ATTACHMENTS_MAX_BYTES,
  EMAIL_SUBJECT_MAX_CHARS,
  type EmailProvider,
  type Message,
  type SendEmailFields,
} from '@accueil/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { TOKEN_REFUSED } from '../../carriers/email-channel/mail-api-request';
import { CarrierError, type OutboundAttachment } from '../../carriers/email-channel/email-channel-carrier';
import { emailMessages, teamMailboxes } from '../../db/schema/email';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import {
  claimAssigneeOnReply,
  claimConversationSeq,
  getConversationAddress,
  loadConversationViewById,
  setLastMessage,
} from '../conversations/index';
import {
  announceMessageCreated,
  insertEmailMessage,
  presentMessage,
  refuseIfRepliedMeanwhile,
} from '../messages/index';
import { deleteMailFiles, storeMailFiles } from './email-attachments';
import { emailCarrierMessageId } from './record-inbound-email';
import { carrierForVendor } from './mailbox-carriers';
import { expireAccessToken, liveMailboxAccount } from './mailbox-grant';
import { findMailboxById, findTeamMailbox } from './mailboxes';
import { announceMailboxStatus } from './mailbox-status';
import { userEmailSignature } from './user-email-signature';

/** Most Message-IDs a reply's References carries (the thread's first and the newest). */
const MAX_REFERENCES = 20;

/** `Re: ` before a subject that does not start with it already (in any case). */
function replySubject(subject: string): string {
  return /^re\s*:/i.test(subject) ? subject : `Re: ${subject}`.slice(0, EMAIL_SUBJECT_MAX_CHARS);
}

/**
 * `POST /api/email-sync/:provider/send/:id` (docs/behaviour/email.md, "Replying"): the user
 * replies to the e-mail conversation `id` from the team's mailbox. The reply answers the
 * conversation's newest mail (In-Reply-To its Message-ID, References its thread), to the
 * conversation's address, with the subject given or `Re:` the thread's, the body followed by
 * the user's signature (`emailSignature`, after `-- `) and the files (together at most
 * `EMAIL_REPLY_ATTACHMENTS_MAX_BYTES`, kept in the storage carrier). Sent first, then stored as
 * an outbound message (`sent`) with its details, and announced like a text. As a text's reply,
 * it makes the replying member the assignee of an unassigned conversation of a team that
 * auto-assigns (docs/behaviour/assignment.md, "Auto-assign"), in the same transaction.
 * @throws AppError 'not-found' (conversation; provider other than the mailbox's),
 *   'validation-failed' (not an e-mail conversation; `inboxEmail` not the team's mailbox),
 *   'payload-too-large', 'mailbox-disconnected' (no valid mailbox, or its sign-in refused now),
 *   'replied-meanwhile' (409: with `seenSeq` and not `sendAnyway`, another user replied above it),
 *   'mail-unavailable' (the server did not take it; nothing stored).
 */
export async function sendEmailReply(
  deps: AppDeps,
  ctx: RequestContext,
  input: {
    provider: EmailProvider;
    conversationId: string;
    fields: SendEmailFields;
    files: OutboundAttachment[];
  },
): Promise<Message> {
  const conversation = await getConversationAddress(deps.db, ctx, input.conversationId, 'message.send');
  if (conversation.channel !== 'email')
    throw new AppError('validation-failed', 'This conversation is not an e-mail conversation', {
      field: 'id',
    });
  const total = input.files.reduce((sum, f) => sum + f.content.length, 0);
  if (total > EMAIL_REPLY_ATTACHMENTS_MAX_BYTES)
    throw new AppError(
      'payload-too-large',
      'The cumulative size of attachments must not exceed 20 megabytes.',
    );
  const mailbox = await findTeamMailbox(deps.db, ctx.organizationId, conversation.teamId);
  if (!mailbox || !mailbox.valid)
    throw new AppError(
      'mailbox-disconnected',
      'This group has been disconnected from your email provider, please reconnect your email.',
    );
  const carrier = carrierForVendor(deps, mailbox.vendor);
  if (mailbox.vendor !== input.provider || !carrier)
    throw new AppError('not-found', `No ${input.provider} mailbox for this team`);
  if (input.fields.inboxEmail.toLowerCase() !== mailbox.address)
    throw new AppError('validation-failed', 'inboxEmail is not this team’s mailbox', { field: 'inboxEmail' });

  // Before sending: a mail cannot be called back (docs/behaviour/notes-and-presence.md, "Replied meanwhile").
  if (input.fields.seenSeq !== undefined && input.fields.sendAnyway !== 'true')
    await refuseIfRepliedMeanwhile(deps.db, ctx, conversation.id, input.fields.seenSeq);

  const [last] = await deps.db
    .select({
      rfcMessageId: emailMessages.rfcMessageId,
      references: emailMessages.references,
      subject: emailMessages.subject,
    })
    .from(emailMessages)
    .where(and(eq(emailMessages.conversationId, conversation.id)))
    .orderBy(desc(emailMessages.createdAt))
    .limit(1);
  const references = last ? [...last.references, last.rfcMessageId] : [];
  const keptReferences =
    references.length > MAX_REFERENCES
      ? [references[0]!, ...references.slice(-(MAX_REFERENCES - 1))]
      : references;
  const subject = input.fields.subject.trim() || replySubject(last?.subject ?? '');

  const { signature, authorName, authorEmail } = await userEmailSignature(deps, ctx);
  const text = signature ? `${input.fields.body}\n\n-- \n${signature}` : input.fields.body;
  const domain = mailbox.address.split('@')[1] ?? 'accueil.localhost';
  const rfcMessageId = `<${crypto.randomUUID()}@${domain}>`;

  const mail = {
    messageId: rfcMessageId,
    from: authorName ? `"${authorName.replace(/["\\]/g, '')}" <${mailbox.address}>` : mailbox.address,
    to: [conversation.address],
    subject,
    text,
    inReplyTo: last?.rfcMessageId,
    references: keptReferences.length > 0 ? keptReferences : undefined,
    attachments: input.files,
  };
  try {
    try {
      await carrier.send(await liveMailboxAccount(deps, mailbox), mail);
    } catch (error) {
      if (!(error instanceof CarrierError && error.carrierCode === TOKEN_REFUSED)) throw error;
      // The access token was refused (revoked, rotated early): refreshed and sent once more at
      // once, as a sync round does — a refused refresh then disconnects, a granted one sends.
      await expireAccessToken(deps, mailbox);
      await carrier.send(
        await liveMailboxAccount(deps, (await findMailboxById(deps.db, mailbox.id)) ?? mailbox),
        mail,
      );
    }
  } catch (error) {
    if (error instanceof CarrierError && error.carrierCode === TOKEN_REFUSED)
      await expireAccessToken(deps, mailbox);
    if (error instanceof CarrierError && error.kind === 'auth') {
      await deps.db
        .update(teamMailboxes)
        .set({ valid: false, lastError: `auth: ${error.message}`.slice(0, 500), updatedAt: new Date() })
        .where(eq(teamMailboxes.id, mailbox.id));
      await announceMailboxStatus(deps, ctx.organizationId, mailbox.teamId);
      throw new AppError(
        'mailbox-disconnected',
        'This group has been disconnected from your email provider, please reconnect your email.',
      );
    }
    throw new AppError(
      'mail-unavailable',
      `The mail server did not take the reply: ${(error as Error).message}`,
    );
  }

  const attachments = await storeMailFiles(
    deps,
    ctx.organizationId,
    input.files.map((f) => ({ ...f, contentId: null })),
  );
  try {
    const now = new Date();
    const message = await transactionWithEvents(deps, async (tx) => {
      const row = await claimConversationSeq(tx, ctx, conversation.id);
      const stored = await insertEmailMessage(tx, {
        organizationId: ctx.organizationId,
        conversationId: conversation.id,
        seq: row.lastSeq,
        direction: 'outbound',
        author: authorEmail ?? mailbox.address,
        authorName,
        authorUserId: ctx.userId,
        from: mailbox.address,
        to: conversation.address,
        body: text,
        carrier: mailbox.vendor,
        carrierMessageId: emailCarrierMessageId(mailbox.teamId, rfcMessageId),
        now,
      });
      await tx.insert(emailMessages).values({
        messageId: stored.id,
        organizationId: ctx.organizationId,
        teamId: mailbox.teamId,
        conversationId: conversation.id,
        rfcMessageId,
        inReplyTo: last?.rfcMessageId ?? null,
        references: keptReferences,
        threadId: keptReferences[0] ?? rfcMessageId,
        subject,
        from: { address: mailbox.address, name: authorName ?? '' },
        to: [{ address: conversation.address, name: '' }],
        cc: [],
        html: null,
        text,
        automatic: false,
        attachments,
        createdAt: now,
      });
      await setLastMessage(tx, conversation.id, stored.id);
      // An assigned conversation keeps its assignee: the claim only takes an unassigned one.
      await claimAssigneeOnReply(tx, ctx, {
        id: conversation.id,
        teamId: conversation.teamId,
        assigneeId: null,
      });
      return stored;
    });
    const view = await loadConversationViewById(deps.db, conversation.id);
    const presented = presentMessage(message);
    if (view) announceMessageCreated(deps, presented, view);
    return presented;
  } catch (error) {
    await deleteMailFiles(deps, attachments);
    throw error;
  }
}
