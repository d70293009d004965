import type { Professional, ProfessionalInput } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { professionals } from '../../db/schema/agenda';
import type { RequestContext } from '../../http/request-context';
import { presentProfessional } from './agenda.presenter';
import { requireProfessionalManager } from './agenda.policy';

/**
 * POST /api/professionals: adds a professional to the organisation.
 * @throws AppError 'forbidden' unless an administrator.
 */
export async function createProfessional(
  deps: AppDeps,
  ctx: RequestContext,
  input: ProfessionalInput,
): Promise<Professional> {
  requireProfessionalManager(ctx);
  const [row] = await deps.db
    .insert(professionals)
    .values({ ...input, organizationId: ctx.organizationId })
    .returning();
  return presentProfessional(row!);
}
