import type { CountryCode } from 'libphonenumber-js';
import { assertUnreachable } from '../errors';
import { normalizeOutboundPhone } from '../validators/phone';
import { CALL_DETAILS_MAX_FAILURES, HEADSET_HANG_UP_GRACE_MS } from './constants';

/**
 * The browser's call, as one pure machine (docs/behaviour/calls.md, "The call in the browser"):
 * idle → incoming (ringing, not accepted) → on call once accepted → idle on disconnect.
 * Outbound calls are on call from the start but not accepted until the carrier connects the
 * leg; calls handed over by the queue are on call and accepted at once.
 */
export const VOICE_CALL_PHASES = ['idle', 'incoming', 'on-call'] as const;
export type VoiceCallPhase = (typeof VOICE_CALL_PHASES)[number];

/** Where an inbound call came from: dialled directly, handed over by the queue, or transferred. */
export type CallOrigin = 'direct' | 'queue' | 'transfer';
export type CallDirection = 'inbound' | 'outbound';

/** Hold as a sequence: `holding` and `resuming` wait for the server's answer. */
export type HoldState = 'none' | 'holding' | 'held' | 'resuming';

/** The call this browser is busy with. Times are epoch milliseconds. */
export interface CurrentCall {
  callId: string;
  direction: CallDirection;
  origin: CallOrigin;
  /** The team the call was placed to (inbound), or null. */
  forTeamId: string | null;
  /** Inbound: the user answered. Outbound: the carrier connected the leg. */
  accepted: boolean;
  /** Outbound: the callee picked up (the call's details carry an answer time). */
  answered: boolean;
  hold: HoldState;
  muted: boolean;
  transferring: boolean;
  queueing: boolean;
  /** Last hold or mute change, for the headset grace. */
  lastHoldOrMuteAt: number | null;
  detailFailures: number;
}

export interface VoiceCallSnapshot {
  phase: VoiceCallPhase;
  call: CurrentCall | null;
}

export const initialVoiceCall: VoiceCallSnapshot = { phase: 'idle', call: null };

/** A transfer's target: a team, a user of a team, a SIP line (chosen under a team, or of no team: `teamId` null), or an extension. */
export type TransferTarget =
  | { kind: 'team'; teamId: string }
  | { kind: 'user'; teamId: string; userId: string }
  | { kind: 'sip'; teamId: string | null; sip: string }
  | { kind: 'extension'; extensionId: string };

/** What the user, the voice device and the server report. */
export type VoiceCallEvent =
  | { type: 'incoming'; callId: string; origin: CallOrigin; forTeamId: string | null }
  | { type: 'dial'; callId: string; input: string; country: CountryCode }
  | { type: 'accept'; currentTeamId: string | null }
  | { type: 'reject' }
  | { type: 'connected' }
  | { type: 'details'; answered: boolean }
  | { type: 'details-failed' }
  | { type: 'hang-up' }
  | { type: 'headset-hang-up'; at: number }
  | { type: 'ended' }
  | { type: 'toggle-hold'; at: number }
  | { type: 'hold-done' }
  | { type: 'hold-failed' }
  | { type: 'resume-done' }
  | { type: 'resume-failed' }
  | { type: 'toggle-mute'; at: number }
  | { type: 'transfer'; target: TransferTarget }
  | { type: 'transfer-done' }
  | { type: 'transfer-failed' }
  | { type: 'send-to-queue' }
  | { type: 'queue-done' }
  | { type: 'queue-failed' };

/** Notices the web shows; each has a localised message. */
export type VoiceCallNotice =
  | 'call-in-progress'
  | 'phone-invalid'
  | 'switched-team'
  | 'hold-failed'
  | 'resume-failed'
  | 'transfer-failed'
  | 'queue-failed'
  | 'call-lost';

/** What the machine asks the voice device, the server or the screen to do, in order. */
export type VoiceCallEffect =
  | { type: 'notify'; notice: VoiceCallNotice }
  | { type: 'reject-call'; callId: string }
  | { type: 'connect'; callId: string; to: string }
  | { type: 'answer'; callId: string }
  | { type: 'disconnect'; callId: string }
  | { type: 'start-details-poll'; callId: string }
  | { type: 'stop-details-poll' }
  | { type: 'server-hold'; callId: string }
  | { type: 'server-resume'; callId: string }
  | { type: 'mute' }
  | { type: 'unmute' }
  | { type: 'transfer'; callId: string; target: TransferTarget }
  | { type: 'enqueue'; callId: string }
  | { type: 'switch-team'; teamId: string }
  | { type: 'open-conversation'; callId: string };

export interface VoiceCallTransition {
  snapshot: VoiceCallSnapshot;
  effects: VoiceCallEffect[];
}

const stay = (snapshot: VoiceCallSnapshot, effects: VoiceCallEffect[] = []): VoiceCallTransition => ({
  snapshot,
  effects,
});
const idle = (effects: VoiceCallEffect[] = []): VoiceCallTransition => ({
  snapshot: initialVoiceCall,
  effects,
});
const update = (
  snapshot: VoiceCallSnapshot,
  patch: Partial<CurrentCall>,
  effects: VoiceCallEffect[] = [],
): VoiceCallTransition => ({
  snapshot: { phase: snapshot.phase, call: { ...(snapshot.call as CurrentCall), ...patch } },
  effects,
});

/** A call as it starts: not answered, not held, not muted, nothing leaving. */
export function newCurrentCall(
  callId: string,
  direction: CallDirection,
  origin: CallOrigin,
  forTeamId: string | null,
  accepted: boolean,
): CurrentCall {
  return {
    callId,
    direction,
    origin,
    forTeamId,
    accepted,
    answered: false,
    hold: 'none',
    muted: false,
    transferring: false,
    queueing: false,
    lastHoldOrMuteAt: null,
    detailFailures: 0,
  };
}

/** True while a call rings or is under way: a second call is refused and no call can be placed. */
export function isBusy(snapshot: VoiceCallSnapshot): boolean {
  return snapshot.phase !== 'idle';
}

/** Hold and resume need an accepted call, no transfer under way and no pending hold change. */
export function canToggleHold(snapshot: VoiceCallSnapshot): boolean {
  const call = snapshot.call;
  return (
    snapshot.phase === 'on-call' &&
    !!call &&
    call.accepted &&
    !call.transferring &&
    !call.queueing &&
    (call.hold === 'none' || call.hold === 'held')
  );
}

/** Transfer and send-to-queue need an accepted call that is not already leaving. */
export function canHandOver(snapshot: VoiceCallSnapshot): boolean {
  const call = snapshot.call;
  return snapshot.phase === 'on-call' && !!call && call.accepted && !call.transferring && !call.queueing;
}

/**
 * The call's rules as a pure function: (snapshot, event) → next snapshot + effects.
 * - A call arriving while another rings or is under way is rejected; the current one goes on.
 * - Dialling while busy notifies 'call-in-progress'; an invalid number 'phone-invalid'.
 * - An outbound call polls its details once connected until the callee answers; more than
 *   CALL_DETAILS_MAX_FAILURES failed lookups hang it up.
 * - Answering a call meant for another team switches to that team, says so, and opens the
 *   call's conversation.
 * - Hold = server hold, then mute; resume = unmute, then server resume. A failure undoes the
 *   local half and notifies. Hold is refused during a transfer or a hand-over to the queue.
 * - A headset hang-up within HEADSET_HANG_UP_GRACE_MS of a hold or mute change is ignored.
 * Events that do not apply to the current state are ignored (no effects).
 */
export function transitionVoiceCall(snapshot: VoiceCallSnapshot, event: VoiceCallEvent): VoiceCallTransition {
  const { phase, call } = snapshot;
  switch (event.type) {
    case 'incoming':
      if (isBusy(snapshot)) return stay(snapshot, [{ type: 'reject-call', callId: event.callId }]);
      if (event.origin === 'queue') {
        return {
          snapshot: {
            phase: 'on-call',
            call: newCurrentCall(event.callId, 'inbound', 'queue', event.forTeamId, true),
          },
          effects: [],
        };
      }
      return {
        snapshot: {
          phase: 'incoming',
          call: newCurrentCall(event.callId, 'inbound', event.origin, event.forTeamId, false),
        },
        effects: [],
      };
    case 'dial': {
      if (isBusy(snapshot)) return stay(snapshot, [{ type: 'notify', notice: 'call-in-progress' }]);
      const to = normalizeOutboundPhone(event.input, event.country);
      if (!to) return stay(snapshot, [{ type: 'notify', notice: 'phone-invalid' }]);
      return {
        snapshot: { phase: 'on-call', call: newCurrentCall(event.callId, 'outbound', 'direct', null, false) },
        effects: [{ type: 'connect', callId: event.callId, to }],
      };
    }
    case 'accept': {
      if (phase !== 'incoming' || !call) return stay(snapshot);
      const effects: VoiceCallEffect[] = [{ type: 'answer', callId: call.callId }];
      if (call.forTeamId && call.forTeamId !== event.currentTeamId) {
        effects.push(
          { type: 'switch-team', teamId: call.forTeamId },
          { type: 'notify', notice: 'switched-team' },
          { type: 'open-conversation', callId: call.callId },
        );
      }
      return { snapshot: { phase: 'on-call', call: { ...call, accepted: true } }, effects };
    }
    case 'reject':
      if (phase !== 'incoming' || !call) return stay(snapshot);
      return idle([{ type: 'reject-call', callId: call.callId }]);
    case 'connected':
      if (phase !== 'on-call' || !call || call.direction !== 'outbound' || call.accepted)
        return stay(snapshot);
      return update(snapshot, { accepted: true }, [{ type: 'start-details-poll', callId: call.callId }]);
    case 'details':
      if (!call || call.direction !== 'outbound' || !call.accepted || call.answered) return stay(snapshot);
      if (!event.answered) return stay(snapshot);
      return update(snapshot, { answered: true }, [{ type: 'stop-details-poll' }]);
    case 'details-failed': {
      // Failures add up over the whole wait (not only consecutive ones).
      if (!call || call.direction !== 'outbound' || !call.accepted || call.answered) return stay(snapshot);
      const failures = call.detailFailures + 1;
      if (failures > CALL_DETAILS_MAX_FAILURES) {
        return idle([
          { type: 'stop-details-poll' },
          { type: 'disconnect', callId: call.callId },
          { type: 'notify', notice: 'call-lost' },
        ]);
      }
      return update(snapshot, { detailFailures: failures });
    }
    case 'hang-up':
      if (!call) return stay(snapshot);
      if (phase === 'incoming') return idle([{ type: 'reject-call', callId: call.callId }]);
      return idle(endEffects(call));
    case 'headset-hang-up':
      if (phase !== 'on-call' || !call) return stay(snapshot);
      if (call.lastHoldOrMuteAt !== null && event.at - call.lastHoldOrMuteAt < HEADSET_HANG_UP_GRACE_MS)
        return stay(snapshot);
      return idle(endEffects(call));
    case 'ended':
      // The caller cancelled, the callee hung up, or the carrier dropped the call.
      if (!call) return stay(snapshot);
      return idle(
        call.direction === 'outbound' && !call.answered && call.accepted
          ? [{ type: 'stop-details-poll' }]
          : [],
      );
    case 'toggle-hold':
      if (!call || !canToggleHold(snapshot)) return stay(snapshot);
      if (call.hold === 'none')
        return update(snapshot, { hold: 'holding', lastHoldOrMuteAt: event.at }, [
          { type: 'server-hold', callId: call.callId },
        ]);
      return update(snapshot, { hold: 'resuming', muted: false, lastHoldOrMuteAt: event.at }, [
        { type: 'unmute' },
        { type: 'server-resume', callId: call.callId },
      ]);
    case 'hold-done':
      if (!call || call.hold !== 'holding') return stay(snapshot);
      return update(snapshot, { hold: 'held', muted: true }, [{ type: 'mute' }]);
    case 'hold-failed':
      if (!call || call.hold !== 'holding') return stay(snapshot);
      return update(snapshot, { hold: 'none' }, [{ type: 'notify', notice: 'hold-failed' }]);
    case 'resume-done':
      if (!call || call.hold !== 'resuming') return stay(snapshot);
      return update(snapshot, { hold: 'none' });
    case 'resume-failed':
      // The caller is still held by the server: mute again so the two halves agree.
      if (!call || call.hold !== 'resuming') return stay(snapshot);
      return update(snapshot, { hold: 'held', muted: true }, [
        { type: 'mute' },
        { type: 'notify', notice: 'resume-failed' },
      ]);
    case 'toggle-mute':
      if (phase !== 'on-call' || !call || call.hold !== 'none') return stay(snapshot);
      return update(snapshot, { muted: !call.muted, lastHoldOrMuteAt: event.at }, [
        { type: call.muted ? 'unmute' : 'mute' },
      ]);
    case 'transfer':
      if (!call || !canHandOver(snapshot)) return stay(snapshot);
      return update(snapshot, { transferring: true }, [
        { type: 'transfer', callId: call.callId, target: event.target },
      ]);
    case 'transfer-done':
      if (!call || !call.transferring) return stay(snapshot);
      return idle();
    case 'transfer-failed':
      if (!call || !call.transferring) return stay(snapshot);
      return update(snapshot, { transferring: false }, [{ type: 'notify', notice: 'transfer-failed' }]);
    case 'send-to-queue':
      if (!call || !canHandOver(snapshot)) return stay(snapshot);
      return update(snapshot, { queueing: true }, [{ type: 'enqueue', callId: call.callId }]);
    case 'queue-done':
      if (!call || !call.queueing) return stay(snapshot);
      return idle();
    case 'queue-failed':
      if (!call || !call.queueing) return stay(snapshot);
      return update(snapshot, { queueing: false }, [{ type: 'notify', notice: 'queue-failed' }]);
    // Stryker disable next-line ConditionalExpression: unreachable, the switch covers every event type.
    default:
      return assertUnreachable(event);
  }
}

function endEffects(call: CurrentCall): VoiceCallEffect[] {
  const pollRuns = call.direction === 'outbound' && call.accepted && !call.answered;
  return [
    ...(pollRuns ? [{ type: 'stop-details-poll' } as const] : []),
    { type: 'disconnect', callId: call.callId },
  ];
}
