import { EMAIL_SYNC_BATCH } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import {
  CarrierError,
  type FetchedBatch,
  type FetchedMail,
  type MailCursor,
} from '../../carriers/email-channel/email-channel-carrier';
import { TOKEN_REFUSED } from '../../carriers/email-channel/mail-api-request';
import { teamMailboxes } from '../../db/schema/email';
import { carrierForVendor } from './mailbox-carriers';
import { expireAccessToken, liveMailboxAccount } from './mailbox-grant';
import { findMailboxById } from './mailboxes';
import { announceMailboxStatus } from './mailbox-status';
import { parseInboundEmail, type ParsedEmail } from './parse-inbound-email';
import { recordInboundEmails } from './record-inbound-emails';
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
 * A batch's fetched mails parsed (`parseInboundEmail`) and, unless from the sandbox or a bounce,
 * their senders verified (`authenticateMail`), all of the batch at once: the DNS look-ups of
 * one mail wait while the others are read. A mail that cannot be read at all is left out
 * (logged), not retried forever. In fetch (UID) order.
 */
async function parseBatch(
  deps: AppDeps,
  mailboxId: string,
  carrier: string,
  mails: readonly FetchedMail[],
): Promise<ParsedEmail[]> {
  const parsed = await Promise.all(
    mails.map(async (fetched) => {
      try {
        const mail = await parseInboundEmail(fetched.raw);
        // The sandbox's contacts write from made-up domains: nothing to verify there.
        if (carrier !== SANDBOX_CHANNEL_CARRIER_NAME && !mail.bounce)
          mail.authentication = await authenticateMail(fetched.raw);
        return mail;
      } catch (error) {
        // mailparser reads almost anything; a mail it cannot read at all is skipped.
        deps.log.warn({ err: error, mailboxId, uid: fetched.uid }, 'unreadable mail skipped');
        return null;
      }
    }),
  );
  return parsed.filter((m): m is ParsedEmail => m !== null);
}

/**
 * Brings a team's mailbox into its inbox (docs/behaviour/email.md, "Sync"): fetches the INBOX
 * after the stored cursor by batches (the next one fetched while the current one is parsed and
 * recorded), parses each batch at once (`parseBatch`) and records it, in order, with the cursor
 * after it in one transaction (`recordInboundEmails`: a mail is stored once even when fetched
 * twice), so a run that stops (a crash, a kill) goes on from the last batch
 * stored with nothing lost or duplicated. Runs inside the `sync-mailbox`
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
  const withinBudget = () => Date.now() - started < RUN_BUDGET_MS;
  const fetchBatch = async (from: MailCursor | null): Promise<FetchedBatch> => {
    // The account each round: a Google/Microsoft access token may need refreshing in a long run.
    const account = await liveMailboxAccount(deps, (await findMailboxById(deps.db, mailbox.id)) ?? mailbox);
    return carrier.fetchSince(account, from, EMAIL_SYNC_BATCH);
  };
  // The next batch, read while the current one is parsed and recorded (the fetch waits on the
  // mail server, the rest on the CPU and the database); recorded strictly in order all the same.
  let prefetched: Promise<FetchedBatch> | null = null;
  while (withinBudget()) {
    let batch: FetchedBatch;
    const fetchStart = performance.now();
    try {
      batch = await (prefetched ?? fetchBatch(cursor));
    } catch (error) {
      prefetched = null;
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
    prefetched = null;
    if (batch.more && withinBudget()) {
      prefetched = fetchBatch(batch.cursor);
      // Its failure is handled when it is awaited, at the next round; none if this round throws.
      prefetched.catch(() => {});
    }
    const parseStart = performance.now();
    const parsed = await parseBatch(deps, mailboxId, carrier.name, batch.mails);
    counts.skipped += batch.mails.length - parsed.length;
    const recordStart = performance.now();
    const recorded = await recordInboundEmails(deps, mailbox, carrier.name, parsed, batch.cursor);
    // Where a batch's time goes (docs/benchmarks.md profiles the sync with these).
    deps.log.debug(
      {
        mailboxId,
        mails: batch.mails.length,
        fetchMs: Math.round(parseStart - fetchStart),
        parseMs: Math.round(recordStart - parseStart),
        recordMs: Math.round(performance.now() - recordStart),
      },
      'mailbox batch synced',
    );
    counts.stored += recorded.stored;
    counts.duplicates += recorded.duplicates;
    counts.bounces += recorded.bounces;
    counts.skipped += recorded.skipped;
    cursor = batch.cursor;
    if (!batch.more) break;
  }
  return { outcome: 'synced', ...counts };
}
