import { AppError, type Call } from '@accueil/domain';
import type { SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { CarrierError, SIP_LINE_UNREACHABLE, type CallInstruction } from '../../carriers/voice/voice-carrier';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../http/request-context';
import type { CallRow, QueueCallRow } from './calls.presenter';
import { authorizeCall, callNotFound } from './calls.policy';
import { changeCall, type CallChange } from './change-call';

/** What an action decided: the call's change (null: nothing to do, the call is already there) and where the carrier sends the live call. */
export type CallActionPlan = { change: CallChange; instruction?: CallInstruction };

/** The carrier's queue of a team's calls (its inbound calls wait there, and those sent to it). */
export const teamQueueName = (teamId: string) => `team:${teamId}`;

/** The 409 of an action the call's state refuses (docs/behaviour/calls.md, "Call actions"). */
export function refuseCallAction(message: string): AppError {
  return new AppError('call-state-conflict', message);
}

/**
 * A voice carrier's refusal as the API answers it: a SIP line nobody can take the call on
 * (`SIP_LINE_UNREACHABLE`) → 409 `sip-line-unreachable`; `permanent` (the carrier says the live call
 * cannot be moved, e.g. it has ended) → 409 `call-state-conflict`; any other (temporary, auth,
 * rate-limited) → 502 `carrier-unavailable`. Other errors pass unchanged.
 */
export function carrierRefusal(error: unknown): unknown {
  if (!(error instanceof CarrierError)) return error;
  if (error.carrierCode === SIP_LINE_UNREACHABLE) return new AppError('sip-line-unreachable', error.message);
  if (error.kind === 'permanent')
    return new AppError('call-state-conflict', `The carrier refused: ${error.message}`);
  return new AppError('carrier-unavailable', `The voice carrier is unavailable: ${error.message}`);
}

/**
 * Runs one action of the call panel on the call matching `where` (tenant-scoped): under the
 * call's lock, authorises it (`call.handle`), lets `plan` decide (or refuse with
 * `refuseCallAction`), asks the carrier to move the live call (`deps.voice.redirect`; a call the
 * carrier has no id for yet is only recorded), then writes the change (`changeCall`: a new
 * version, `call:updated`). A carrier failure rolls everything back.
 * @throws AppError 'not-found' (another organisation's call too), 'forbidden' (another team's),
 *   'call-state-conflict' (409, also when the carrier says the call cannot be moved),
 *   'carrier-unavailable' (502).
 */
export async function actOnCall(
  deps: AppDeps,
  ctx: RequestContext,
  where: SQL,
  plan: (row: CallRow, queue: QueueCallRow | null, tx: DbOrTx) => CallActionPlan | Promise<CallActionPlan>,
): Promise<Call> {
  const result = await changeCall(deps, where, async (row, queue, tx) => {
    authorizeCall(ctx, row);
    const decided = await plan(row, queue, tx);
    // A call that rings members again (a transfer, a pick) rings those: their declines count (`declineRinging`).
    if (decided.change && decided.instruction?.kind === 'ring' && decided.change.call.phase === 'ringing') {
      decided.change.call.ringingUserIds = [...decided.instruction.identities];
    }
    if (decided.change && decided.instruction && row.callSid) {
      await deps.voice
        .redirect({ callSid: row.callSid, instruction: decided.instruction })
        .catch((error: unknown) => {
          throw carrierRefusal(error);
        });
    }
    return decided.change;
  });
  if (!result) throw callNotFound();
  return result.call;
}
