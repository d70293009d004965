import type { CallAvailability } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { listMemberships, listTeamsOfOrganization } from '../teams/index';
import { listReachableUsers } from '../users/index';

/**
 * GET /api/voice/v1/calls/availability: where the call panel can transfer a call. Every team of
 * the organisation (main first, then by label) with its members who are not disabled (by name),
 * their presence and their SIP line. Every member may read it (any member may transfer).
 */
export async function getCallAvailability(deps: AppDeps, ctx: RequestContext): Promise<CallAvailability> {
  const [teams, memberships, users] = await Promise.all([
    listTeamsOfOrganization(deps, ctx.organizationId),
    listMemberships(deps, { organizationId: ctx.organizationId }),
    listReachableUsers(deps, ctx.organizationId),
  ]);
  return {
    teams: teams.map((team) => {
      const members = new Set(memberships.filter((m) => m.teamId === team.id).map((m) => m.userId));
      return { id: team.id, label: team.label, users: users.filter((u) => members.has(u.id)) };
    }),
  };
}
