import { AppError, type ScheduledMessage, type ScheduledReminder } from '@accueil/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { scheduledMessageSends, scheduledMessages } from '../../db/schema/scheduled-messages';
import type { RequestContext } from '../../http/request-context';
import { findScheduledMessage, presentWithSends } from './load-scheduled-message';
import { checkedSendPlan, enqueueSends, writeSends } from './plan-scheduled-sends';
import { authorizeScheduledMessage } from './scheduled-messages.policy';

/** What PUT /api/scheduled-messages/:id takes once parsed. */
export type UpdateScheduledMessageOptions = {
  title: string;
  message: string;
  date: string;
  time?: string | null | undefined;
  reminders: ScheduledReminder[];
};

/**
 * PUT /api/scheduled-messages/:id: replaces the title, text, date, time and reminders of a
 * message still `scheduled` whose own send has not started, in the time zone it was saved in.
 * Reminders already sent stay as they were; the sends still waiting are planned again (their
 * earlier jobs then find nothing to do).
 * @throws AppError 'not-found'; 'forbidden' (neither its author nor an administrator);
 *   'scheduled-message-not-editable' (409: sent, failed or being sent); 'scheduled-too-soon'.
 */
export async function updateScheduledMessage(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  input: UpdateScheduledMessageOptions,
  now = new Date(),
): Promise<ScheduledMessage> {
  const updated = await deps.db.transaction(async (tx) => {
    const row = await findScheduledMessage(tx, ctx, id, true);
    authorizeScheduledMessage(ctx, 'manage', row);
    const [own] = await tx
      .select({ state: scheduledMessageSends.state })
      .from(scheduledMessageSends)
      .where(
        and(eq(scheduledMessageSends.scheduledMessageId, row.id), eq(scheduledMessageSends.kind, 'message')),
      );
    if (row.state !== 'scheduled' || (own && own.state !== 'scheduled')) {
      throw new AppError(
        'scheduled-message-not-editable',
        'This scheduled message was already sent or is being sent',
      );
    }
    // A reminder already handed over is neither checked nor planned again.
    const handedOver = await tx
      .select({ kind: scheduledMessageSends.kind })
      .from(scheduledMessageSends)
      .where(
        and(
          eq(scheduledMessageSends.scheduledMessageId, row.id),
          ne(scheduledMessageSends.state, 'scheduled'),
        ),
      );
    const plan = checkedSendPlan(
      input,
      row.timeZone,
      now,
      handedOver.map((s) => s.kind),
    );
    const [saved] = await tx
      .update(scheduledMessages)
      .set({
        title: input.title,
        body: input.message,
        localDate: input.date,
        localTime: input.time ?? null,
        dueAt: plan.dueAt,
        reminders: [...new Set(input.reminders)],
        updatedAt: now,
      })
      .where(eq(scheduledMessages.id, row.id))
      .returning();
    const waiting = await writeSends(tx, ctx.organizationId, row.id, plan.sends);
    return {
      saved: saved!,
      waiting,
      presented: (await presentWithSends(tx, ctx.organizationId, [saved!]))[0]!,
    };
  });
  await enqueueSends(deps, updated.waiting);
  return updated.presented;
}
