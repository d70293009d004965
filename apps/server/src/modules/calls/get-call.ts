import type { Call } from '@accueil/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';
import type { RequestContext } from '../../http/request-context';
import { loadCallView } from './call-views';
import { authorizeCall, callById, callNotFound } from './calls.policy';

/**
 * GET /api/voice/v1/calls/:id, or `…/sid/:sid` by the carrier's id: one call of the current
 * team (the panel reads its status; an outbound call's panel polls it until the callee answered).
 * @throws AppError 'not-found' (another organisation's call too), 'forbidden' (another team's).
 */
export async function getCall(
  deps: Pick<AppDeps, 'db' | 'voice'>,
  ctx: RequestContext,
  by: { id: string } | { sid: string },
): Promise<Call> {
  const where: SQL =
    'id' in by
      ? callById(ctx, by.id)
      : and(
          eq(calls.organizationId, ctx.organizationId),
          eq(calls.carrier, deps.voice.name),
          eq(calls.callSid, by.sid),
        )!;
  const call = await loadCallView(deps.db, where);
  if (!call) throw callNotFound();
  authorizeCall(ctx, { organizationId: call.organizationId, teamId: call.userGroupId });
  return call;
}
