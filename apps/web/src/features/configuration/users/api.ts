import {
  passwordEndpoints,
  userEndpoints,
  type CreateUserRequest,
  type UpdateUserRequest,
  type UserAccount,
} from '@accueil/domain';
import { api } from '../../../lib/endpoint-client';

/** GET /api/users (administrators). */
export const listUsers = (signal?: AbortSignal): Promise<UserAccount[]> =>
  api.call(userEndpoints.list, { signal });
/** POST /api/users: creates the user with a password (or invites them). */
export const createUser = (body: CreateUserRequest): Promise<UserAccount> =>
  api.call(userEndpoints.create, { body });
/** PUT /api/users/:id. */
export const updateUser = (id: string, body: UpdateUserRequest): Promise<UserAccount> =>
  api.call(userEndpoints.update, { params: { id }, body });
/** POST /api/users/:id/disable: the user's sessions and sockets end at once. */
export const disableUser = (id: string): Promise<UserAccount> =>
  api.call(userEndpoints.disable, { params: { id } });
/** POST /api/users/:id/enable. */
export const enableUser = (id: string): Promise<UserAccount> =>
  api.call(userEndpoints.enable, { params: { id } });
/** POST /api/users/:id/invitation: mails the user a link to choose their password (7 days); earlier links stop working. */
export const sendInvitation = (id: string): Promise<{ expiresAt: string }> =>
  api.call(passwordEndpoints.invite, { params: { id } });
/** POST /api/users/:id/force-disconnect: every session and socket of the user ends. */
export const forceDisconnect = (id: string): Promise<void> =>
  api.call(userEndpoints.forceDisconnect, { params: { id } });
