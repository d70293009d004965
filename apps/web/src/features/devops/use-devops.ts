import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../lib/notify';
import {
  createInvitationCode,
  devopsKeys,
  fetchInvitationCodes,
  fetchOrganizations,
  revokeInvitationCode,
  startImpersonation,
} from './api';
import { enterSession } from './impersonation-api';

export { devopsKeys };

/** The invitation codes, newest first (GET /api/devops/invitation-codes). */
export function useInvitationCodes() {
  return useQuery({ queryKey: devopsKeys.codes, queryFn: ({ signal }) => fetchInvitationCodes(signal) });
}

/**
 * Creates an invitation code (`label` optional, valid `validDays` days); the answer carries the
 * code in clear this once, and the codes list is refetched. A refusal is a toast.
 */
export function useCreateInvitationCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { label?: string; validDays: number }) => createInvitationCode(input),
    onSuccess: () => void client.invalidateQueries({ queryKey: devopsKeys.codes }),
    onError: (error) => notifyError(error),
  });
}

/** Revokes an open invitation code (it expires now) and refetches the list; a refusal is a toast. */
export function useRevokeInvitationCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => revokeInvitationCode(id),
    onSuccess: () => void client.invalidateQueries({ queryKey: devopsKeys.codes }),
    onError: (error) => notifyError(error),
  });
}

/** Every organisation (GET /api/devops/organizations). */
export function useDevopsOrganizations() {
  return useQuery({
    queryKey: devopsKeys.organizations,
    queryFn: ({ signal }) => fetchOrganizations(signal),
  });
}

/**
 * Acts as an organisation's administrator (POST /api/devops/impersonations, 30 minutes,
 * audited): the new session opens the inbox. A refusal is a toast.
 */
export function useImpersonate() {
  return useMutation({
    mutationFn: (organizationId: string) => startImpersonation(organizationId),
    onSuccess: (response) => enterSession(response, '/conversations'),
    onError: (error) => notifyError(error),
  });
}
