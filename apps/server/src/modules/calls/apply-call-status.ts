import {
  callOutcomeOf,
  canMoveCallPhase,
  isLaterCarrierStatus,
  phaseOfCarrierStatus,
  type Call,
  type CallRecordStatus,
} from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';
import { changeCall, type CallChange } from './change-call';
import { endingOf } from './end-call';
import type { CallRow } from './calls.presenter';

/**
 * A call status the carrier reported (Twilio's status callback): its id for the call, the
 * status, and the call's length in seconds as the carrier measured it (on the final report).
 */
export type CallStatusUpdate = {
  carrier: string;
  callSid: string;
  status: CallRecordStatus;
  duration?: number;
  at?: Date;
};

/**
 * The change a carrier's status makes (pure apart from the clock):
 * - a final status (completed, busy, no-answer, canceled, failed) ends the call (`endingOf`);
 * - an outbound call follows the callee's leg: ringing, then in progress once the callee
 *   answered (`answeredAt`), each only if it moves the leg on (`isLaterCarrierStatus`) and the
 *   phase may move there (`canMoveCallPhase`);
 * - an inbound call's leg is the caller's, answered by the carrier's own greeting: its ringing
 *   or in-progress says nothing of staff answering (`answerCall` does), so only the status is kept.
 * A status already stored, or one the phase cannot move to (a late `ringing`), changes nothing.
 */
export function changeForStatus(row: CallRow, update: CallStatusUpdate, at: Date): CallChange {
  if (row.endedAt) return null;
  const outcome = callOutcomeOf(update.status);
  if (outcome) return endingOf(row, outcome, at, { status: update.status, carrierDuration: update.duration });
  if (row.status === update.status) return null;
  const phase = phaseOfCarrierStatus(update.status);
  if (row.direction === 'inbound' || phase === null) return { call: { status: update.status } };
  if (!isLaterCarrierStatus(row.status, update.status) || !canMoveCallPhase(row.phase, phase)) return null;
  const answering = update.status === 'in-progress' || update.status === 'answered';
  return {
    call: { status: update.status, phase, ...(answering && !row.answeredAt ? { answeredAt: at } : {}) },
  };
}

/**
 * Applies a carrier's call status (docs/behaviour/calls.md, "The call on the server"):
 * idempotent and never backwards (`changeForStatus`); each real change is a new version and a
 * `call:updated`; an inbound call that ends unanswered is a missed call (its automatic reply
 * follows). Runs under the carrier's system access (the call is found by the carrier's id).
 * Null when no call has that id (a call this app never stored: ignored).
 */
export async function applyCallStatus(
  deps: Pick<HostDeps, 'db' | 'realtime' | 'log' | 'jobs'>,
  update: CallStatusUpdate,
): Promise<Call | null> {
  const at = update.at ?? new Date();
  const result = await changeCall(
    deps,
    and(eq(calls.carrier, update.carrier), eq(calls.callSid, update.callSid))!,
    (row) => changeForStatus(row, update, at),
  );
  return result?.call ?? null;
}
