import type { ServiceStatus, UpdateServiceStatus } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { serviceStatus } from '../../db/schema/service-status';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { publishSafely } from '../../realtime/publish-safely';
import { rooms } from '../../realtime/publisher';
import { authorizeServiceStatus } from './service-status.policy';
import { presentServiceStatus } from './service-status.presenter';

/**
 * PUT /api/devops/status: sets the service's status (the whole of it), records the domain event
 * `service-status.changed` in the devops user's organisation in the same transaction, which the
 * audit writes in that organisation's log (the installation has no log of its own; the entry names the status, what shows and the
 * window), then pushes `service-status:updated` to every signed-in browser (room `everyone`).
 * @throws AppError 'forbidden' unless devops.
 */
export async function updateServiceStatus(
  deps: AppDeps,
  ctx: RequestContext,
  input: UpdateServiceStatus,
  now = new Date(),
): Promise<ServiceStatus> {
  authorizeServiceStatus(ctx);
  const values = {
    id: 1,
    ...input,
    nextWindowAt: input.nextWindowAt ? new Date(input.nextWindowAt) : null,
    updatedAt: now,
    updatedByUserId: ctx.userId,
  };
  const status = await transactionWithEvents(deps, async (tx) => {
    const [row] = await tx
      .insert(serviceStatus)
      .values(values)
      .onConflictDoUpdate({ target: serviceStatus.id, set: values })
      .returning();
    await recordEvent(tx, {
      name: 'service-status.changed',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: {
        status: input.status,
        enabled: input.enabled,
        banner: input.banner,
        overlay: input.overlay,
        nextWindowAt: input.nextWindowAt,
        plannedDurationMinutes: input.plannedDurationMinutes,
      },
      occurredAt: now,
    });
    return presentServiceStatus(row);
  });
  publishSafely(deps, () => deps.realtime.publish(rooms.everyone(), 'service-status:updated', { status }));
  return status;
}
