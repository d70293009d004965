import { AppError, can } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/**
 * Who may change the professionals and their availability categories: administrators of the
 * organisation (docs/behaviour/agenda.md).
 * @throws AppError 'forbidden' when the rules refuse it.
 */
export function requireProfessionalManager(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'professional.manage', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', 'Only administrators manage professionals and their availabilities');
  }
}

/**
 * Who may book, move and cancel appointments: every member of the organisation.
 * The subject is the actor's own organisation, so today this never refuses: it is kept so that a
 * narrower rule would be enforced here.
 * @throws AppError 'forbidden' when the rules refuse it.
 */
// Stryker disable next-line BlockStatement: never refuses (see above), so an empty body changes nothing.
export function requireAppointmentManager(ctx: RequestContext): void {
  // Stryker disable next-line ConditionalExpression,BlockStatement: never true (see above).
  if (!can(actorOf(ctx), 'appointment.manage', { organizationId: ctx.organizationId })) {
    // Stryker disable next-line StringLiteral,CallExpression: unreachable (see above).
    throw new AppError('forbidden', 'Your role does not allow managing appointments');
  }
}

/**
 * The answer for a row that is missing or of another organisation: the same 404 either way
 * (queries are scoped by the organisation, so another organisation's row is never read).
 */
export function agendaNotFound(
  what: 'Professional' | 'Availability category' | 'Appointment' | 'Contact',
): AppError {
  return new AppError('not-found', `${what} not found`);
}
