import {
  devopsEndpoints,
  onboardingEndpoints,
  type CreatedInvitationCode,
  type DevopsOrganization,
  type InvitationCode,
  type LoginResponse,
} from '@accueil/domain';
import { api } from '../../lib/endpoint-client';

/** Query keys of the devops panel. */
export const devopsKeys = {
  codes: ['devops', 'invitation-codes'] as const,
  organizations: ['devops', 'organizations'] as const,
};

/** GET /api/devops/invitation-codes. */
export async function fetchInvitationCodes(signal?: AbortSignal): Promise<InvitationCode[]> {
  return (await api.call(onboardingEndpoints.listCodes, { signal })).items;
}

/** POST /api/devops/invitation-codes: the new code, in clear this once. */
export function createInvitationCode(input: {
  label?: string;
  validDays: number;
}): Promise<CreatedInvitationCode> {
  return api.call(onboardingEndpoints.createCode, { body: input });
}

/** DELETE /api/devops/invitation-codes/:id: an open code expires now. */
export function revokeInvitationCode(id: string): Promise<void> {
  return api.call(onboardingEndpoints.revokeCode, { params: { id } });
}

/** GET /api/devops/organizations. */
export async function fetchOrganizations(signal?: AbortSignal): Promise<DevopsOrganization[]> {
  return (await api.call(devopsEndpoints.listOrganizations, { signal })).items;
}

/** POST /api/devops/impersonations: the session as the organisation's administrator (its refresh cookie is set). */
export function startImpersonation(organizationId: string): Promise<LoginResponse> {
  return api.call(devopsEndpoints.startImpersonation, { body: { organizationId } });
}
