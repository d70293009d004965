import { EMAIL_SYNC_BATCH } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { CarrierError, type MailCursor } from '../../carriers/email-channel/email-channel-carrier';
import { TOKEN_REFUSED } from '../../carriers/email-channel/mail-api-request';
import { teamMailboxes } from '../../db/schema/email';
import { carrierForVendor } from './mailbox-carriers';
import { expireAccessToken, liveMailboxAccount } from './mailbox-grant';
import { findMailboxById } from './mailboxes';
import { announceMailboxStatus } from './mailbox-status';
import { parseInboundEmail, type ParsedEmail } from './parse-inbound-email';
import { recordInboundEmail } from './record-inbound-email';
import { authenticateMail } from './mail-authentication';
import { SANDBOX_CHANNEL_CARRIER_NAME } from '../../carriers/email-channel/sandbox/sandbox-channel-carrier';

/**
 * How long one sync run goes on fetching batches of `EMAIL_SYNC_BATCH` mails (ms): a mailbox of
 * thousands of mails is read in one run rather than 1,000 a minute; past it, the next run
 * (IDLE, the minute's job) goes on from the cursor.
 */
const RUN_BUDGET_MS = 120_000;

/** What one sync run did (the job's output). */
export type SyncOutcome = {
  outcome: 'synced' | 'not-connected' | 'disconnected';
  stored: number;
  duplicates: number;
  /** Bounces attached to the replies they answer. */
  bounces: number;
  skipped: number;
};

/**
 * Brings a team's mailbox into its inbox (docs/behaviour/email.md, "Sync"): fetches the INBOX
 * after the stored cursor by batches, records each mail (`recordInboundEmail`: stored once even
 * when fetched twice), and saves the cursor after each batch, so a run that stops (a crash, a
 * restart) goes on from there with nothing lost or duplicated. Runs inside the `sync-mailbox`
 * job, one at a time per mailbox across processes. Only a refused sign-in (`auth`: IMAP's
 * credentials, or a Google/Microsoft grant whose refresh the provider refused) marks the mailbox
 * disconnected (`valid: false`); any other failure is noted (`lastError`) and thrown, for the
 * job's retries: a network blip never disconnects a team. An access token the API refused (401)
 * is refreshed on the next try. A mailbox of a vendor this server does not have, disconnected
 * or gone, is left alone.
 * @throws CarrierError on a failure other than `auth`.
 */
export async function syncMailbox(deps: AppDeps, mailboxId: string): Promise<SyncOutcome> {
  const counts = { stored: 0, duplicates: 0, bounces: 0, skipped: 0 };
  const mailbox = await findMailboxById(deps.db, mailboxId);
  const carrier = mailbox && carrierForVendor(deps, mailbox.vendor);
  if (!mailbox || !carrier) return { outcome: 'not-connected', ...counts };
  if (!mailbox.valid) return { outcome: 'disconnected', ...counts };
  let cursor: MailCursor | null = mailbox.uidValidity
    ? { uidValidity: mailbox.uidValidity, lastUid: mailbox.lastUid }
    : null;
  let tokenRetried = false;
  const started = Date.now();
  while (Date.now() - started < RUN_BUDGET_MS) {
    let batch;
    try {
      // The account each round: a Google/Microsoft access token may need refreshing in a long run.
      const account = await liveMailboxAccount(deps, (await findMailboxById(deps.db, mailbox.id)) ?? mailbox);
      batch = await carrier.fetchSince(account, cursor, EMAIL_SYNC_BATCH);
    } catch (error) {
      const failure = error instanceof CarrierError ? error : new CarrierError('temporary', String(error));
      if (failure.carrierCode === TOKEN_REFUSED && !tokenRetried) {
        // The access token was refused (revoked, rotated early): refresh it and try once more at
        // once — a refused refresh then disconnects, a granted one goes on.
        tokenRetried = true;
        await expireAccessToken(deps, (await findMailboxById(deps.db, mailbox.id)) ?? mailbox);
        continue;
      }
      await deps.db
        .update(teamMailboxes)
        .set({
          lastError: `${failure.kind}: ${failure.message}`.slice(0, 500),
          ...(failure.kind === 'auth' ? { valid: false } : {}),
          updatedAt: new Date(),
        })
        .where(eq(teamMailboxes.id, mailbox.id));
      if (failure.kind === 'auth') {
        deps.log.warn({ mailboxId, teamId: mailbox.teamId }, 'mailbox sign-in refused: disconnected');
        await announceMailboxStatus(deps, mailbox.organizationId, mailbox.teamId);
        return { outcome: 'disconnected', ...counts };
      }
      throw failure;
    }
    for (const fetched of batch.mails) {
      let parsed: ParsedEmail;
      try {
        parsed = await parseInboundEmail(fetched.raw);
        // The sandbox's contacts write from made-up domains: nothing to verify there.
        if (carrier.name !== SANDBOX_CHANNEL_CARRIER_NAME && !parsed.bounce)
          parsed.authentication = await authenticateMail(fetched.raw);
      } catch (error) {
        // mailparser reads almost anything; a mail it cannot read at all is skipped, not retried forever.
        deps.log.warn({ err: error, mailboxId, uid: fetched.uid }, 'unreadable mail skipped');
        counts.skipped++;
        continue;
      }
      const outcome = await recordInboundEmail(deps, mailbox, carrier.name, parsed);
      if (outcome.kind === 'stored') counts.stored++;
      else if (outcome.kind === 'duplicate') counts.duplicates++;
      else if (outcome.kind === 'bounce') counts.bounces++;
      else counts.skipped++;
    }
    cursor = batch.cursor;
    await deps.db
      .update(teamMailboxes)
      .set({
        uidValidity: cursor.uidValidity,
        lastUid: cursor.lastUid,
        lastSyncedAt: new Date(),
        lastError: null,
        updatedAt: new Date(),
      })
      .where(eq(teamMailboxes.id, mailbox.id));
    if (!batch.more) break;
  }
  return { outcome: 'synced', ...counts };
}
