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

describe('call phases', () => {
  it('move as a call lives: rings, answered, held and resumed, queued and parked, picked, then over', () => {
    expect(canMoveCallPhase('initiated', 'ringing')).toBe(true);
    expect(canMoveCallPhase('ringing', 'in-progress')).toBe(true);
    expect(canMoveCallPhase('in-progress', 'hold')).toBe(true);
    expect(canMoveCallPhase('hold', 'in-progress')).toBe(true);
    expect(canMoveCallPhase('in-progress', 'queued')).toBe(true);
    expect(canMoveCallPhase('queued', 'parked')).toBe(true);
    expect(canMoveCallPhase('parked', 'ringing')).toBe(true);
    expect(canMoveCallPhase('in-progress', 'completed')).toBe(true);
    expect(canMoveCallPhase('completed', 'ended')).toBe(true);
  });

  it('never leave the end, never hold a call nobody answered, never resume a call that is not held', () => {
    for (const to of CALL_PHASES) expect(canMoveCallPhase('ended', to)).toBe(false);
    expect(canMoveCallPhase('completed', 'in-progress')).toBe(false);
    expect(canMoveCallPhase('ringing', 'hold')).toBe(false);
    expect(canMoveCallPhase('queued', 'hold')).toBe(false);
    expect(canMoveCallPhase('parked', 'hold')).toBe(false);
    expect(canMoveCallPhase('ringing', 'ringing')).toBe(false);
    expect(isCallOver('completed') && isCallOver('ended') && !isCallOver('hold')).toBe(true);
  });

  it('follow the carrier: final statuses end the call, a late report never moves a leg back', () => {
    expect(VOICE_RECORD_STATUSES.map((s) => [s, phaseOfCarrierStatus(s), callOutcomeOf(s)])).toEqual([
      ['completed', 'completed', 'completed'],
      ['queued', 'initiated', null],
      ['ringing', 'ringing', null],
      ['in-progress', 'in-progress', null],
      ['answered', 'in-progress', null],
      ['busy', 'ended', 'busy'],
      ['failed', 'ended', 'no-answer'],
      ['no-answer', 'ended', 'no-answer'],
      ['canceled', 'ended', 'canceled'],
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
    expect(phaseOfCarrierStatus('initiated')).toBe('initiated');
    expect(callOutcomeOf('initiated')).toBeNull();
  });

  it('queued moves a leg on from initiated; a leg with no status yet moves on with any report', () => {
    expect(isLaterCarrierStatus('initiated', 'queued')).toBe(true);
    expect(isLaterCarrierStatus('queued', 'initiated')).toBe(false);
    expect(isLaterCarrierStatus('', 'initiated')).toBe(true);
  });
});
