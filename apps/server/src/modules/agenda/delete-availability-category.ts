import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { availabilityCategories } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { agendaNotFound, requireProfessionalManager } from './agenda.policy';

/**
 * DELETE /api/availability-categories/:id. Its appointments stay booked, without a category.
 * @throws AppError 'not-found'; 'forbidden' unless an administrator.
 */
export async function deleteAvailabilityCategory(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<void> {
  requireProfessionalManager(ctx);
  const removed = await deps.db
    .delete(availabilityCategories)
    .where(
      and(eq(availabilityCategories.organizationId, ctx.organizationId), eq(availabilityCategories.id, id)),
    )
    .returning({ id: availabilityCategories.id });
  if (!removed.length) throw agendaNotFound('Availability category');
}
