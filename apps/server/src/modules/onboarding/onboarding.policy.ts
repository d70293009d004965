import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/**
 * Invitation codes are devops' (the rule `invitationCode.manage`); the route's role check says
 * the same, this is the rule the use cases enforce themselves.
 * @throws AppError 'forbidden' for any other role.
 */
export function authorizeInvitationCodes(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'invitationCode.manage')) {
    throw new AppError('forbidden', 'Only devops manage invitation codes');
  }
}

/** The one answer for a code that is unknown, used, revoked or expired (which of them is not disclosed). */
export function invitationCodeInvalid(): AppError {
  return new AppError(
    'invitation-code-invalid',
    'The invitation code is invalid. Please check and try again.',
  );
}
