import {
  AppError,
  can,
  TIER_PERMISSION_CODES,
  type Actor,
  type OrganizationTier,
  type TierCode,
} from '@accueil/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import { calls } from '../../db/schema/calls';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/** The answer for a call outside the request's organisation, or that does not exist: the same 404 either way. */
export function callNotFound(): AppError {
  return new AppError('not-found', 'Call not found');
}

/** The tenant predicate of a call by id: another organisation's id matches nothing. */
export function callById(ctx: RequestContext, id: string): SQL {
  return and(eq(calls.organizationId, ctx.organizationId), eq(calls.id, id))!;
}

/**
 * The policy of every call action (`call.handle`: members of the call's team, from its inbox):
 * lets the use case go on, or throws. A missing call and another organisation's answer the same
 * 404; a call of another team of the organisation answers 403 `forbidden`.
 */
export function authorizeCall(
  ctx: RequestContext,
  row: { organizationId: string; teamId: string } | null | undefined,
): asserts row is { organizationId: string; teamId: string } {
  if (!row || row.organizationId !== ctx.organizationId) throw callNotFound();
  if (!can(actorOf(ctx), 'call.handle', { organizationId: row.organizationId, userGroupId: row.teamId })) {
    throw new AppError('forbidden', "This call belongs to another team's inbox");
  }
}

/** The actor with the organisation's tier codes (the rules of outgoing calls and extension transfers read them). */
export function actorWithTier(ctx: RequestContext, tier: OrganizationTier | null): Actor {
  const codes = tier?.permissions?.flatMap((p): TierCode[] =>
    p in TIER_PERMISSION_CODES ? [TIER_PERMISSION_CODES[p as keyof typeof TIER_PERMISSION_CODES]] : [],
  );
  return { ...actorOf(ctx), tier: codes ?? null };
}
