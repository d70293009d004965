import { describe, expect, it } from 'vitest';
import {
  canHandOver,
  canToggleHold,
  initialVoiceCall,
  transitionVoiceCall,
  type VoiceCallEvent,
  type VoiceCallSnapshot,
} from './voice-call';
import { call, onCall, outbound } from './voice-call.fixtures';

const step = (s: VoiceCallSnapshot, e: VoiceCallEvent) => transitionVoiceCall(s, e);

describe('voice call: each rule applies only in its own state', () => {
  it('hold and hand-over need the on-call phase and an accepted call, whatever else the snapshot says', () => {
    const notOnCall: VoiceCallSnapshot = { phase: 'incoming', call: call({ accepted: true }) };
    const noCall: VoiceCallSnapshot = { phase: 'on-call', call: null };
    for (const s of [notOnCall, noCall, outbound({ accepted: false })]) {
      expect(canToggleHold(s)).toBe(false);
      expect(canHandOver(s)).toBe(false);
    }
  });

  it('a call handed over by the queue asks nothing more of the device', () => {
    expect(
      step(initialVoiceCall, { type: 'incoming', callId: 'CA2', origin: 'queue', forTeamId: 'team-a' })
        .effects,
    ).toEqual([]);
  });

  it('a dialled call is a direct one', () => {
    const { snapshot } = step(initialVoiceCall, {
      type: 'dial',
      callId: 'CA3',
      input: '(514) 555-1234',
      country: 'CA',
    });
    expect(snapshot.call?.origin).toBe('direct');
  });

  it('accept and reject act on a ringing call only', () => {
    for (const type of ['accept', 'reject'] as const) {
      const event: VoiceCallEvent = type === 'accept' ? { type, currentTeamId: 'team-a' } : { type };
      expect(step(onCall(), event)).toEqual({ snapshot: onCall(), effects: [] });
      expect(step({ phase: 'incoming', call: null }, event)).toEqual({
        snapshot: { phase: 'incoming', call: null },
        effects: [],
      });
    }
  });

  it('connected counts only for an outbound call on call and not yet connected', () => {
    const inboundNotAccepted: VoiceCallSnapshot = { phase: 'on-call', call: call() };
    const outboundRinging: VoiceCallSnapshot = {
      phase: 'incoming',
      call: call({ direction: 'outbound', forTeamId: null }),
    };
    for (const s of [
      inboundNotAccepted,
      outboundRinging,
      outbound(),
      { phase: 'on-call', call: null } as VoiceCallSnapshot,
    ]) {
      expect(step(s, { type: 'connected' })).toEqual({ snapshot: s, effects: [] });
    }
  });

  it('an outbound call that ends before it connected has no poll to stop', () => {
    expect(step(outbound({ accepted: false }), { type: 'ended' })).toEqual({
      snapshot: initialVoiceCall,
      effects: [],
    });
    expect(step(onCall(), { type: 'ended' })).toEqual({ snapshot: initialVoiceCall, effects: [] });
  });

  it('resume-done applies only while resuming', () => {
    for (const hold of ['none', 'holding', 'held'] as const) {
      expect(step(onCall({ hold }), { type: 'resume-done' })).toEqual({
        snapshot: onCall({ hold }),
        effects: [],
      });
    }
  });
});
