import { randomUUID } from 'node:crypto';
import type { SandboxCall } from '@accueil/domain';

/** A call on the sandbox network, with what the switchboard needs to route it. */
export type SwitchboardCall = SandboxCall & {
  organizationId: string;
  /** Staff members the call rings (inbound) until one answers or all reject. */
  offeredTo: string[];
  /** The staff member on the call: the one who answered (inbound) or who dialled (outbound). */
  staffUserId: string | null;
  /** The call as the calls module keeps it (its conversation's timeline), once recorded. */
  recordId: string | null;
  /**
   * What an inbound call's caller hears before a staff member takes it (the calls module's
   * decision): the greeting, then `route`; the voicemail greeting serves a caller who leaves the
   * queue for the voicemail. Null for outbound calls.
   */
  plan: CallerPlan | null;
  /**
   * The outside phone a call was transferred to (a transfer extension's number): it rings, then
   * is bridged with the caller once answered; `digits` are the extension's. Null: none.
   */
  outside: OutsideLeg | null;
};

/** The outside phone of a call transferred to an extension (see `SwitchboardCall.outside`). */
export type OutsideLeg = { phone: string; digits: string | null; state: 'ringing' | 'in-progress' };

/**
 * A spoken text and its language (a locale tag); `audioGreetingId` names the organisation's
 * stored greeting audio (FILE, RECORDING) to play instead, the text being the fallback.
 */
export type SpokenText = { text: string; language: string; audioGreetingId?: string };

/**
 * An inbound call's route and what the caller hears (see `SwitchboardCall.plan`); `voicemail`
 * false when the period's voicemail is turned off (Phones settings): after the voicemail greeting
 * the call ends, no message is recorded. `queuePrompt`: while it waits in the queue, the queue message
 * then `pauseSeconds` of hold music, again and again; `callbackAsked` once the caller pressed 1
 * (a callback text is asked once per call).
 */
export type CallerPlan = {
  route: 'ring' | 'queue' | 'voicemail';
  greeting: SpokenText;
  voicemailGreeting: SpokenText;
  voicemail: boolean;
  queuePrompt: { message: SpokenText; pauseSeconds: number };
  callbackAsked?: boolean;
};

/**
 * The sandbox voice network's switchboard (docs/behaviour/calls.md, "Sandbox calls"): which
 * devices are registered, which calls exist and in what state. It only keeps state; the sandbox
 * network's routes decide (who to ring, who to tell). In memory: the sandbox voice network lives in one
 * server process (a development and test tool).
 */
export interface SandboxSwitchboard {
  /** The user's device is reachable until `expiresAt` (its voice token's end). */
  register(userId: string, expiresAt: Date): void;
  isRegistered(userId: string, now?: Date): boolean;
  /** A new ringing call. */
  open(input: Omit<SwitchboardCall, 'id' | 'state' | 'recordId' | 'plan' | 'outside'>): SwitchboardCall;
  get(callId: string): SwitchboardCall | null;
  /** Applies `patch`; an ended call is forgotten (its last state is returned). */
  update(
    callId: string,
    patch: Partial<
      Pick<
        SwitchboardCall,
        | 'state'
        | 'offeredTo'
        | 'staffUserId'
        | 'recordId'
        | 'plan'
        | 'outside'
        | 'organizationId'
        | 'teamId'
        | 'teamNumber'
      >
    >,
  ): SwitchboardCall | null;
}

/** An empty switchboard. */
export function createSandboxSwitchboard(): SandboxSwitchboard {
  const devices = new Map<string, number>();
  const calls = new Map<string, SwitchboardCall>();
  return {
    register(userId, expiresAt) {
      devices.set(userId, expiresAt.getTime());
    },
    isRegistered(userId, now = new Date()) {
      return (devices.get(userId) ?? 0) > now.getTime();
    },
    open(input) {
      const call: SwitchboardCall = {
        ...input,
        id: randomUUID(),
        state: 'ringing',
        recordId: null,
        plan: null,
        outside: null,
      };
      calls.set(call.id, call);
      return call;
    },
    get(callId) {
      return calls.get(callId) ?? null;
    },
    update(callId, patch) {
      const call = calls.get(callId);
      if (!call) return null;
      const next = { ...call, ...patch };
      if (next.state === 'ended') calls.delete(callId);
      else calls.set(callId, next);
      return next;
    },
  };
}

/** The call as both ends see it (no organisation, no routing data). */
export function presentSandboxCall(call: SwitchboardCall): SandboxCall {
  return {
    id: call.id,
    phone: call.phone,
    teamNumber: call.teamNumber,
    teamId: call.teamId,
    direction: call.direction,
    state: call.state,
  };
}

/** The call as the outside phone it was transferred to sees it: the team calls it, then the extension's digits once answered. */
export function presentOutsideLeg(call: SwitchboardCall & { outside: OutsideLeg }): SandboxCall {
  const state = call.state === 'ended' ? 'ended' : call.outside.state;
  return {
    id: call.id,
    phone: call.outside.phone,
    teamNumber: call.teamNumber,
    teamId: call.teamId,
    direction: 'outbound',
    state,
    digits: state === 'in-progress' ? call.outside.digits : null,
  };
}
