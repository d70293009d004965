import { AppError, SCHEDULED_SEND_MAX_ATTEMPTS, type ErrorCode } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { scheduledMessageSends, scheduledMessages } from '../../db/schema/scheduled-messages';
import type { RequestContext } from '../../http/request-context';
import type { JobOutput } from '../../jobs/job-definition';
import { publishSafely } from '../../realtime/publish-safely';
import { rooms } from '../../realtime/publisher';
import { createConversation } from '../conversations/index';
import { sendMessage } from '../messages/index';
import { findUserAccount } from '../users/index';
import type { ScheduledMessageRow, ScheduledSendRow } from './scheduled-messages.presenter';

/** Errors worth another run (the database or the carrier's network failed); any other is final. */
export const RETRYABLE_CODES: readonly ErrorCode[] = [
  'internal',
  'carrier-unavailable',
  'service-unavailable',
];

/** The idempotency key of one run of a send: a run resumed after a crash reuses it, a retry after a failure takes the next. */
export function scheduledSendKey(sendId: string, attempt: number): string {
  return `scheduled:${sendId}:${attempt}`;
}

type Claim =
  | { kind: 'skip'; reason: 'gone' | 'done' }
  | { kind: 'run'; send: ScheduledSendRow; message: ScheduledMessageRow };

/**
 * Runs one send of a scheduled message (the `send-scheduled-message` job; docs/behaviour/scheduled-messages.md):
 * 1. claims it: a send still `scheduled` becomes `sending` with one more attempt; one already
 *    `sending` (its process died mid-send) is resumed with the same attempt; one gone (edited,
 *    deleted) or settled is skipped;
 * 2. sends the text through the texting core's `sendMessage` as its author, from its team, with
 *    the idempotency key `scheduled:<send id>:<attempt>`: a resumed run replays what the dead one
 *    stored instead of sending again (at most one carrier call per attempt); a send scheduled from
 *    a contact first opens (or finds) the team's conversation with the number;
 * 3. settles it: `sent` with the text's id; `failed` with the carrier's code when the carrier
 *    refused the text, or with the error's code when it cannot be sent (no number, the author gone);
 *    an unexpected error (database, carrier unreachable) puts it back to `scheduled` and throws,
 *    so pg-boss runs it again later (30 s, 60 s, 120 s), and fails it for good after
 *    `SCHEDULED_SEND_MAX_ATTEMPTS` runs. The message's own send also sets the scheduled message's state.
 * Output: `{ outcome, attempts }`.
 */
export async function runScheduledSend(
  deps: AppDeps,
  payload: { organizationId: string; sendId: string },
): Promise<JobOutput> {
  const claim = await claimSend(deps, payload);
  if (claim.kind === 'skip') return { outcome: claim.reason, attempts: 0 };
  const { send } = claim;
  let message = claim.message;
  try {
    const ctx = await authorContext(deps, message);
    if (!message.conversationId)
      message = { ...message, conversationId: await openConversation(deps, ctx, message) };
    const sent = await sendMessage(deps, ctx, {
      conversationId: message.conversationId!,
      body: message.body,
      idempotencyKey: scheduledSendKey(send.id, send.attempts),
    });
    if (sent.message.status === 'failed') {
      await settle(deps, send, message, {
        state: 'failed',
        errorCode: sent.message.errorCode ?? 'failed',
        messageId: sent.message.id,
      });
      return { outcome: 'failed', attempts: send.attempts };
    }
    await settle(deps, send, message, { state: 'sent', errorCode: null, messageId: sent.message.id });
    return { outcome: 'sent', attempts: send.attempts };
  } catch (err) {
    const code: ErrorCode = err instanceof AppError ? err.code : 'internal';
    if (RETRYABLE_CODES.includes(code) && send.attempts < SCHEDULED_SEND_MAX_ATTEMPTS) {
      await deps.db
        .update(scheduledMessageSends)
        .set({ state: 'scheduled', errorCode: code })
        .where(and(eq(scheduledMessageSends.id, send.id), eq(scheduledMessageSends.state, 'sending')));
      throw err;
    }
    await settle(deps, send, message, { state: 'failed', errorCode: code, messageId: null });
    return { outcome: 'failed', attempts: send.attempts };
  }
}

async function claimSend(deps: AppDeps, payload: { organizationId: string; sendId: string }): Promise<Claim> {
  return deps.db.transaction(async (tx) => {
    const [send] = await tx
      .select()
      .from(scheduledMessageSends)
      .where(
        and(
          eq(scheduledMessageSends.organizationId, payload.organizationId),
          eq(scheduledMessageSends.id, payload.sendId),
        ),
      )
      .for('update');
    if (!send) return { kind: 'skip', reason: 'gone' } as const;
    if (send.state === 'sent' || send.state === 'failed') return { kind: 'skip', reason: 'done' } as const;
    const [message] = await tx
      .select()
      .from(scheduledMessages)
      .where(eq(scheduledMessages.id, send.scheduledMessageId));
    if (!message) return { kind: 'skip', reason: 'gone' } as const;
    if (send.state === 'sending') return { kind: 'run', send, message } as const;
    const [claimed] = await tx
      .update(scheduledMessageSends)
      .set({ state: 'sending', attempts: send.attempts + 1 })
      .where(eq(scheduledMessageSends.id, send.id))
      .returning();
    return { kind: 'run', send: claimed!, message } as const;
  });
}

/**
 * The author acting from the message's team, as if they sent it then: their account only (one
 * statement per send; the session's teams and abilities are not needed to send).
 * @throws AppError 'not-found' when the author is gone.
 */
async function authorContext(deps: AppDeps, message: ScheduledMessageRow): Promise<RequestContext> {
  const gone = () => new AppError('not-found', "The scheduled message's author no longer exists");
  if (!message.createdByUserId) throw gone();
  const user = await findUserAccount(deps, message.createdByUserId);
  if (!user) throw gone();
  return {
    organizationId: message.organizationId,
    userId: user.id,
    sessionId: `scheduled:${message.id}`,
    role: user.role,
    teamId: message.teamId,
  };
}

/** The team's conversation with the number (started now when there is none), remembered on the scheduled message. */
async function openConversation(
  deps: AppDeps,
  ctx: RequestContext,
  message: ScheduledMessageRow,
): Promise<string> {
  let conversationId: string;
  try {
    conversationId = (await createConversation(deps, ctx, { to: message.toPhone })).id;
  } catch (err) {
    const existing =
      err instanceof AppError && (err.code === 'conversation-exists' || err.code === 'conversation-archived')
        ? (err.details as { conversationId?: unknown } | undefined)?.conversationId
        : undefined;
    if (typeof existing !== 'string') throw err;
    conversationId = existing;
  }
  await deps.db.update(scheduledMessages).set({ conversationId }).where(eq(scheduledMessages.id, message.id));
  return conversationId;
}

/**
 * Stores a send's outcome, and for the message's own send the scheduled message's state; then
 * tells the team's open screens (`scheduled-message:settled`).
 */
async function settle(
  deps: AppDeps,
  send: ScheduledSendRow,
  message: ScheduledMessageRow,
  outcome: { state: 'sent' | 'failed'; errorCode: string | null; messageId: string | null },
): Promise<void> {
  const now = new Date();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(scheduledMessageSends)
      .set({
        state: outcome.state,
        errorCode: outcome.errorCode,
        messageId: outcome.messageId,
        sentAt: outcome.state === 'sent' ? now : null,
      })
      .where(eq(scheduledMessageSends.id, send.id));
    if (send.kind === 'message') {
      await tx
        .update(scheduledMessages)
        .set({ state: outcome.state, errorCode: outcome.errorCode, updatedAt: now })
        .where(eq(scheduledMessages.id, send.scheduledMessageId));
    }
  });
  const event = {
    scheduledMessageId: message.id,
    teamId: message.teamId,
    conversationId: message.conversationId,
    kind: send.kind,
    state: outcome.state,
    errorCode: outcome.errorCode,
  };
  publishSafely(deps, () =>
    deps.realtime.publish(rooms.team(message.teamId), 'scheduled-message:settled', event),
  );
}
