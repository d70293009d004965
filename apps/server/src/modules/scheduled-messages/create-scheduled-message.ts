import type { ScheduledMessage, ScheduledReminder } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { scheduledMessages } from '../../db/schema/scheduled-messages';
import type { RequestContext } from '../../http/request-context';
import { userDisplayName } from '../users/index';
import { checkedSendPlan, enqueueSends, writeSends } from './plan-scheduled-sends';
import { presentScheduledMessage } from './scheduled-messages.presenter';
import { requireSchedulingTeam } from './scheduled-messages.policy';
import { schedulingTarget } from './scheduling-target';

/** What POST /api/scheduled-messages takes once parsed (exactly one of `conversationId`, `toPhoneNumber`). */
export type CreateScheduledMessageOptions = {
  title: string;
  message: string;
  date: string;
  time?: string | null | undefined;
  reminders: ScheduledReminder[];
  conversationId?: string | undefined;
  toPhoneNumber?: string | undefined;
};

/**
 * POST /api/scheduled-messages: stores a scheduled message of the current team (state
 * `scheduled`) with one send per reminder and one for the message, its date and time read in
 * the organisation's time zone, then queues each send's job at its instant.
 * @throws AppError 'forbidden' (no current team); 'not-found' (conversation); 'phone-invalid';
 *   'scheduled-too-soon' (the message or a reminder less than 5 minutes ahead).
 */
export async function createScheduledMessage(
  deps: AppDeps,
  ctx: RequestContext,
  input: CreateScheduledMessageOptions,
  now = new Date(),
): Promise<ScheduledMessage> {
  const teamId = requireSchedulingTeam(ctx);
  const target = await schedulingTarget(deps, ctx, input);
  const plan = checkedSendPlan(input, target.timeZone, now);
  const stored = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(scheduledMessages)
      .values({
        organizationId: ctx.organizationId,
        teamId,
        conversationId: target.conversationId,
        toPhone: target.toPhone,
        title: input.title,
        body: input.message,
        localDate: input.date,
        localTime: input.time ?? null,
        timeZone: target.timeZone,
        dueAt: plan.dueAt,
        reminders: [...new Set(input.reminders)],
        createdByUserId: ctx.userId,
        createdByName: (await userDisplayName(tx, ctx.userId)) ?? '',
      })
      .returning();
    const sends = await writeSends(tx, ctx.organizationId, row!.id, plan.sends);
    return { row: row!, sends };
  });
  await enqueueSends(deps, stored.sends);
  return presentScheduledMessage(stored.row, stored.sends);
}
