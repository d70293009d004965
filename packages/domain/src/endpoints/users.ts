import { z } from 'zod';
import {
  assignSipRequestSchema,
  createUserRequestSchema,
  sipAssignmentSchema,
  sipIdParamsSchema,
  unassignSipRequestSchema,
  updateUserRequestSchema,
  userIdParamsSchema,
} from '../contracts/users';
import { userAccountSchema, userDirectoryEntrySchema } from '../entities/user-account';
import { endpoint } from './endpoint';

const tags = ['users'] as const;
const params = userIdParamsSchema;

/**
 * Users of the organisation (configuration, Users): administrators list, create, edit,
 * disable and force out; every signed-in user reads the directory. Another organisation's id
 * answers 404; a refused action 403 `forbidden`; a taken username or e-mail 409
 * (`username-taken`, `email-taken`); disabling or demoting the last administrator 409.
 */
export const userEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/users',
    tags,
    summary: "The organisation's user accounts (administrators)",
    responses: { 200: z.array(userAccountSchema) },
  }),
  directory: endpoint({
    method: 'GET',
    path: '/api/users/directory',
    tags,
    summary: "The organisation's users: id, names, phone number",
    responses: { 200: z.array(userDirectoryEntrySchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    tags,
    summary: 'One user account (administrators)',
    params,
    responses: { 200: userAccountSchema },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/users',
    tags,
    summary: 'Creates a user with a password, or invites them to choose one',
    body: createUserRequestSchema,
    responses: { 201: userAccountSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/users/:id',
    tags,
    summary: "Changes a user's account (role, names, e-mail, signature, …)",
    params,
    body: updateUserRequestSchema,
    responses: { 200: userAccountSchema },
  }),
  disable: endpoint({
    method: 'POST',
    path: '/api/users/:id/disable',
    tags,
    summary: 'Disables a user: their sessions and sockets end at once',
    params,
    responses: { 200: userAccountSchema },
  }),
  enable: endpoint({
    method: 'POST',
    path: '/api/users/:id/enable',
    tags,
    summary: 'Enables a disabled user again',
    params,
    responses: { 200: userAccountSchema },
  }),
  forceDisconnect: endpoint({
    method: 'POST',
    path: '/api/users/:id/force-disconnect',
    tags,
    summary: 'Ends every session and socket of a user',
    params,
    responses: { 204: z.null() },
  }),
};

/** A user's associated phone line (a SIP user name), kept in this application. */
export const sipEndpoints = {
  assign: endpoint({
    method: 'PUT',
    path: '/api/sips/v1/users/assign/:id',
    tags: ['sips'],
    summary: 'Assigns the SIP line :id to the caller (or, for an administrator, to userId)',
    params: sipIdParamsSchema,
    body: assignSipRequestSchema,
    responses: { 200: sipAssignmentSchema },
  }),
  unassign: endpoint({
    method: 'PUT',
    path: '/api/sips/v1/users/unassign',
    tags: ['sips'],
    summary: "Frees the caller's SIP line (or, for an administrator, userId's)",
    body: unassignSipRequestSchema,
    responses: { 200: sipAssignmentSchema },
  }),
  assigned: endpoint({
    method: 'GET',
    path: '/api/sips/v1/users/assigned',
    tags: ['sips'],
    summary: "The caller's SIP line",
    responses: { 200: sipAssignmentSchema },
  }),
};
