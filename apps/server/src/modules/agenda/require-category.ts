import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { availabilityCategories } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import type { AvailabilityCategoryRow } from './agenda.presenter';
import { agendaNotFound } from './agenda.policy';

/**
 * The availability category with that id, of that professional of the organisation.
 * @throws AppError 'not-found' when missing, of another professional or of another organisation.
 */
export async function requireCategoryOf(
  db: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId'>,
  professionalId: string,
  id: string,
): Promise<AvailabilityCategoryRow> {
  const [row] = await db
    .select()
    .from(availabilityCategories)
    .where(
      and(
        eq(availabilityCategories.organizationId, ctx.organizationId),
        eq(availabilityCategories.id, id),
        eq(availabilityCategories.professionalId, professionalId),
      ),
    );
  if (!row) throw agendaNotFound('Availability category');
  return row;
}
