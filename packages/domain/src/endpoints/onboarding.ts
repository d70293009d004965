import { z } from 'zod';
import { loginResponseSchema } from '../contracts/auth';
import {
  checkInvitationCodeRequestSchema,
  checkInvitationCodeResponseSchema,
  createdInvitationCodeSchema,
  createInvitationCodeRequestSchema,
  invitationCodeListSchema,
  onboardingRequestSchema,
} from '../contracts/onboarding';
import { endpoint } from './endpoint';

const tags = ['onboarding'] as const;

/**
 * Onboarding a new organisation from an invitation code (no sign-in), and the invitation codes
 * devops create. A wrong, used or expired code answers 400 `invitation-code-invalid`.
 */
export const onboardingEndpoints = {
  checkCode: endpoint({
    method: 'POST',
    path: '/api/onboarding/invitation-codes/check',
    tags,
    summary: 'Whether an invitation code would be accepted now',
    body: checkInvitationCodeRequestSchema,
    responses: { 200: checkInvitationCodeResponseSchema },
  }),
  onboard: endpoint({
    method: 'POST',
    path: '/api/onboarding',
    tags,
    summary:
      'Creates an organisation with its teams, users and schedule from an invitation code; signs its administrator in',
    body: onboardingRequestSchema,
    responses: { 201: loginResponseSchema },
  }),
  listCodes: endpoint({
    method: 'GET',
    path: '/api/devops/invitation-codes',
    tags: ['devops'],
    summary: 'Invitation codes, newest first (devops)',
    responses: { 200: invitationCodeListSchema },
  }),
  createCode: endpoint({
    method: 'POST',
    path: '/api/devops/invitation-codes',
    tags: ['devops'],
    summary: 'Creates an invitation code, shown once (devops)',
    body: createInvitationCodeRequestSchema,
    responses: { 201: createdInvitationCodeSchema },
  }),
  revokeCode: endpoint({
    method: 'DELETE',
    path: '/api/devops/invitation-codes/:id',
    tags: ['devops'],
    summary: 'Revokes an unused invitation code (devops)',
    params: z.strictObject({ id: z.uuid() }),
    responses: { 204: z.null() },
  }),
};
