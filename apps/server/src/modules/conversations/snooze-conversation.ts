import { AppError, SNOOZE_MAX_AHEAD_MS, SNOOZE_MIN_AHEAD_MS, type Conversation } from '@accueil/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { loadConversationView } from './conversation-views';
import { authorizeConversation, conversationById } from './conversations.policy';

/** Which conversation, and until when (an ISO instant with its offset). */
export type SnoozeConversationOptions = { id: string; until: string };

/** The errors `snoozeConversation` answers besides 404 (the route's OpenAPI description lists them). */
export const SNOOZE_ERRORS = ['snooze-too-soon', 'snooze-too-far'] as const;

/**
 * The snooze's end as a Date, judged against `now` (docs/behaviour/snooze.md).
 * @throws AppError 'snooze-too-soon' (less than SNOOZE_MIN_AHEAD_MS ahead, or past);
 *   'snooze-too-far' (more than SNOOZE_MAX_AHEAD_MS ahead).
 */
function snoozeEnd(until: string, now: number): Date {
  const end = new Date(until);
  if (end.getTime() - now < SNOOZE_MIN_AHEAD_MS)
    throw new AppError('snooze-too-soon', 'A snooze ends at least a minute from now', { until });
  if (end.getTime() - now > SNOOZE_MAX_AHEAD_MS)
    throw new AppError('snooze-too-far', 'A snooze ends at most a year from now', { until });
  return end;
}

/**
 * PUT /api/conversations/:id/snooze (docs/behaviour/snooze.md): a member of the conversation's
 * team (the archive ability: a snooze is an archive with an end) takes it out of the active list
 * until `until`. An archived conversation becomes active and snoozed. Bumps `version` (not
 * `updatedAt`, unless it was archived), records `conversation.snoozed` (its realtime subscriber
 * announces `conversation:updated`, and its queued subscriber `schedule-snooze-wake.ts` sends the
 * `wake-snoozed-conversation` job due at that instant). Snoozing again moves the end; the earlier
 * job then finds nothing to do.
 * @throws AppError 'not-found' (another organisation's or team's conversation, or none);
 *   'snooze-too-soon', 'snooze-too-far' (422).
 */
export async function snoozeConversation(
  deps: AppDeps,
  ctx: RequestContext,
  { id, until }: SnoozeConversationOptions,
): Promise<Conversation> {
  const end = snoozeEnd(until, Date.now());
  const view = await transactionWithEvents(deps, async (tx) => {
    const [current] = await tx.select().from(conversations).where(conversationById(ctx, id)).for('update');
    authorizeConversation(ctx, 'conversation.archive', current);
    await tx
      .update(conversations)
      .set({
        snoozedUntil: end,
        snoozedBy: ctx.userId,
        ...(current.status === 'active' ? {} : { status: 'active', updatedAt: new Date() }),
        version: sql`${conversations.version} + 1`,
      })
      .where(eq(conversations.id, id));
    await recordEvent(tx, {
      name: 'conversation.snoozed',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { conversationId: id, teamId: current.teamId, until: end.toISOString() },
    });
    return (await loadConversationView(tx, eq(conversations.id, id)))!;
  });
  return view;
}

/**
 * DELETE /api/conversations/:id/snooze (docs/behaviour/snooze.md): ends the snooze now (the undo
 * of a snooze, or "wake it now"): the conversation is back in the active list at its place
 * (`updatedAt` unchanged), `version` bumped, `conversation.unsnoozed` (`unsnoozed`, by the
 * member) recorded and announced. A conversation not snoozed is answered unchanged.
 * @throws AppError 'not-found' (another organisation's or team's conversation, or none).
 */
export async function unsnoozeConversation(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<Conversation> {
  return transactionWithEvents(deps, async (tx) => {
    const [current] = await tx.select().from(conversations).where(conversationById(ctx, id)).for('update');
    authorizeConversation(ctx, 'conversation.archive', current);
    if (current.snoozedUntil) {
      await tx
        .update(conversations)
        .set({ snoozedUntil: null, snoozedBy: null, version: sql`${conversations.version} + 1` })
        .where(eq(conversations.id, id));
      await recordEvent(tx, {
        name: 'conversation.unsnoozed',
        organizationId: ctx.organizationId,
        actorUserId: ctx.userId,
        payload: { conversationId: id, teamId: current.teamId, reason: 'unsnoozed' },
      });
    }
    return (await loadConversationView(tx, eq(conversations.id, id)))!;
  });
}
