import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/** The answer for a contact (or import) id of another organisation, or that does not exist: the same 404. */
// Stryker disable next-line StringLiteral: `what` only names the row in the developer text.
export function contactNotFound(what = 'Contact'): AppError {
  return new AppError('not-found', `${what} not found`);
}

/**
 * The policy of every contacts use case (docs/behaviour/contacts.md): the organisation's
 * members work with its contacts (`contact.manage`). Rows are read scoped by the request's
 * organisation, so another organisation's id is a 404 before this is asked.
 * The subject is the actor's own organisation, so today this never refuses: it is kept so that a
 * narrower rule would be enforced here.
 * @throws AppError 'forbidden' when the rules refuse it.
 */
// Stryker disable next-line BlockStatement: never refuses (see above), so an empty body changes nothing.
export function authorizeContacts(ctx: RequestContext): void {
  // Stryker disable next-line ConditionalExpression,BlockStatement: never true (see above).
  if (!can(actorOf(ctx), 'contact.manage', { organizationId: ctx.organizationId })) {
    // Stryker disable next-line StringLiteral,CallExpression: unreachable (see above).
    throw new AppError('forbidden', 'Your role does not allow working with contacts');
  }
}
