import {
  AppError,
  firstSendTooSoon,
  plannedSends,
  type ScheduledReminder,
  type ScheduledSendKind,
} from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { scheduledMessageSends } from '../../db/schema/scheduled-messages';
import { sendScheduledMessageJob } from './send-scheduled-message.job';
import type { ScheduledSendRow } from './scheduled-messages.presenter';

/** What the sends are planned from: the wall-clock date and time and the reminders. */
export type SendPlanInput = { date: string; time?: string | null; reminders: readonly ScheduledReminder[] };

/**
 * The instants of a scheduled message's sends in `timeZone`, checked against `now`; the kinds
 * in `handedOver` (already sent or failed) are left out.
 * @throws AppError 'scheduled-too-soon' (422, `details.kind`: 'message' or the reminder) when
 *   one is less than 5 minutes ahead.
 */
export function checkedSendPlan(
  input: SendPlanInput,
  timeZone: string,
  now: Date,
  handedOver: readonly ScheduledSendKind[] = [],
) {
  const all = plannedSends(input, timeZone);
  const sends = all.filter((s) => !handedOver.includes(s.kind));
  const tooSoon = firstSendTooSoon(sends, now);
  if (tooSoon) {
    throw new AppError(
      'scheduled-too-soon',
      'The planned time (and each reminder) must be at least 5 minutes in the future',
      {
        kind: tooSoon.kind,
        dueAt: tooSoon.dueAt.toISOString(),
      },
    );
  }
  return { dueAt: all[all.length - 1]!.dueAt, sends };
}

/**
 * In the caller's transaction: replaces the scheduled message's sends still waiting by
 * `sends` (those already sent or failed stay), and returns the new rows; the caller hands
 * them to `enqueueSends` after commit.
 */
export async function writeSends(
  tx: Tx,
  organizationId: string,
  scheduledMessageId: string,
  sends: ReturnType<typeof plannedSends>,
): Promise<ScheduledSendRow[]> {
  await tx
    .delete(scheduledMessageSends)
    .where(
      and(
        eq(scheduledMessageSends.organizationId, organizationId),
        eq(scheduledMessageSends.scheduledMessageId, scheduledMessageId),
        eq(scheduledMessageSends.state, 'scheduled'),
      ),
    );
  if (sends.length === 0) return [];
  return tx
    .insert(scheduledMessageSends)
    .values(sends.map((s) => ({ organizationId, scheduledMessageId, kind: s.kind, dueAt: s.dueAt })))
    .onConflictDoNothing({ target: [scheduledMessageSends.scheduledMessageId, scheduledMessageSends.kind] })
    .returning();
}

/**
 * After commit: one `send-scheduled-message` job per send, starting at its due instant. A job
 * whose send was since edited or deleted finds nothing to do.
 */
export async function enqueueSends(deps: AppDeps, sends: readonly ScheduledSendRow[]): Promise<void> {
  for (const send of sends) {
    await deps.jobs.send(
      sendScheduledMessageJob,
      { organizationId: send.organizationId, sendId: send.id },
      { startAfter: send.dueAt },
    );
  }
}
