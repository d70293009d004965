import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/**
 * The policy of the Phones settings (`configuration.edit`): the organisation's administrators
 * read and change them; others answer 403 `forbidden`. (Every member reads the transfer
 * extensions: that route does not call this.)
 */
export function authorizePhoneSettings(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'configuration.edit', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', 'Only administrators manage the phone settings');
  }
}

/** A refused input: `validation-failed` with one issue (`path`, the rule's code as `message`). */
export function invalidField(path: string, code: string, message: string): AppError {
  return new AppError('validation-failed', message, [{ location: 'body', path, message: code }]);
}
