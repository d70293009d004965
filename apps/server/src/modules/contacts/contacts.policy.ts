import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/** The answer for a contact (or import) id of another organisation, or that does not exist: the same 404. */
export function contactNotFound(what = 'Contact'): AppError {
  return new AppError('not-found', `${what} not found`);
}

/**
 * The policy of every contacts use case (docs/behaviour/contacts.md): the organisation's
 * members work with its contacts (`contact.manage`). Rows are read scoped by the request's
 * organisation, so another organisation's id is a 404 before this is asked.
 * @throws AppError 'forbidden' when the rules refuse it.
 */
export function authorizeContacts(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'contact.manage', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', 'Your role does not allow working with contacts');
  }
}
