import { describe, expect, it } from 'vitest';
import {
  callOutcomeOf,
  canMoveCallPhase,
  canTakeInboundCall,
  isCallOver,
  isLaterCarrierStatus,
  isMissedCall,
  phaseOfCarrierStatus,
  routeInboundCall,
} from './call-record';
import { CALL_PHASES, VOICE_RECORD_STATUSES } from './constants';

const P = CALL_PHASES;

describe('call phases', () => {
  it('move as a call lives: rings, answered, held and resumed, queued and parked, picked, then over', () => {
    expect(canMoveCallPhase(P.initiated, P.ringing)).toBe(true);
    expect(canMoveCallPhase(P.ringing, P['in-progress'])).toBe(true);
    expect(canMoveCallPhase(P['in-progress'], P.hold)).toBe(true);
    expect(canMoveCallPhase(P.hold, P['in-progress'])).toBe(true);
    expect(canMoveCallPhase(P['in-progress'], P.queued)).toBe(true);
    expect(canMoveCallPhase(P.queued, P.parked)).toBe(true);
    expect(canMoveCallPhase(P.parked, P.ringing)).toBe(true);
    expect(canMoveCallPhase(P['in-progress'], P.completed)).toBe(true);
    expect(canMoveCallPhase(P.completed, P.ended)).toBe(true);
  });

  it('never leave the end, never hold a call nobody answered, never resume a call that is not held', () => {
    for (const to of Object.values(P)) expect(canMoveCallPhase(P.ended, to)).toBe(false);
    expect(canMoveCallPhase(P.completed, P['in-progress'])).toBe(false);
    expect(canMoveCallPhase(P.ringing, P.hold)).toBe(false);
    expect(canMoveCallPhase(P.queued, P.hold)).toBe(false);
    expect(canMoveCallPhase(P.parked, P.hold)).toBe(false);
    expect(canMoveCallPhase(P.ringing, P.ringing)).toBe(false);
    expect(isCallOver(P.completed) && isCallOver(P.ended) && !isCallOver(P.hold)).toBe(true);
  });

  it('follow the carrier: final statuses end the call, a late report never moves a leg back', () => {
    expect(VOICE_RECORD_STATUSES.map((s) => [s, phaseOfCarrierStatus(s), callOutcomeOf(s)])).toEqual([
      ['completed', P.completed, 'completed'],
      ['queued', P.initiated, null],
      ['ringing', P.ringing, null],
      ['in-progress', P['in-progress'], null],
      ['answered', P['in-progress'], null],
      ['busy', P.ended, 'busy'],
      ['failed', P.ended, 'no-answer'],
      ['no-answer', P.ended, 'no-answer'],
      ['canceled', P.ended, 'canceled'],
      ['callback-request', null, null],
    ]);
    expect(isLaterCarrierStatus('initiated', 'ringing')).toBe(true);
    expect(isLaterCarrierStatus('ringing', 'answered')).toBe(true);
    expect(isLaterCarrierStatus('in-progress', 'ringing')).toBe(false);
    expect(isLaterCarrierStatus('ringing', 'ringing')).toBe(false);
  });
});

describe('missed calls and inbound routing', () => {
  it('a missed call is an inbound call nobody answered', () => {
    expect(isMissedCall({ direction: 'inbound', answeredAt: null })).toBe(true);
    expect(isMissedCall({ direction: 'inbound', answeredAt: '2026-11-24T15:00:00Z' })).toBe(false);
    expect(isMissedCall({ direction: 'outbound', answeredAt: null })).toBe(false);
  });

  it('outside opening hours voicemail; open: the queue when on, else the team, else voicemail', () => {
    for (const period of ['CLOSE', 'BREAK', 'VACATION'] as const)
      expect(routeInboundCall({ period, queueEnabled: true, reachableUsers: 3 })).toBe('voicemail');
    expect(routeInboundCall({ period: 'OPEN', queueEnabled: true, reachableUsers: 0 })).toBe('queue');
    expect(routeInboundCall({ period: 'OPEN', queueEnabled: false, reachableUsers: 2 })).toBe('ring');
    expect(routeInboundCall({ period: 'OPEN', queueEnabled: false, reachableUsers: 0 })).toBe('voicemail');
  });

  it('rings a member only when active, taking incoming calls, online and not on a call', () => {
    const ready = { disabled: false, allowIncomingCalls: true, status: 'online', onCall: false } as const;
    expect(canTakeInboundCall(ready)).toBe(true);
    expect(canTakeInboundCall({ ...ready, disabled: true })).toBe(false);
    expect(canTakeInboundCall({ ...ready, allowIncomingCalls: false })).toBe(false);
    for (const status of ['away', 'busy', 'offline'] as const)
      expect(canTakeInboundCall({ ...ready, status })).toBe(false);
    expect(canTakeInboundCall({ ...ready, onCall: true })).toBe(false);
  });
});

describe('carrier statuses at the edges', () => {
  it("Twilio's 'initiated' is the initiated phase and not yet an outcome", () => {
    expect(phaseOfCarrierStatus('initiated')).toBe(CALL_PHASES.initiated);
    expect(callOutcomeOf('initiated')).toBeNull();
  });

  it('queued moves a leg on from initiated; a leg with no status yet moves on with any report', () => {
    expect(isLaterCarrierStatus('initiated', 'queued')).toBe(true);
    expect(isLaterCarrierStatus('queued', 'initiated')).toBe(false);
    expect(isLaterCarrierStatus('', 'initiated')).toBe(true);
  });
});
