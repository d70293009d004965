import { AppError, type Call, type CallRecordStatus, type CallOutcome } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';
import type { CallRow } from './calls.presenter';
import { changeCall, type CallChange } from './change-call';

/**
 * The change that ends a call at `at` with `outcome` (`CALL_OUTCOMES`): phase completed when it
 * was answered, else ended; its duration in seconds from the answer (the carrier's own
 * `carrierDuration` when it gives one and the call was answered; 0 when never answered); its
 * queue row completed, its park number freed. Null when it already ended (ending is final).
 */
export function endingOf(
  row: CallRow,
  outcome: CallOutcome,
  at: Date,
  opts: { status?: CallRecordStatus; carrierDuration?: number } = {},
): CallChange {
  if (row.endedAt) return null;
  const answered = row.answeredAt !== null;
  const fromAnswer = answered
    ? Math.max(0, Math.round((at.getTime() - row.answeredAt!.getTime()) / 1000))
    : 0;
  return {
    call: {
      status: opts.status ?? outcome,
      outcome,
      phase: answered ? 'completed' : 'ended',
      onHold: false,
      endedAt: at,
      durationSeconds: answered ? (opts.carrierDuration ?? fromAnswer) : 0,
    },
    queue: { status: 'completed', parkNo: null },
  };
}

/**
 * Ends a call of the organisation (docs/behaviour/calls.md, "The call on the server"): a
 * hang-up from the panel, or the end the sandbox network reports. An inbound call nobody
 * answered is a missed call (the missed-call automatic reply follows, `changeCall`).
 * Idempotent: a call already ended is answered as it is.
 * @throws AppError 'not-found' when the organisation has no such call.
 */
export async function endCall(
  deps: Pick<AppDeps, 'db' | 'realtime' | 'log' | 'jobs'>,
  input: { organizationId: string; callId: string; outcome: CallOutcome; at?: Date },
): Promise<Call> {
  const at = input.at ?? new Date();
  const result = await changeCall(
    deps,
    and(eq(calls.organizationId, input.organizationId), eq(calls.id, input.callId))!,
    (row) => endingOf(row, input.outcome, at),
  );
  if (!result) throw new AppError('not-found', 'Call not found');
  return result.call;
}
