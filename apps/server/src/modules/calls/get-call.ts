import type { Call } from '@accueil/domain';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';
import type { RequestContext } from '../../http/request-context';
import { loadCallRow, presentCallRows } from './call-views';
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
  const row = await loadCallRow(deps.db, where);
  if (!row) throw callNotFound();
  authorizeCall(ctx, row);
  return (await presentCallRows(deps.db, [row]))[0]!;
}
