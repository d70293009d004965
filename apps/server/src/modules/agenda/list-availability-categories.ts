import type { AvailabilityCategory } from '@accueil/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { availabilityCategories } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { presentCategory } from './agenda.presenter';

/**
 * GET /api/availability-categories: the organisation's categories, of one professional when
 * `professionalId` is given (another organisation's id lists nothing), by label.
 */
export async function listAvailabilityCategories(
  deps: AppDeps,
  ctx: RequestContext,
  query: { professionalId?: string },
): Promise<{ items: AvailabilityCategory[] }> {
  const rows = await deps.db
    .select()
    .from(availabilityCategories)
    .where(
      and(
        eq(availabilityCategories.organizationId, ctx.organizationId),
        query.professionalId ? eq(availabilityCategories.professionalId, query.professionalId) : undefined,
      ),
    )
    .orderBy(asc(availabilityCategories.label), asc(availabilityCategories.id));
  return { items: rows.map(presentCategory) };
}
