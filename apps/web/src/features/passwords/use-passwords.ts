import type { ForgotPasswordRequest, ResetPasswordRequest } from '@accueil/domain';
import { useMutation } from '@tanstack/react-query';
import { requestPasswordReset, setPasswordWithLink } from './api';

/**
 * Has a reset link mailed for `login` (docs/behaviour/sessions.md); `mutateAsync` resolves the
 * same whether or not an account matched, and rejects with the server's refusal (429 with its
 * retry delay), which the form shows.
 */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: ({ login }: ForgotPasswordRequest) => requestPasswordReset(login) });
}

/**
 * Sets the password with a link's token; `mutateAsync` resolves with the account's username and
 * rejects with the server's refusal (a broken rule on `password`, `confirmation`, an expired link).
 */
export function useSetPasswordWithLink() {
  return useMutation({
    mutationFn: (request: ResetPasswordRequest) =>
      setPasswordWithLink(request.token, request.password, request.confirmation),
  });
}
