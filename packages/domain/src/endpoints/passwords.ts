import { z } from 'zod';
import {
  forgotPasswordRequestSchema,
  invitationSentSchema,
  passwordTokenInfoSchema,
  passwordTokenRequestSchema,
  resetPasswordRequestSchema,
  resetPasswordResponseSchema,
  invitationParamsSchema,
} from '../contracts/passwords';
import { endpoint } from './endpoint';

const tags = ['auth'] as const;

/**
 * Password forgotten and set-password links (a reset, or an invitation's first password): no
 * sign-in, the link's token is the credential; and the administrator's invitation.
 */
export const passwordEndpoints = {
  forgot: endpoint({
    method: 'POST',
    path: '/api/auth/password/forgot',
    tags,
    summary:
      'Mails a reset link (60 minutes, single use) when an account matches; the same answer when none does',
    body: forgotPasswordRequestSchema,
    responses: { 202: z.null() },
  }),
  inspect: endpoint({
    method: 'POST',
    path: '/api/auth/password/token',
    tags,
    summary: 'What a set-password link is for, while it still works',
    body: passwordTokenRequestSchema,
    responses: { 200: passwordTokenInfoSchema },
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/users/:id/invitation',
    tags: ['users'],
    summary:
      'Mails the user a link to choose their first password (7 days, single use); replaces earlier invitations',
    params: invitationParamsSchema,
    responses: { 202: invitationSentSchema },
  }),
  reset: endpoint({
    method: 'POST',
    path: '/api/auth/password/reset',
    tags,
    summary: "Sets the password with a link's token (once); ends the account's sessions",
    body: resetPasswordRequestSchema,
    responses: { 200: resetPasswordResponseSchema },
  }),
};
