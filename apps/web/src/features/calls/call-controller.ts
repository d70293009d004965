import {
  CALL_DETAILS_POLL_MS,
  initialVoiceCall,
  transferRequestOf,
  transitionVoiceCall,
  type TransferCallRequest,
  type TransferTarget,
  type VoiceCallEffect,
  type VoiceCallEvent,
  type VoiceCallNotice,
  type VoiceCallSnapshot,
} from '@accueil/domain';
import { microphoneProblemOf, type MicrophoneProblem } from './microphone-problem';
import type { VoiceDevice, VoiceDeviceReport } from './voice-device';

/** A country whose numbering applies to a typed number (the machine's `dial` event's). */
export type DialCountry = Extract<VoiceCallEvent, { type: 'dial' }>['country'];

/** The call as the panel shows it: the machine's snapshot, who is on the line, since when. */
export interface CallView {
  snapshot: VoiceCallSnapshot;
  /** The other end's number (E.164), when known. */
  number: string | null;
  /** Epoch ms the call was answered (the duration counts from it), or null. */
  answeredAt: number | null;
  /**
   * The server's record says this inbound call reached the user through a transfer: the team it
   * came from (null when unknown). Null for any other call.
   */
  transferredFrom: { teamId: string | null } | null;
}

/**
 * The server's call actions the panel uses (docs/behaviour/calls.md, "Call actions"), by the
 * carrier's id of the call (the device's call id). Each rejects when the server refuses.
 */
export interface CallServerActions {
  /** Holds the caller (hold music). */
  hold(callSid: string): Promise<void>;
  /** Takes the caller off hold, back to this user. */
  resume(callSid: string): Promise<void>;
  /** Hands the call to a team, one user of it, a SIP line or a transfer extension. */
  transfer(callSid: string, target: TransferCallRequest): Promise<void>;
  /** Sends the call to its team's queue. */
  enqueue(callSid: string): Promise<void>;
  /**
   * Declines a call ringing this user: the server records it and the call moves on (a queue
   * call goes back to the queue). Resolves as well when the call had already moved on.
   */
  reject(callSid: string): Promise<void>;
  /** The server's record of the call: whether it was transferred, and from which team. */
  details(callSid: string): Promise<{ transferred: boolean; fromGroupId: string | null }>;
}

/** What the controller asks of the app besides the device. */
export interface CallControllerHost {
  device(): VoiceDevice | null;
  server: CallServerActions;
  notify(notice: VoiceCallNotice | 'call-error'): void;
  /**
   * A call could not start because of the microphone (the spec's "no microphone detected", which
   * opens the guide): `redial` is the number of an outbound call to try again, null for an
   * incoming one (gone by then).
   */
  microphoneProblem?(problem: MicrophoneProblem, redial: string | null): void;
  switchTeam(teamId: string): void;
  openConversation(number: string): void;
  currentTeamId(): string | null;
  now?: () => number;
}

/** The browser's call: the domain's call machine and what it asks done. */
export interface CallController {
  getView: () => CallView;
  subscribe: (listener: () => void) => () => void;
  /** Feeds a report of the voice device (incoming, connected, ended). */
  report: (report: VoiceDeviceReport) => void;
  dial: (input: string, country: DialCountry) => void;
  accept: () => void;
  reject: () => void;
  hangUp: () => void;
  toggleHold: () => void;
  toggleMute: () => void;
  transfer: (target: TransferTarget) => void;
  sendToQueue: () => void;
  sendDigits: (digits: string) => void;
}

/**
 * Runs `transitionVoiceCall` (docs/behaviour/calls.md, "The call in the browser") against the
 * voice device: every user action and device report is an event of the machine, every effect a
 * device call, a server call (hold, resume, transfer, send to the queue and decline: `host.server`), or a notice.
 * An incoming call's server record is read once, to tell a transferred call (`transferredFrom`). The details of an outbound call are polled every
 * second until the callee answers.
 */
export function createCallController(host: CallControllerHost): CallController {
  const now = host.now ?? Date.now;
  let view: CallView = { snapshot: initialVoiceCall, number: null, answeredAt: null, transferredFrom: null };
  let poll: ReturnType<typeof setInterval> | null = null;
  const listeners = new Set<() => void>();
  const set = (patch: Partial<CallView>) => {
    view = { ...view, ...patch };
    listeners.forEach((l) => l());
  };
  const stopPoll = () => {
    if (poll !== null) clearInterval(poll);
    poll = null;
  };

  const dispatch = (event: VoiceCallEvent) => {
    const before = view.snapshot;
    const next = transitionVoiceCall(before, event);
    const patch: Partial<CallView> = { snapshot: next.snapshot };
    const call = next.snapshot.call;
    if (!call) Object.assign(patch, { number: null, answeredAt: null, transferredFrom: null });
    else if (view.answeredAt === null && ((call.direction === 'inbound' && call.accepted) || call.answered))
      patch.answeredAt = now();
    set(patch);
    next.effects.forEach(perform);
  };
  // A device call that fails: the machine hears of it as the matching failure event.
  // A call the microphone kept from starting (connect, answer) also says why, to open the guide.
  const run = (
    work: () => Promise<unknown> | undefined,
    ok: VoiceCallEvent | null,
    failed: VoiceCallEvent | null,
    redial?: string | null,
  ) => {
    const device = host.device();
    const promise = device ? Promise.resolve().then(work) : Promise.reject(new Error('No voice device'));
    promise.then(
      () => ok && dispatch(ok),
      (error: unknown) => {
        const microphone = redial !== undefined ? microphoneProblemOf(error) : null;
        if (failed) dispatch(failed);
        if (microphone && host.microphoneProblem) host.microphoneProblem(microphone, redial ?? null);
        else if (!failed) host.notify('call-error');
      },
    );
  };

  function perform(effect: VoiceCallEffect): void {
    const device = host.device();
    switch (effect.type) {
      case 'notify':
        return host.notify(effect.notice);
      case 'reject-call':
        // The device stops ringing, then the server hears of the decline (routing moves on).
        return run(
          () => device?.reject(effect.callId).then(() => host.server.reject(effect.callId)),
          null,
          null,
        );
      case 'connect':
        set({ number: effect.to });
        return run(() => device?.connect(effect.callId, effect.to), null, { type: 'ended' }, effect.to);
      case 'answer':
        return run(() => device?.answer(effect.callId), null, { type: 'ended' }, null);
      case 'disconnect':
        return run(() => device?.disconnect(effect.callId), null, null);
      case 'start-details-poll':
        stopPoll();
        poll = setInterval(() => {
          void host
            .device()
            ?.details(effect.callId)
            .then(
              (details) => dispatch({ type: 'details', answered: details.answered }),
              () => dispatch({ type: 'details-failed' }),
            );
        }, CALL_DETAILS_POLL_MS);
        return;
      case 'stop-details-poll':
        return stopPoll();
      case 'server-hold':
        return run(() => host.server.hold(effect.callId), { type: 'hold-done' }, { type: 'hold-failed' });
      case 'server-resume':
        return run(
          () => host.server.resume(effect.callId),
          { type: 'resume-done' },
          { type: 'resume-failed' },
        );
      case 'mute':
      case 'unmute':
        device?.setMuted(effect.type === 'mute');
        return;
      case 'transfer':
        // The server moves the live call, whatever the target.
        return run(
          () => host.server.transfer(effect.callId, transferRequestOf(effect.target)),
          { type: 'transfer-done' },
          { type: 'transfer-failed' },
        );
      case 'enqueue':
        return run(
          () => host.server.enqueue(effect.callId),
          { type: 'queue-done' },
          { type: 'queue-failed' },
        );
      case 'switch-team':
        return host.switchTeam(effect.teamId);
      case 'open-conversation':
        if (view.number) host.openConversation(view.number);
        return;
    }
  }

  // A device does not always say a call was transferred (the sandbox's never does): the server's record does.
  function learnTransfer(callId: string): void {
    host.server.details(callId).then(
      (details) => {
        if (details.transferred && view.snapshot.call?.callId === callId)
          set({ transferredFrom: { teamId: details.fromGroupId } });
      },
      () => undefined,
    );
  }

  return {
    getView: () => view,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    report(report) {
      const call = view.snapshot.call;
      switch (report.type) {
        case 'incoming': {
          const wasIdle = view.snapshot.phase === 'idle';
          dispatch({
            type: 'incoming',
            callId: report.callId,
            origin: report.origin,
            forTeamId: report.forTeamId,
          });
          if (wasIdle) {
            set({ number: report.from });
            learnTransfer(report.callId);
          }
          return;
        }
        case 'connected':
          if (call?.callId === report.callId) dispatch({ type: 'connected' });
          return;
        case 'ended':
          if (call?.callId === report.callId) {
            stopPoll();
            dispatch({ type: 'ended' });
          }
          return;
        case 'registered':
        case 'unregistered':
        case 'error':
        case 'token-will-expire':
          // The device's own life: the device driver's business.
          return;
      }
    },
    dial: (input, country) => dispatch({ type: 'dial', callId: crypto.randomUUID(), input, country }),
    accept: () => dispatch({ type: 'accept', currentTeamId: host.currentTeamId() }),
    reject: () => dispatch({ type: 'reject' }),
    hangUp: () => dispatch({ type: 'hang-up' }),
    toggleHold: () => dispatch({ type: 'toggle-hold', at: now() }),
    toggleMute: () => dispatch({ type: 'toggle-mute', at: now() }),
    transfer: (target) => dispatch({ type: 'transfer', target }),
    sendToQueue: () => dispatch({ type: 'send-to-queue' }),
    sendDigits: (digits) => host.device()?.sendDigits(digits),
  };
}
