import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';
import type { ScheduledMessageRow } from './scheduled-messages.presenter';

/** The answer for a scheduled message that is missing, of another organisation or hidden from the actor. */
export function scheduledMessageNotFound(): AppError {
  return new AppError('not-found', 'Scheduled message not found');
}

/**
 * The team a message is scheduled from: the actor's current team, when the rules let them
 * schedule there (docs/behaviour/scheduled-messages.md).
 * @throws AppError 'forbidden' without a current team or when the rules refuse it.
 */
export function requireSchedulingTeam(ctx: RequestContext): string {
  const teamId = ctx.teamId;
  if (
    !teamId ||
    !can(actorOf(ctx), 'scheduledMessage.create', { id: teamId, organizationId: ctx.organizationId })
  ) {
    throw new AppError('forbidden', 'Messages are scheduled from a team you work in');
  }
  return teamId;
}

/**
 * Checks what the actor may do with a scheduled message read in the organisation's scope:
 * a row they may not read answers 404, like a missing one; one they read but may not change
 * answers 403.
 * @throws AppError 'not-found'; 'forbidden' for `manage` refused.
 */
export function authorizeScheduledMessage(
  ctx: RequestContext,
  action: 'read' | 'manage',
  row: ScheduledMessageRow | undefined,
): asserts row is ScheduledMessageRow {
  const actor = actorOf(ctx);
  const subject = row && {
    organizationId: row.organizationId,
    teamId: row.teamId,
    createdByUserId: row.createdByUserId,
  };
  // No subject is no row (missing): the same 404 as a row the actor may not read.
  if (!subject || !can(actor, 'scheduledMessage.read', subject)) throw scheduledMessageNotFound();
  if (action === 'manage' && !can(actor, 'scheduledMessage.manage', subject)) {
    throw new AppError('forbidden', 'Only its author or an administrator changes a scheduled message');
  }
}
