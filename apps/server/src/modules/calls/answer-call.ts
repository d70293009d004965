import { AppError, canMoveCallPhase, type Call } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { HostDeps } from '../../app-deps';
import { calls } from '../../db/schema/calls';
import { changeCall } from './change-call';

/**
 * A staff member answered an inbound call (their voice device accepted it: the carrier's dial
 * or queue callback, or the sandbox's device through POST /api/voice/v1/calls/:id/answer):
 * phase in progress, `answeredAt`, `answeredBy`, its queue row in progress. Answering it again
 * changes nothing.
 * @throws AppError 'not-found' when the organisation has no such call; 'call-state-conflict'
 *   (409) when it ended, or its phase cannot move to in progress.
 */
export async function answerCall(
  deps: Pick<HostDeps, 'db' | 'realtime' | 'log' | 'jobs'>,
  input: { organizationId: string; callId: string; userId: string; at?: Date },
): Promise<Call> {
  const at = input.at ?? new Date();
  const result = await changeCall(
    deps,
    and(eq(calls.organizationId, input.organizationId), eq(calls.id, input.callId))!,
    (row, queue) => {
      if (row.answeredBy === input.userId && row.phase === 'in-progress') return null;
      if (row.endedAt || !canMoveCallPhase(row.phase, 'in-progress'))
        throw new AppError('call-state-conflict', 'This call can no longer be answered');
      return {
        call: {
          phase: 'in-progress',
          status: 'in-progress',
          answeredAt: row.answeredAt ?? at,
          answeredBy: input.userId,
          onHold: false,
        },
        ...(queue ? { queue: { status: 'in-progress', parkNo: null } } : {}),
      };
    },
  );
  if (!result) throw new AppError('not-found', 'Call not found');
  return result.call;
}
