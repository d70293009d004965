import type { Professional, ProfessionalInput } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { professionals } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { presentProfessional } from './agenda.presenter';
import { agendaNotFound, requireProfessionalManager } from './agenda.policy';

/**
 * PUT /api/professionals/:id: replaces the professional's details.
 * @throws AppError 'not-found' (missing or another organisation's); 'forbidden' unless an administrator.
 */
export async function updateProfessional(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
  input: ProfessionalInput,
): Promise<Professional> {
  requireProfessionalManager(ctx);
  const [row] = await deps.db
    .update(professionals)
    .set(input)
    .where(and(eq(professionals.organizationId, ctx.organizationId), eq(professionals.id, id)))
    .returning();
  if (!row) throw agendaNotFound('Professional');
  return presentProfessional(row);
}
