import { AppError, FRANCE_COUNTRY } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationCountry } from '../organizations';

/**
 * The messaging-v1 paths serve organisations in France only (spec §1 and §7;
 * docs/behaviour/france.md): for any other they do not exist.
 * @throws AppError 'not-found' when the caller's organisation's country is not FR.
 */
export async function requireFrance(deps: Pick<AppDeps, 'db'>, ctx: RequestContext): Promise<void> {
  if ((await getOrganizationCountry(deps, ctx.organizationId)) !== FRANCE_COUNTRY)
    throw new AppError('not-found', 'The messaging/v1 paths serve organisations in France only');
}
