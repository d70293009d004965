import { AppError, SCHEDULED_SEND_MAX_ATTEMPTS, type ErrorCode } from '@accueil/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { scheduledMessageSends, scheduledMessages } from '../../db/schema/scheduled-messages';
import type { JobOutput } from '../../jobs/job-definition';
import { publishSafely } from '../../realtime/publish-safely';
import { rooms } from '../../realtime/publisher';
import { openConversationsInBulk, openedKey } from '../conversations/index';
import { sendMessagesInBulk, type BulkText, type BulkTextResult } from '../messages/index';
import { findUserAccount } from '../users/index';
import { deferSends } from './defer-scheduled-sends';
import { RETRYABLE_CODES, runScheduledSend, scheduledSendKey } from './run-scheduled-send';
import type { ScheduledMessageRow, ScheduledSendRow } from './scheduled-messages.presenter';

/** What one send of a batch became: the job's output, or the error that fails its job (pg-boss retries it). */
export type BatchOutcome = JobOutput | Error;

type Run = { send: ScheduledSendRow; message: ScheduledMessageRow };
type Outcome = { state: 'sent' | 'failed'; errorCode: string | null; messageId: string | null };

/** The texting core's bulk send, replaceable in tests (to make it fail). */
export type SendTexts = (
  deps: AppDeps,
  organizationId: string,
  texts: readonly BulkText[],
) => Promise<BulkTextResult[]>;

/**
 * Runs many sends of one organisation's scheduled messages together (the batched
 * `send-scheduled-message` path; docs/behaviour/scheduled-messages.md, "Batched sending"), with
 * the rules of `runScheduledSend` for each:
 * 1. claims them in one transaction: the rows locked in id order, those `scheduled` become
 *    `sending` with one more attempt (one statement), those `sending` are resumed with their
 *    attempt, those gone or settled are skipped (`gone` / `done`; a send twice in the batch runs once);
 * 2. opens the missing conversations in bulk (a message scheduled from a contact) and hands the
 *    texts to the texting core's bulk send (`sendMessagesInBulk`, key `scheduled:<send id>:<attempt>`);
 *    a text it leaves `one-by-one` (its rules refuse the fast path) goes through `runScheduledSend`;
 *    a text it answers `later` (its number's send slots are taken) goes back to `scheduled` with a
 *    job starting at its slot (`deferSends`; outcome `later`);
 * 3. settles them in one transaction (`sent` with the text, `failed` with the carrier's code) and
 *    announces `scheduled-message:settled` for each.
 * An unexpected error (database, carrier unreachable) in step 2 puts the batch's claimed sends back
 * to `scheduled` and answers that error for each (pg-boss runs their jobs again with backoff), or
 * fails them for good at `SCHEDULED_SEND_MAX_ATTEMPTS`. Answers one outcome per id, in order
 * (`{ outcome, attempts }` like `runScheduledSend`).
 */
export async function runScheduledSends(
  deps: AppDeps,
  organizationId: string,
  sendIds: readonly string[],
  sendTexts: SendTexts = sendMessagesInBulk,
): Promise<BatchOutcome[]> {
  const claimed = await claimSends(deps, organizationId, sendIds);
  const outcomes = new Map<string, BatchOutcome>();
  for (const [id, reason] of claimed.skipped) outcomes.set(id, { outcome: reason, attempts: 0 });
  const runs = claimed.runs;
  if (runs.length > 0) {
    const settled = new Map<string, Outcome>();
    const oneByOne: Run[] = [];
    const later: { send: ScheduledSendRow; at: Date }[] = [];
    try {
      const texts = await textsOf(deps, organizationId, runs, settled);
      const sendable = runs.filter((r) => texts.has(r.send.id));
      const answers = await sendTexts(
        deps,
        organizationId,
        sendable.map((r) => texts.get(r.send.id)!),
      );
      for (const [n, r] of sendable.entries()) {
        const a = answers[n]!;
        if (a.kind === 'one-by-one') oneByOne.push(r);
        else if (a.kind === 'later') later.push({ send: r.send, at: a.at });
        else if (a.message.status === 'failed')
          settled.set(r.send.id, {
            state: 'failed',
            errorCode: a.message.errorCode ?? 'failed',
            messageId: a.message.id,
          });
        else settled.set(r.send.id, { state: 'sent', errorCode: null, messageId: a.message.id });
      }
    } catch (err) {
      await retryOrFail(
        deps,
        runs.filter((r) => !settled.has(r.send.id)),
        err,
        settled,
        outcomes,
      );
    }
    await settleAll(
      deps,
      runs.filter((r) => settled.has(r.send.id)),
      settled,
    );
    await deferSends(deps, later);
    for (const l of later) outcomes.set(l.send.id, { outcome: 'later', attempts: l.send.attempts - 1 });
    for (const r of runs) {
      const s = settled.get(r.send.id);
      if (s && !outcomes.has(r.send.id))
        outcomes.set(r.send.id, { outcome: s.state, attempts: r.send.attempts });
    }
    // Resumed by the one-text path: the send is `sending`, so it keeps this attempt and its key.
    for (const r of oneByOne)
      outcomes.set(
        r.send.id,
        await runScheduledSend(deps, { organizationId, sendId: r.send.id }).catch((err: unknown) =>
          asError(err),
        ),
      );
  }
  return sendIds.map((id) => outcomes.get(id) ?? { outcome: 'done', attempts: 0 });
}

/** The claim of a batch: the runs, and the ids skipped with their reason. */
async function claimSends(
  deps: AppDeps,
  organizationId: string,
  sendIds: readonly string[],
): Promise<{ runs: Run[]; skipped: Map<string, 'gone' | 'done'> }> {
  const ids = [...new Set(sendIds)];
  return deps.db.transaction(async (tx) => {
    const skipped = new Map<string, 'gone' | 'done'>(ids.map((id) => [id, 'gone']));
    const sends = await tx
      .select()
      .from(scheduledMessageSends)
      .where(
        and(eq(scheduledMessageSends.organizationId, organizationId), inArray(scheduledMessageSends.id, ids)),
      )
      .orderBy(asc(scheduledMessageSends.id))
      .for('update');
    const open = sends.filter((s) => {
      if (s.state !== 'sent' && s.state !== 'failed') return true;
      skipped.set(s.id, 'done');
      return false;
    });
    if (open.length === 0) return { runs: [], skipped };
    const messages = new Map(
      (
        await tx
          .select()
          .from(scheduledMessages)
          .where(inArray(scheduledMessages.id, [...new Set(open.map((s) => s.scheduledMessageId))]))
      ).map((m) => [m.id, m]),
    );
    const live = open.filter((s) => messages.has(s.scheduledMessageId));
    const toClaim = live.filter((s) => s.state === 'scheduled').map((s) => s.id);
    const claimedRows =
      toClaim.length === 0
        ? []
        : await tx
            .update(scheduledMessageSends)
            .set({ state: 'sending', attempts: sql`${scheduledMessageSends.attempts} + 1` })
            .where(inArray(scheduledMessageSends.id, toClaim))
            .returning();
    const claimedById = new Map(claimedRows.map((s) => [s.id, s]));
    const runs = live.map((s) => ({
      send: claimedById.get(s.id) ?? s,
      message: messages.get(s.scheduledMessageId)!,
    }));
    for (const r of runs) skipped.delete(r.send.id);
    return { runs, skipped };
  });
}

/**
 * The text of each run (by send id): its conversation (opened in bulk when it has none, and
 * remembered on the scheduled message), its author and team, its key. A run whose author is gone
 * is settled `failed` ('not-found') in `settled` and gets no text.
 */
async function textsOf(
  deps: AppDeps,
  organizationId: string,
  runs: readonly Run[],
  settled: Map<string, Outcome>,
): Promise<Map<string, BulkText>> {
  const accounts = new Map<string, boolean>();
  for (const id of new Set(
    runs.flatMap((r) => (r.message.createdByUserId ? [r.message.createdByUserId] : [])),
  )) {
    accounts.set(id, (await findUserAccount(deps, id)) !== null);
  }
  const withAuthor = runs.filter((r) => {
    if (r.message.createdByUserId && accounts.get(r.message.createdByUserId)) return true;
    settled.set(r.send.id, { state: 'failed', errorCode: 'not-found', messageId: null });
    return false;
  });
  const toOpen = withAuthor.filter((r) => !r.message.conversationId);
  const opened = await openConversationsInBulk(
    deps.db,
    organizationId,
    toOpen.map((r) => ({ teamId: r.message.teamId, phone: r.message.toPhone })),
  );
  const remembered = toOpen.flatMap((r) => {
    const conversationId = opened.get(openedKey({ teamId: r.message.teamId, phone: r.message.toPhone }));
    return conversationId ? [{ id: r.message.id, c: conversationId }] : [];
  });
  if (remembered.length > 0) {
    await deps.db.execute(
      sql`UPDATE scheduled_messages SET conversation_id = v.c FROM jsonb_to_recordset(${JSON.stringify(remembered)}::jsonb) AS v(id uuid, c uuid) WHERE scheduled_messages.id = v.id`,
    );
  }
  const texts = new Map<string, BulkText>();
  for (const r of withAuthor) {
    const conversationId =
      r.message.conversationId ??
      opened.get(openedKey({ teamId: r.message.teamId, phone: r.message.toPhone }));
    if (!conversationId) continue; // left to the one-text path, which reports why
    r.message = { ...r.message, conversationId };
    texts.set(r.send.id, {
      conversationId,
      teamId: r.message.teamId,
      userId: r.message.createdByUserId!,
      body: r.message.body,
      idempotencyKey: scheduledSendKey(r.send.id, r.send.attempts),
    });
  }
  return texts;
}

/**
 * After an unexpected error: the runs not settled go back to `scheduled` (one statement) and their
 * jobs fail with `err` (pg-boss runs them again), or, at their last attempt or for an error no
 * retry mends, they are settled `failed` with its code.
 */
async function retryOrFail(
  deps: AppDeps,
  runs: readonly Run[],
  err: unknown,
  settled: Map<string, Outcome>,
  outcomes: Map<string, BatchOutcome>,
): Promise<void> {
  const code: ErrorCode = err instanceof AppError ? err.code : 'internal';
  deps.log.error({ err, sends: runs.length }, 'a batch of scheduled sends failed');
  const again = RETRYABLE_CODES.includes(code)
    ? runs.filter((r) => r.send.attempts < SCHEDULED_SEND_MAX_ATTEMPTS)
    : [];
  if (again.length > 0) {
    await deps.db
      .update(scheduledMessageSends)
      .set({ state: 'scheduled', errorCode: code })
      .where(
        and(
          inArray(
            scheduledMessageSends.id,
            again.map((r) => r.send.id),
          ),
          eq(scheduledMessageSends.state, 'sending'),
        ),
      );
  }
  for (const r of runs) {
    if (again.includes(r)) outcomes.set(r.send.id, asError(err));
    else settled.set(r.send.id, { state: 'failed', errorCode: code, messageId: null });
  }
}

/**
 * Stores the outcomes in one transaction (the sends, and for message sends the scheduled
 * messages' state), then announces `scheduled-message:settled` for each to its team's room.
 */
async function settleAll(deps: AppDeps, runs: readonly Run[], settled: Map<string, Outcome>): Promise<void> {
  if (runs.length === 0) return;
  const now = new Date().toISOString();
  const sends = JSON.stringify(runs.map((r) => ({ id: r.send.id, ...settled.get(r.send.id)! })));
  const own = JSON.stringify(
    runs
      .filter((r) => r.send.kind === 'message')
      .map((r) => ({ id: r.message.id, ...settled.get(r.send.id)! })),
  );
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE scheduled_message_sends SET state = v.state, error_code = v."errorCode", message_id = v."messageId",
        sent_at = CASE WHEN v.state = 'sent' THEN ${now}::timestamptz END
      FROM jsonb_to_recordset(${sends}::jsonb) AS v(id uuid, state text, "errorCode" text, "messageId" uuid) WHERE scheduled_message_sends.id = v.id`);
    await tx.execute(sql`UPDATE scheduled_messages SET state = v.state, error_code = v."errorCode", updated_at = ${now}::timestamptz
      FROM jsonb_to_recordset(${own}::jsonb) AS v(id uuid, state text, "errorCode" text) WHERE scheduled_messages.id = v.id`);
  });
  for (const r of runs) {
    const s = settled.get(r.send.id)!;
    const event = {
      scheduledMessageId: r.message.id,
      teamId: r.message.teamId,
      conversationId: r.message.conversationId,
      kind: r.send.kind,
      state: s.state,
      errorCode: s.errorCode,
    };
    publishSafely(deps, () =>
      deps.realtime.publish(rooms.team(r.message.teamId), 'scheduled-message:settled', event),
    );
  }
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}
