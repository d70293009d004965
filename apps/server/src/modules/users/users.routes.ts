import { sipEndpoints, userEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { assignPhoneLine } from './assign-phone-line';
import { createUser } from './create-user';
import { disableUser } from './disable-user';
import { enableUser } from './enable-user';
import { forceDisconnect } from './force-disconnect';
import { getAssignedPhoneLine } from './get-assigned-phone-line';
import { getUser } from './get-user';
import { listUserDirectory, listUsers } from './list-users';
import { updateUser } from './update-user';

/**
 * Users and their phone lines (docs/api.md "Users"): the policies decide (administrators
 * manage accounts; anyone reads the directory and their own line). Another organisation's id
 * answers 404.
 */
export function usersRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;
  const conflicts = [
    'username-taken',
    'email-taken',
    'sip-line-taken',
    'organization-last-administrator',
  ] as const;
  route(app, endpoints.list, { access, handler: (request) => listUsers(deps, request.ctx) });
  route(app, endpoints.directory, { access, handler: (request) => listUserDirectory(deps, request.ctx) });
  route(app, endpoints.get, { access, handler: (request) => getUser(deps, request.ctx, request.params.id) });
  route(app, endpoints.create, {
    access,
    config: { errors: ['not-found', 'username-taken', 'email-taken', 'sip-line-taken'] },
    handler: async (request, reply) =>
      reply.code(201).send(await createUser(deps, request.ctx, request.body)),
  });
  route(app, endpoints.update, {
    access,
    config: { errors: [...conflicts] },
    handler: (request) => updateUser(deps, request.ctx, { id: request.params.id, changes: request.body }),
  });
  route(app, endpoints.disable, {
    access,
    config: { errors: ['organization-last-administrator', 'team-last-administrator', 'team-last-member'] },
    handler: (request) => disableUser(deps, request.ctx, request.params.id),
  });
  route(app, endpoints.enable, {
    access,
    handler: (request) => enableUser(deps, request.ctx, request.params.id),
  });
  route(app, endpoints.forceDisconnect, {
    access,
    handler: async (request, reply) => {
      await forceDisconnect(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });

  route(app, sipEndpoints.assign, {
    access,
    config: { errors: ['sip-line-taken'] },
    handler: (request) =>
      assignPhoneLine(deps, request.ctx, { sipUsername: request.params.id, userId: request.body?.userId }),
  });
  route(app, sipEndpoints.unassign, {
    access,
    config: { errors: ['not-found'] },
    handler: (request) =>
      assignPhoneLine(deps, request.ctx, { sipUsername: null, userId: request.body?.userId }),
  });
  route(app, sipEndpoints.assigned, {
    access,
    handler: (request) => getAssignedPhoneLine(deps, request.ctx),
  });
  return Promise.resolve();
}
