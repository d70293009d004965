import type { Call, CallPhaseName } from '@accueil/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { queueCalls } from '../../db/schema/calls';
import type { RequestContext } from '../../http/request-context';
import { callActionSettings } from '../phone-settings/index';
import { actOnCall, refuseCallAction } from './act-on-call';
import { callById } from './calls.policy';

/** The lowest park number (1, 2, …) no call of the organisation holds, under a lock on the organisation's park numbers. */
async function freeParkNo(tx: DbOrTx, organizationId: string): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`park:${organizationId}`}, 0))`);
  const taken = new Set(
    (
      await tx
        .select({ parkNo: queueCalls.parkNo })
        .from(queueCalls)
        .where(and(eq(queueCalls.organizationId, organizationId), isNotNull(queueCalls.parkNo)))
    ).map((r) => r.parkNo),
  );
  let parkNo = 1;
  while (taken.has(parkNo)) parkNo += 1;
  return parkNo;
}

/**
 * POST /api/voice/v1/queues/park/:id: the caller waits under the organisation's lowest free park
 * number (phase parked) until someone picks the call. A call ringing, queued, under way or held
 * may be parked; parking a parked call changes nothing; an ended call answers 409, and so does
 * a call when every park number the organisation has (its Phones settings' `parkSlots`) is taken.
 */
export async function parkCall(deps: AppDeps, ctx: RequestContext, callId: string): Promise<Call> {
  const { parkSlots } = await callActionSettings(deps, { organizationId: ctx.organizationId, teamId: null });
  return actOnCall(deps, ctx, callById(ctx, callId), async (row, _queue, tx) => {
    if (row.phase === 'parked') return { change: null };
    const parkable: CallPhaseName[] = ['ringing', 'queued', 'in-progress', 'hold'];
    if (row.endedAt || !parkable.includes(row.phase)) throw refuseCallAction('This call cannot be parked');
    const parkNo = await freeParkNo(tx, row.organizationId);
    if (parkNo > parkSlots) throw refuseCallAction('Every park slot is taken');
    return {
      change: { call: { phase: 'parked', onHold: false }, queue: { status: 'parked', parkNo } },
      instruction: { kind: 'park', parkNo },
    };
  });
}
