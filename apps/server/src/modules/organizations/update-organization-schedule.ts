import type { Schedule } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { organizations } from '../../db/schema/organizations';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
import { organizationNotFound } from './organizations.policy';

/**
 * Replaces the request's organisation's week and vacations (the caller checked the policy and
 * the endpoint's schema the rules of docs/behaviour/schedules.md), recording
 * `organization.settings-changed` with the field `schedule` in the same transaction. Returns what is stored.
 * @throws AppError 'not-found' when the organisation is gone.
 */
export async function updateOrganizationSchedule(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  schedule: Schedule,
): Promise<Schedule> {
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(organizations)
      .set({ schedule })
      .where(eq(organizations.id, ctx.organizationId))
      .returning({ schedule: organizations.schedule });
    if (rows.length === 0) throw organizationNotFound();
    await recordAuditEvent(tx, {
      organizationId: ctx.organizationId,
      actor: { userId: ctx.userId },
      action: 'organization.settings-changed',
      target: { type: 'organization', id: ctx.organizationId },
      details: { fields: ['schedule'] },
    });
    return rows[0]!.schedule!;
  });
}
