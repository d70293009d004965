import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { emailMessages } from '../../db/schema/email';
import { applyCarrierStatus } from '../messages/index';
import type { Bounce } from './detect-bounce';
import type { MailboxRow } from './mailboxes';
import { emailCarrierMessageId } from './record-inbound-email';

/** The error code of a reply a bounce came back for (`messages.error_code`). */
export const EMAIL_BOUNCED = 'email-bounced';

/** What became of a bounce: attached to the team's reply it answers, or matched to none (dropped, logged). */
export type BounceOutcome =
  { kind: 'bounce'; messageId: string } | { kind: 'skipped'; reason: 'bounce-unmatched' };

/**
 * A bounce fetched from a team's mailbox (docs/behaviour/email.md, "Bounces"): the team's reply
 * it names (by the Message-ID we gave it) shows as failed with the report's reason
 * (`email_messages.delivery_error`, the message `failed` with `email-bounced`, announced as
 * `message:updated`). No contact, conversation or message is made of the bounce itself; one
 * that names none of our mails is dropped (logged). Fetched twice, it changes nothing more.
 */
export async function recordBounce(
  deps: HostDeps,
  mailbox: MailboxRow,
  bounce: Bounce,
): Promise<BounceOutcome> {
  const candidates =
    bounce.originalMessageIds.length === 0
      ? []
      : await deps.db
          .select({
            messageId: emailMessages.messageId,
            rfcMessageId: emailMessages.rfcMessageId,
            from: emailMessages.from,
          })
          .from(emailMessages)
          .where(
            and(
              eq(emailMessages.teamId, mailbox.teamId),
              inArray(emailMessages.rfcMessageId, bounce.originalMessageIds),
            ),
          );
  // The team's own mails: sent from its address.
  const original = candidates.find((row) => row.from.address === mailbox.address);
  if (!original) {
    deps.log.info({ mailboxId: mailbox.id }, 'bounce about no mail of ours: dropped');
    return { kind: 'skipped', reason: 'bounce-unmatched' };
  }
  // The first report's reason is kept (a second bounce of the same mail says the same).
  await deps.db
    .update(emailMessages)
    .set({ deliveryError: bounce.reason })
    .where(and(eq(emailMessages.messageId, original.messageId), isNull(emailMessages.deliveryError)));
  // A reply is stored with its vendor as carrier and the team and Message-ID as carrier id.
  await applyCarrierStatus(deps, {
    carrier: mailbox.vendor,
    carrierMessageId: emailCarrierMessageId(mailbox.teamId, original.rfcMessageId),
    status: 'failed',
    errorCode: EMAIL_BOUNCED,
  });
  return { kind: 'bounce', messageId: original.messageId };
}
