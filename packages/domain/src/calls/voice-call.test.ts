import { describe, expect, it } from 'vitest';
import { CALL_DETAILS_MAX_FAILURES, HEADSET_HANG_UP_GRACE_MS } from './constants';
import {
  canHandOver,
  canToggleHold,
  initialVoiceCall,
  transitionVoiceCall,
  type VoiceCallEvent,
  type VoiceCallSnapshot,
} from './voice-call';
import { call, onCall, outbound, ringing } from './voice-call.fixtures';

const step = (s: VoiceCallSnapshot, e: VoiceCallEvent) => transitionVoiceCall(s, e);

const ALL_EVENTS: VoiceCallEvent[] = [
  { type: 'incoming', callId: 'CA2', origin: 'direct', forTeamId: 'team-a' },
  { type: 'dial', callId: 'CA3', input: '514 555 1234', country: 'CA' },
  { type: 'accept', currentTeamId: 'team-a' },
  { type: 'reject' },
  { type: 'connected' },
  { type: 'details', answered: true },
  { type: 'details-failed' },
  { type: 'hang-up' },
  { type: 'headset-hang-up', at: 10_000 },
  { type: 'ended' },
  { type: 'toggle-hold', at: 1 },
  { type: 'hold-done' },
  { type: 'hold-failed' },
  { type: 'resume-done' },
  { type: 'resume-failed' },
  { type: 'toggle-mute', at: 1 },
  { type: 'transfer', target: { kind: 'team', teamId: 'team-b' } },
  { type: 'transfer-done' },
  { type: 'transfer-failed' },
  { type: 'send-to-queue' },
  { type: 'queue-done' },
  { type: 'queue-failed' },
];

describe('voice call: idle', () => {
  it('rings on an incoming call, not yet accepted', () => {
    const { snapshot, effects } = step(initialVoiceCall, ALL_EVENTS[0]!);
    expect(snapshot).toEqual({ phase: 'incoming', call: call({ callId: 'CA2' }) });
    expect(effects).toEqual([]);
  });

  it('takes a call handed over by the queue as on call and accepted at once', () => {
    const { snapshot } = step(initialVoiceCall, {
      type: 'incoming',
      callId: 'CA2',
      origin: 'queue',
      forTeamId: 'team-a',
    });
    expect(snapshot.phase).toBe('on-call');
    expect(snapshot.call).toMatchObject({ accepted: true, origin: 'queue', direction: 'inbound' });
  });

  it('dials a valid number: on call, not accepted, the number normalised to E.164', () => {
    const { snapshot, effects } = step(initialVoiceCall, {
      type: 'dial',
      callId: 'CA3',
      input: '(514) 555-1234',
      country: 'CA',
    });
    expect(snapshot.phase).toBe('on-call');
    expect(snapshot.call).toMatchObject({ direction: 'outbound', accepted: false, answered: false });
    expect(effects).toEqual([{ type: 'connect', callId: 'CA3', to: '+15145551234' }]);
  });

  it('refuses an invalid, an emergency or an anonymous number with phone-invalid', () => {
    for (const input of ['123', '+1 123 456 7890', '911', 'anonymous']) {
      const { snapshot, effects } = step(initialVoiceCall, {
        type: 'dial',
        callId: 'CA3',
        input,
        country: 'CA',
      });
      expect(snapshot).toBe(initialVoiceCall);
      expect(effects).toEqual([{ type: 'notify', notice: 'phone-invalid' }]);
    }
  });

  it('ignores every other event', () => {
    for (const event of ALL_EVENTS.filter((e) => e.type !== 'incoming' && e.type !== 'dial')) {
      expect(step(initialVoiceCall, event)).toEqual({ snapshot: initialVoiceCall, effects: [] });
    }
  });
});

describe('voice call: a second call while busy', () => {
  it.each([
    ['ringing', ringing()],
    ['on call', onCall()],
  ])('rejects the new call and keeps the current one while %s', (_, busy) => {
    const { snapshot, effects } = step(busy, {
      type: 'incoming',
      callId: 'CA9',
      origin: 'queue',
      forTeamId: 'team-a',
    });
    expect(snapshot).toBe(busy);
    expect(effects).toEqual([{ type: 'reject-call', callId: 'CA9' }]);
  });

  it.each([
    ['ringing', ringing()],
    ['on call', onCall()],
  ])('refuses to dial while %s with call-in-progress', (_, busy) => {
    const { snapshot, effects } = step(busy, {
      type: 'dial',
      callId: 'CA3',
      input: '5145551234',
      country: 'CA',
    });
    expect(snapshot).toBe(busy);
    expect(effects).toEqual([{ type: 'notify', notice: 'call-in-progress' }]);
  });
});

describe('voice call: incoming', () => {
  it('accepting answers and goes on call', () => {
    const { snapshot, effects } = step(ringing(), { type: 'accept', currentTeamId: 'team-a' });
    expect(snapshot).toEqual({ phase: 'on-call', call: call({ accepted: true }) });
    expect(effects).toEqual([{ type: 'answer', callId: 'CA1' }]);
  });

  it("accepting a call meant for another team switches team, says so, then opens the call's conversation", () => {
    const { effects } = step(ringing({ forTeamId: 'team-b' }), { type: 'accept', currentTeamId: 'team-a' });
    expect(effects).toEqual([
      { type: 'answer', callId: 'CA1' },
      { type: 'switch-team', teamId: 'team-b' },
      { type: 'notify', notice: 'switched-team' },
      { type: 'open-conversation', callId: 'CA1' },
    ]);
  });

  it('rejecting, hanging up, and the caller cancelling each end the ringing', () => {
    expect(step(ringing(), { type: 'reject' })).toEqual({
      snapshot: initialVoiceCall,
      effects: [{ type: 'reject-call', callId: 'CA1' }],
    });
    expect(step(ringing(), { type: 'hang-up' })).toEqual({
      snapshot: initialVoiceCall,
      effects: [{ type: 'reject-call', callId: 'CA1' }],
    });
    expect(step(ringing(), { type: 'ended' })).toEqual({ snapshot: initialVoiceCall, effects: [] });
  });

  it('cannot hold, mute, transfer or queue a call that is not accepted', () => {
    const s = ringing();
    for (const event of ALL_EVENTS.filter((e) =>
      ['toggle-hold', 'toggle-mute', 'transfer', 'send-to-queue', 'headset-hang-up'].includes(e.type),
    )) {
      expect(step(s, event)).toEqual({ snapshot: s, effects: [] });
    }
    expect(canToggleHold(s)).toBe(false);
    expect(canHandOver(s)).toBe(false);
  });
});

describe('voice call: outbound', () => {
  it('starts polling the details once the carrier connects the leg', () => {
    const { snapshot, effects } = step(outbound({ accepted: false }), { type: 'connected' });
    expect(snapshot.call).toMatchObject({ accepted: true });
    expect(effects).toEqual([{ type: 'start-details-poll', callId: 'CA1' }]);
  });

  it('stops polling when the details say the callee answered', () => {
    const { snapshot, effects } = step(outbound(), { type: 'details', answered: true });
    expect(snapshot.call).toMatchObject({ answered: true });
    expect(effects).toEqual([{ type: 'stop-details-poll' }]);
    expect(step(outbound(), { type: 'details', answered: false }).effects).toEqual([]);
  });

  it(`hangs up after more than ${CALL_DETAILS_MAX_FAILURES} failed lookups, not before`, () => {
    let s = outbound();
    for (let i = 0; i < CALL_DETAILS_MAX_FAILURES; i++) {
      const t = step(s, { type: 'details-failed' });
      expect(t.effects).toEqual([]);
      s = t.snapshot;
    }
    expect(s.call?.detailFailures).toBe(CALL_DETAILS_MAX_FAILURES);
    const last = step(s, { type: 'details-failed' });
    expect(last.snapshot).toBe(initialVoiceCall);
    expect(last.effects).toEqual([
      { type: 'stop-details-poll' },
      { type: 'disconnect', callId: 'CA1' },
      { type: 'notify', notice: 'call-lost' },
    ]);
  });

  it('counts failures across successful lookups that say "not yet answered"', () => {
    let s = outbound({ detailFailures: CALL_DETAILS_MAX_FAILURES });
    s = step(s, { type: 'details', answered: false }).snapshot;
    expect(step(s, { type: 'details-failed' }).snapshot).toBe(initialVoiceCall);
  });

  it('hanging up before the answer stops the poll and disconnects', () => {
    expect(step(outbound(), { type: 'hang-up' }).effects).toEqual([
      { type: 'stop-details-poll' },
      { type: 'disconnect', callId: 'CA1' },
    ]);
    expect(step(outbound({ answered: true }), { type: 'hang-up' }).effects).toEqual([
      { type: 'disconnect', callId: 'CA1' },
    ]);
    expect(step(outbound({ accepted: false }), { type: 'hang-up' }).effects).toEqual([
      { type: 'disconnect', callId: 'CA1' },
    ]);
  });

  it('the callee hanging up ends the call, stopping a running poll', () => {
    expect(step(outbound(), { type: 'ended' })).toEqual({
      snapshot: initialVoiceCall,
      effects: [{ type: 'stop-details-poll' }],
    });
    expect(step(outbound({ answered: true }), { type: 'ended' })).toEqual({
      snapshot: initialVoiceCall,
      effects: [],
    });
  });

  it('ignores connected twice, details on an inbound call, and details after the answer', () => {
    const s = outbound();
    expect(step(s, { type: 'connected' }).effects).toEqual([]);
    expect(step(onCall(), { type: 'details', answered: true }).effects).toEqual([]);
    expect(step(onCall(), { type: 'details-failed' }).snapshot).toEqual(onCall());
    expect(step(outbound({ answered: true }), { type: 'details-failed' }).effects).toEqual([]);
  });
});

describe('voice call: hold and resume', () => {
  it('hold = server hold, then mute once the server agreed', () => {
    const a = step(onCall(), { type: 'toggle-hold', at: 100 });
    expect(a.snapshot.call).toMatchObject({ hold: 'holding', lastHoldOrMuteAt: 100 });
    expect(a.effects).toEqual([{ type: 'server-hold', callId: 'CA1' }]);
    const b = step(a.snapshot, { type: 'hold-done' });
    expect(b.snapshot.call).toMatchObject({ hold: 'held', muted: true });
    expect(b.effects).toEqual([{ type: 'mute' }]);
  });

  it('resume = unmute, then server resume', () => {
    const a = step(onCall({ hold: 'held', muted: true }), { type: 'toggle-hold', at: 200 });
    expect(a.snapshot.call).toMatchObject({ hold: 'resuming', muted: false, lastHoldOrMuteAt: 200 });
    expect(a.effects).toEqual([{ type: 'unmute' }, { type: 'server-resume', callId: 'CA1' }]);
    const b = step(a.snapshot, { type: 'resume-done' });
    expect(b.snapshot.call).toMatchObject({ hold: 'none' });
    expect(b.effects).toEqual([]);
  });

  it('a failed hold goes back to no hold and says so; a failed resume mutes again and says so', () => {
    const h = step(onCall({ hold: 'holding' }), { type: 'hold-failed' });
    expect(h.snapshot.call).toMatchObject({ hold: 'none', muted: false });
    expect(h.effects).toEqual([{ type: 'notify', notice: 'hold-failed' }]);
    const r = step(onCall({ hold: 'resuming' }), { type: 'resume-failed' });
    expect(r.snapshot.call).toMatchObject({ hold: 'held', muted: true });
    expect(r.effects).toEqual([{ type: 'mute' }, { type: 'notify', notice: 'resume-failed' }]);
  });

  it('is disabled during a transfer, a hand-over to the queue, and while the server answers', () => {
    for (const patch of [
      { transferring: true },
      { queueing: true },
      { hold: 'holding' as const },
      { hold: 'resuming' as const },
    ]) {
      const s = onCall(patch);
      expect(canToggleHold(s)).toBe(false);
      expect(step(s, { type: 'toggle-hold', at: 1 })).toEqual({ snapshot: s, effects: [] });
    }
    expect(canToggleHold(onCall())).toBe(true);
    expect(canToggleHold(onCall({ hold: 'held' }))).toBe(true);
  });

  it('ignores server answers that were not awaited', () => {
    for (const type of ['hold-done', 'hold-failed', 'resume-done', 'resume-failed'] as const) {
      expect(step(onCall(), { type }).effects).toEqual([]);
    }
  });
});

describe('voice call: mute and the headset', () => {
  it('mute toggles, and is left alone while held', () => {
    const a = step(onCall(), { type: 'toggle-mute', at: 5 });
    expect(a.snapshot.call).toMatchObject({ muted: true, lastHoldOrMuteAt: 5 });
    expect(a.effects).toEqual([{ type: 'mute' }]);
    expect(step(a.snapshot, { type: 'toggle-mute', at: 6 }).effects).toEqual([{ type: 'unmute' }]);
    expect(step(onCall({ hold: 'held', muted: true }), { type: 'toggle-mute', at: 6 }).effects).toEqual([]);
  });

  it(`ignores a headset hang-up within ${HEADSET_HANG_UP_GRACE_MS} ms of a hold or mute, then obeys it`, () => {
    const s = onCall({ lastHoldOrMuteAt: 1000 });
    expect(step(s, { type: 'headset-hang-up', at: 1000 + HEADSET_HANG_UP_GRACE_MS - 1 }).snapshot).toBe(s);
    expect(step(s, { type: 'headset-hang-up', at: 1000 + HEADSET_HANG_UP_GRACE_MS })).toEqual({
      snapshot: initialVoiceCall,
      effects: [{ type: 'disconnect', callId: 'CA1' }],
    });
    expect(step(onCall(), { type: 'headset-hang-up', at: 0 }).snapshot).toBe(initialVoiceCall);
  });
});

describe('voice call: transfer and queue', () => {
  const target = { kind: 'user', teamId: 'team-b', userId: 'u2' } as const;

  it('transfers an accepted call; done leaves idle, failure stays on call and says so', () => {
    const a = step(onCall(), { type: 'transfer', target });
    expect(a.snapshot.call).toMatchObject({ transferring: true });
    expect(a.effects).toEqual([{ type: 'transfer', callId: 'CA1', target }]);
    expect(step(a.snapshot, { type: 'transfer-done' })).toEqual({ snapshot: initialVoiceCall, effects: [] });
    const f = step(a.snapshot, { type: 'transfer-failed' });
    expect(f.snapshot.call).toMatchObject({ transferring: false });
    expect(f.effects).toEqual([{ type: 'notify', notice: 'transfer-failed' }]);
  });

  it('sends an accepted call to the queue; done leaves idle, failure says so', () => {
    const a = step(onCall(), { type: 'send-to-queue' });
    expect(a.snapshot.call).toMatchObject({ queueing: true });
    expect(a.effects).toEqual([{ type: 'enqueue', callId: 'CA1' }]);
    expect(step(a.snapshot, { type: 'queue-done' }).snapshot).toBe(initialVoiceCall);
    const f = step(a.snapshot, { type: 'queue-failed' });
    expect(f.snapshot.call).toMatchObject({ queueing: false });
    expect(f.effects).toEqual([{ type: 'notify', notice: 'queue-failed' }]);
  });

  it('needs an accepted call with nothing else leaving', () => {
    for (const s of [
      outbound({ accepted: false }),
      onCall({ transferring: true }),
      onCall({ queueing: true }),
    ]) {
      expect(canHandOver(s)).toBe(false);
      expect(step(s, { type: 'transfer', target }).effects).toEqual([]);
      expect(step(s, { type: 'send-to-queue' }).effects).toEqual([]);
    }
    expect(canHandOver(onCall())).toBe(true);
  });

  it('ignores outcomes of a transfer or hand-over that was not asked for', () => {
    for (const type of ['transfer-done', 'transfer-failed', 'queue-done', 'queue-failed'] as const) {
      expect(step(onCall(), { type })).toEqual({ snapshot: onCall(), effects: [] });
    }
  });
});
