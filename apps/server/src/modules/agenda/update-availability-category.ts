import type { AvailabilityCategory, AvailabilityCategoryInput } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { availabilityCategories } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { getAgendaSettings } from './agenda-settings';
import { presentCategory } from './agenda.presenter';
import { agendaNotFound, requireProfessionalManager } from './agenda.policy';
import { checkCategoryRanges } from './check-category-ranges';

/**
 * PUT /api/availability-categories/:id: replaces label, colour and ranges. Appointments
 * already booked keep their times.
 * @throws AppError 'not-found'; 'forbidden' unless an administrator; those of `checkCategoryRanges`.
 */
export async function updateAvailabilityCategory(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  input: AvailabilityCategoryInput,
): Promise<AvailabilityCategory> {
  requireProfessionalManager(ctx);
  checkCategoryRanges(input.ranges, (await getAgendaSettings(deps, ctx)).openingHours);
  const [row] = await deps.db
    .update(availabilityCategories)
    .set(input)
    .where(
      and(eq(availabilityCategories.organizationId, ctx.organizationId), eq(availabilityCategories.id, id)),
    )
    .returning();
  if (!row) throw agendaNotFound('Availability category');
  return presentCategory(row);
}
