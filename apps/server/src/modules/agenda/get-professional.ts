import type { Professional } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { presentProfessional } from './agenda.presenter';
import { requireProfessional } from './require-professional';

/**
 * GET /api/professionals/:id.
 * @throws AppError 'not-found' (missing or another organisation's).
 */
export async function getProfessional(deps: AppDeps, ctx: RequestContext, id: string): Promise<Professional> {
  return presentProfessional(await requireProfessional(deps.db, ctx, id));
}
