import type { AvailabilityCategory, AvailabilityCategoryInput } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { availabilityCategories } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { getAgendaSettings } from './agenda-settings';
import { presentCategory } from './agenda.presenter';
import { requireProfessionalManager } from './agenda.policy';
import { checkCategoryRanges } from './check-category-ranges';
import { requireProfessional } from './require-professional';

/**
 * POST /api/professionals/:id/availability-categories: adds a category to the professional.
 * @throws AppError 'not-found' (professional); 'forbidden' unless an administrator; those of `checkCategoryRanges`.
 */
export async function createAvailabilityCategory(
  deps: AppDeps,
  ctx: RequestContext,
  professionalId: string,
  input: AvailabilityCategoryInput,
): Promise<AvailabilityCategory> {
  requireProfessionalManager(ctx);
  const professional = await requireProfessional(deps.db, ctx, professionalId);
  checkCategoryRanges(input.ranges, (await getAgendaSettings(deps, ctx)).openingHours);
  const [row] = await deps.db
    .insert(availabilityCategories)
    .values({ ...input, organizationId: ctx.organizationId, professionalId: professional.id })
    .returning();
  return presentCategory(row!);
}
