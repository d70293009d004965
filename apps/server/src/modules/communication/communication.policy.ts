import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/** A missing quick message, or another organisation's (or one asked through its id), answers the same 404. */
export function textBlockNotFound(): AppError {
  return new AppError('not-found', 'Quick message not found');
}

/**
 * The policy of the quick-message routes (`textBlock.manage`): the path's organisation must be
 * the request's (another's answers 404, as a missing one), and the rules must allow it (403).
 */
export function authorizeTextBlocks(ctx: RequestContext, organizationId: string): void {
  if (organizationId !== ctx.organizationId) {
    throw new AppError('not-found', 'Organization not found');
  }
  // The rule admits every member and the organisation is the actor's own (checked above): this never
  // refuses today; it is kept so that a narrower rule would be enforced here.
  // Stryker disable next-line ConditionalExpression,BlockStatement: never true (see above).
  if (!can(actorOf(ctx), 'textBlock.manage', { organizationId })) {
    // Stryker disable next-line StringLiteral,CallExpression: unreachable (see above).
    throw new AppError('forbidden', 'Your role does not allow working with quick messages');
  }
}

/**
 * The policy of the communication templates (docs/behaviour/quick-messages.md, "Communication
 * templates"): every member reads their organisation's sector's (`template.read`); another sector's
 * needs `template.readSms` (marketing), else 403 `forbidden`.
 */
export function authorizeTemplates(
  ctx: RequestContext,
  input: { sector: string; organizationSector: string },
): void {
  const actor = actorOf(ctx);
  // Every member reads their own organisation's sector: this never refuses today; it is kept so that
  // a narrower rule would be enforced here.
  // Stryker disable next-line ConditionalExpression,BlockStatement: never true (see above).
  if (!can(actor, 'template.read', { organizationId: ctx.organizationId })) {
    // Stryker disable next-line StringLiteral,CallExpression: unreachable (see above).
    throw new AppError('forbidden', 'Your role does not allow reading templates');
  }
  if (input.sector !== input.organizationSector && !can(actor, 'template.readSms')) {
    throw new AppError('forbidden', 'Only marketing reads the templates of another sector');
  }
}
