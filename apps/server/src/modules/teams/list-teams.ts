import type { TeamConfig } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { loadTeamConfigs } from './team-configs';

/**
 * GET /api/teams: every team of the organisation with its members, for any signed-in user: a
 * user sees their teams and the others (`isMember` false), which only an administrator can add
 * them to.
 */
export function listTeams(deps: AppDeps, ctx: RequestContext): Promise<TeamConfig[]> {
  return loadTeamConfigs(deps, ctx);
}
