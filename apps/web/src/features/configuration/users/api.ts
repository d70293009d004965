import { endpoints, type CreateUserRequest, type UpdateUserRequest, type UserAccount } from '@accueil/domain';
import { api } from '../../../lib/endpoint-client';

/** GET /api/users (administrators). */
export const listUsers = (signal?: AbortSignal): Promise<UserAccount[]> => api.call(endpoints.users.list, { signal });
/** POST /api/users: creates the user with a password (or invites them). */
export const createUser = (body: CreateUserRequest): Promise<UserAccount> => api.call(endpoints.users.create, { body });
/** PUT /api/users/:id. */
export const updateUser = (id: string, body: UpdateUserRequest): Promise<UserAccount> => api.call(endpoints.users.update, { params: { id }, body });
/** POST /api/users/:id/disable: the user's sessions and sockets end at once. */
export const disableUser = (id: string): Promise<UserAccount> => api.call(endpoints.users.disable, { params: { id } });
/** POST /api/users/:id/enable. */
export const enableUser = (id: string): Promise<UserAccount> => api.call(endpoints.users.enable, { params: { id } });
/** POST /api/users/:id/force-disconnect: every session and socket of the user ends. */
export const forceDisconnect = (id: string): Promise<void> => api.call(endpoints.users.forceDisconnect, { params: { id } });
