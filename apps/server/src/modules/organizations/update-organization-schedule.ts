import type { Schedule } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents, type EventDeps } from '../../events/transaction-with-events';
import { organizations } from '../../db/schema/organizations';
import type { RequestContext } from '../../http/request-context';
import { organizationNotFound } from './organizations.policy';

/**
 * Replaces the request's organisation's week and vacations (the caller checked the policy and
 * the endpoint's schema the rules of docs/behaviour/schedules.md), recording
 * `organization.settings-changed` with the field `schedule`, from the domain event recorded in the
 * same transaction. Returns what is stored.
 * @throws AppError 'not-found' when the organisation is gone.
 */
export async function updateOrganizationSchedule(
  deps: EventDeps,
  ctx: RequestContext,
  schedule: Schedule,
): Promise<Schedule> {
  return transactionWithEvents(deps, async (tx) => {
    const rows = await tx
      .update(organizations)
      .set({ schedule })
      .where(eq(organizations.id, ctx.organizationId))
      .returning({ schedule: organizations.schedule });
    if (rows.length === 0) throw organizationNotFound();
    await recordEvent(tx, {
      name: 'organization.settings-changed',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { fields: ['schedule'] },
    });
    return rows[0]!.schedule!;
  });
}
