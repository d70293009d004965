import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';
import type { MailRecipient } from '../users/index';

/**
 * Who may mail `user` an invitation to set a first password: an administrator of the user's
 * organisation (the `user.invite` rule).
 * @throws AppError `not-found` (404) when the user is missing or of another organisation (the
 *   same answer for both), `forbidden` (403) when the rules refuse the actor.
 */
export function authorizeInvitation(ctx: RequestContext, user: MailRecipient | null): MailRecipient {
  if (!user || user.organizationId !== ctx.organizationId) {
    throw new AppError('not-found', 'User not found');
  }
  if (!can(actorOf(ctx), 'user.invite', { id: user.id, organizationId: user.organizationId })) {
    throw new AppError('forbidden', 'Only an administrator invites a user');
  }
  return user;
}
