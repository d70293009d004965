import { AppError, ROLES, type Role } from '@accueil/domain';
import type { RequestContext } from '../http/request-context';

/** The organisation and current team of the request contexts `policyContext` makes. */
export const ORG = '11111111-1111-4111-8111-111111111111';
export const TEAM = '22222222-2222-4222-8222-222222222222';
/** Another organisation (its rows must answer 404, as missing ones). */
export const OTHER_ORG = '55555555-5555-4555-8555-555555555555';

/**
 * A signed-in request's context for a policy's unit test: a `user` of `ORG` working in `TEAM`,
 * with `over` applied.
 */
export function policyContext(over: Partial<RequestContext> = {}): RequestContext {
  return {
    organizationId: ORG,
    userId: '33333333-3333-4333-8333-333333333333',
    sessionId: '44444444-4444-4444-8444-444444444444',
    role: 'user',
    teamId: TEAM,
    ...over,
  };
}

/**
 * What a policy answers: null when it lets the use case go on, else the refusal's
 * `[status, code]` (any other error is returned as is, so a test sees it).
 */
export function refusalOf(policy: () => unknown): unknown {
  try {
    policy();
    return null;
  } catch (error) {
    return error instanceof AppError ? [error.status, error.code] : error;
  }
}

/** The roles `policy` lets through (each role tried once; a refused role is left out). */
export function rolesAllowed(policy: (role: Role) => unknown): Role[] {
  return ROLES.filter((role) => refusalOf(() => policy(role)) === null);
}
