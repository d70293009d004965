import type { TransferTargets } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { listSipLines } from '../phone-settings/index';
import { listMemberships, listTeamsOfOrganization } from '../teams/index';
import { listReachableUsers } from '../users/index';

/**
 * GET /api/voice/v1/calls/availability: where the call panel can transfer a call. Every team of
 * the organisation (main first, then by label) with its members who are not disabled (by name),
 * their presence and their SIP line; and the organisation's SIP lines (Phones settings) none of
 * those users has (`sipLines`: a desk phone, a shared line — lines of no team, which the spec's
 * SIP transfer offers too). Every member may read it (any member may transfer).
 */
export async function listTransferTargets(deps: AppDeps, ctx: RequestContext): Promise<TransferTargets> {
  const [teams, memberships, users, lines] = await Promise.all([
    listTeamsOfOrganization(deps, ctx.organizationId),
    listMemberships(deps, { organizationId: ctx.organizationId }),
    listReachableUsers(deps, ctx.organizationId),
    listSipLines(deps, ctx.organizationId),
  ]);
  const held = new Set(users.map((u) => u.sipUsername));
  return {
    teams: teams.map((team) => {
      const members = new Set(memberships.filter((m) => m.teamId === team.id).map((m) => m.userId));
      return { id: team.id, label: team.label, users: users.filter((u) => members.has(u.id)) };
    }),
    sipLines: lines.filter((line) => !held.has(line.username)),
  };
}
