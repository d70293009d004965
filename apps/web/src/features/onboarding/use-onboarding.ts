import { onboardingEndpoints, type CheckInvitationCodeRequest } from '@accueil/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/endpoint-client';

/**
 * Whether an invitation code would be accepted now (`POST /api/onboarding/invitation-codes/check`,
 * docs/behaviour/onboarding.md): `mutateAsync` resolves when it would, and rejects with the
 * server's refusal (`invitation-code-invalid`, a 429 with its delay), which the code step shows.
 */
export function useCheckInvitationCode() {
  return useMutation({
    mutationFn: (body: CheckInvitationCodeRequest) => api.call(onboardingEndpoints.checkCode, { body }),
  });
}
