import type { SchedulePeriod } from '../schedules/schedule';
import type { PresenceStatus } from '../entities/user';
import type { CallPhaseName, CallOutcome, VoiceRecordStatus } from './constants';

/**
 * The rules of a call as the server keeps it (docs/behaviour/calls.md, "The call on the
 * server"): which phase may follow which, what a carrier's status means for the phase, when a
 * call counts as missed, and where an inbound call goes.
 */

/**
 * The phases each phase may move to. Not numeric order: a queued or parked call rings a user
 * again, a held call comes back in progress, a transferred call rings its new target. A ringing
 * call may be parked, like a queue call. Completed (answered, then hung up) may still be closed
 * as ended; ended is final.
 */
const NEXT_PHASES: Record<CallPhaseName, readonly CallPhaseName[]> = {
  initiated: ['ringing', 'in-progress', 'queued', 'completed', 'ended'],
  ringing: ['in-progress', 'queued', 'parked', 'completed', 'ended'],
  'in-progress': ['ringing', 'queued', 'parked', 'hold', 'completed', 'ended'],
  queued: ['ringing', 'in-progress', 'parked', 'completed', 'ended'],
  parked: ['ringing', 'in-progress', 'completed', 'ended'],
  hold: ['in-progress', 'ringing', 'queued', 'parked', 'completed', 'ended'],
  completed: ['ended'],
  // Stryker disable next-line ArrayDeclaration: the mutant's ["Stryker was here"] names no phase, so it admits none either.
  ended: [],
};

/** True when a call in phase `from` may move to `to` (the same phase is no move). */
export function canMoveCallPhase(from: CallPhaseName, to: CallPhaseName): boolean {
  return NEXT_PHASES[from].includes(to);
}

/** True once the call is over (completed or ended): nothing moves it back. */
export function isCallOver(phase: CallPhaseName): boolean {
  return phase === 'completed' || phase === 'ended';
}

/**
 * The phase a carrier's call status stands for: queued and initiated → initiated, ringing →
 * ringing, in-progress and answered → in progress, completed → completed, busy, failed,
 * no-answer and canceled → ended. Null for a status that says nothing of the call's phase
 * (`callback-request`).
 */
export function phaseOfCarrierStatus(status: VoiceRecordStatus | 'initiated'): CallPhaseName | null {
  switch (status) {
    case 'queued':
    case 'initiated':
      return 'initiated';
    case 'ringing':
      return 'ringing';
    case 'in-progress':
    case 'answered':
      return 'in-progress';
    case 'completed':
      return 'completed';
    case 'busy':
    case 'failed':
    case 'no-answer':
    case 'canceled':
      return 'ended';
    case 'callback-request':
      return null;
  }
}

/** The order of a leg's progress as a carrier reports it: a report only ever moves it on. */
const PROGRESS: readonly string[] = ['initiated', 'queued', 'ringing', 'in-progress'];

/**
 * True when a carrier's non-final status moves a leg on from `from` (initiated or queued →
 * ringing → in progress; `answered` counts as in progress): reports arrive out of order, and a
 * late `ringing` after the answer changes nothing.
 */
export function isLaterCarrierStatus(from: string, to: VoiceRecordStatus | 'initiated'): boolean {
  const rank = (s: string) => PROGRESS.indexOf(s === 'answered' ? 'in-progress' : s);
  return rank(to) > rank(from);
}

/**
 * The outcome kept when a call ends (`CALL_OUTCOMES`): the carrier's final status, `failed`
 * read as `no-answer` (the caller was not reached either way); null while the call goes on.
 */
export function callOutcomeOf(status: VoiceRecordStatus | 'initiated'): CallOutcome | null {
  switch (status) {
    case 'completed':
    case 'busy':
    case 'canceled':
    case 'no-answer':
      return status;
    case 'failed':
      return 'no-answer';
    case 'initiated':
    case 'queued':
    case 'ringing':
    case 'in-progress':
    case 'answered':
    case 'callback-request':
      return null;
  }
}

/**
 * A missed call: an inbound call that ended without a staff member answering it (nobody
 * picked up, the caller hung up while it rang or waited in the queue, it went to voicemail).
 * It triggers the missed-call automatic reply.
 */
export function isMissedCall(call: {
  direction: 'inbound' | 'outbound';
  answeredAt: Date | string | null;
}): boolean {
  return call.direction === 'inbound' && call.answeredAt === null;
}

/** Where an inbound call goes: the queue, straight to the team's users, or voicemail. */
export type InboundCallRoute = 'queue' | 'ring' | 'voicemail';

/**
 * Where an inbound call goes, from the team's period at that instant and the organisation's
 * options: outside opening hours (closed, a break, a vacation) → voicemail, with that period's
 * greeting; open → the queue when the organisation has it on, else it rings the team's users
 * who take calls; open with nobody to ring and no queue → voicemail.
 */
export function routeInboundCall(input: {
  period: SchedulePeriod;
  queueEnabled: boolean;
  reachableUsers: number;
}): InboundCallRoute {
  if (input.period !== 'OPEN') return 'voicemail';
  if (input.queueEnabled) return 'queue';
  return input.reachableUsers > 0 ? 'ring' : 'voicemail';
}

/** What decides whether a member of the called team is rung (`canTakeInboundCall`). */
export type InboundCallTaker = {
  /** An administrator disabled the account. */
  disabled: boolean;
  /** The user's own setting "take incoming calls" (users' settings). */
  allowIncomingCalls: boolean;
  /** Their presence (docs/behaviour/realtime.md, "Presence"). */
  status: PresenceStatus;
  /** Already on a call: one they answered that is under way or held. */
  onCall: boolean;
};

/**
 * Whether an inbound call rings this member (docs/behaviour/calls.md, "The call on the server"):
 * an active account that takes incoming calls, online (not away, busy or offline: nobody is
 * there to answer), and not already on a call. The count of those is `routeInboundCall`'s
 * `reachableUsers`.
 */
export function canTakeInboundCall(user: InboundCallTaker): boolean {
  return !user.disabled && user.allowIncomingCalls && user.status === 'online' && !user.onCall;
}
