import { teamEndpoints as endpoints, userGroupEndpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { createTeam } from './create-team';
import { listTeams } from './list-teams';
import { putTeamMember } from './put-team-member';
import { removeTeamMember } from './remove-team-member';
import { listTeamsOfOrganization, listTeamsOfUser } from './teams.service';
import { updateTeam } from './update-team';

/**
 * Teams (docs/api.md "Teams"): every signed-in user lists them; the policies decide the rest
 * (organisation administrators create and edit teams; a team's administrators change its
 * members). Another organisation's id answers 404.
 */
export function teamsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;
  route(app, endpoints.list, { access, handler: (request) => listTeams(deps, request.ctx) });
  route(app, endpoints.create, {
    access,
    config: { errors: ['forbidden', 'not-found', 'team-label-taken', 'email-taken'] },
    handler: async (request, reply) =>
      reply.code(201).send(await createTeam(deps, request.ctx, request.body)),
  });
  route(app, endpoints.update, {
    access,
    config: { errors: ['forbidden', 'not-found', 'team-label-taken', 'email-taken'] },
    handler: (request) => updateTeam(deps, request.ctx, { id: request.params.id, changes: request.body }),
  });
  route(app, endpoints.putMember, {
    access,
    config: { errors: ['forbidden', 'not-found', 'team-last-administrator'] },
    handler: (request) =>
      putTeamMember(deps, request.ctx, {
        teamId: request.params.id,
        userId: request.params.userId,
        ...request.body,
      }),
  });
  route(app, endpoints.removeMember, {
    access,
    config: { errors: ['forbidden', 'not-found', 'team-last-administrator', 'team-last-member'] },
    handler: (request) =>
      removeTeamMember(deps, request.ctx, { teamId: request.params.id, userId: request.params.userId }),
  });
  // The spec's user groups (§7 "Teams and users"): the teams in the session answers' shape.
  route(app, userGroupEndpoints.list, {
    access,
    handler: (request) => listTeamsOfOrganization(deps, request.ctx.organizationId),
  });
  route(app, userGroupEndpoints.belongs, {
    access,
    handler: (request) => listTeamsOfUser(deps, request.ctx.userId),
  });
  return Promise.resolve();
}
