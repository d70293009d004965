import {
  callPhaseNumber,
  isMissedCall,
  type Call,
  type CallRecordStatus,
  type CallOutcome,
  type QueueCallStatus,
} from '@accueil/domain';
import type { calls, callRecordings, queueCalls } from '../../db/schema/calls';

export type CallRow = typeof calls.$inferSelect;
export type QueueCallRow = typeof queueCalls.$inferSelect;
export type CallRecordingRow = typeof callRecordings.$inferSelect;

/** A stored call, its queue row and its voicemail, as the API shows it (no column leaks by accident). */
export function presentCall(
  row: CallRow,
  queue: QueueCallRow | null,
  voicemail: CallRecordingRow | null,
): Call {
  const over = row.endedAt !== null;
  return {
    id: row.id,
    organizationId: row.organizationId,
    userGroupId: row.teamId,
    conversationId: row.conversationId,
    contactId: row.contactId,
    direction: row.direction as Call['direction'],
    from: row.from,
    to: row.to,
    carrier: row.carrier,
    callSid: row.callSid,
    status: row.status as CallRecordStatus,
    // The spec's number: the API's phase is numeric, ours is a name (CALL_PHASE_NUMBERS).
    phase: callPhaseNumber(row.phase),
    outcome: row.outcome as CallOutcome | null,
    route: row.route as Call['route'],
    version: row.version,
    onHold: row.onHold,
    transferred: row.transferred,
    fromGroupId: row.fromTeamId,
    placedBy: row.placedBy,
    answeredBy: row.answeredBy,
    startedAt: row.startedAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
    duration: row.durationSeconds,
    // A voicemail is a missed call as soon as it is left; otherwise once the call is over.
    missed:
      (over || voicemail !== null) &&
      isMissedCall({ direction: row.direction as Call['direction'], answeredAt: row.answeredAt }),
    queue: queue
      ? {
          status: queue.status as QueueCallStatus,
          parkNo: queue.parkNo,
          queuedAt: queue.queuedAt.toISOString(),
        }
      : null,
    voicemail: voicemail
      ? { id: voicemail.id, duration: voicemail.durationSeconds, deleted: voicemail.status === 'deleted' }
      : null,
  };
}
