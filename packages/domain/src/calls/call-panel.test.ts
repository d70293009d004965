import { describe, expect, it } from 'vitest';
import { callPanelTitle, canPlaceCall } from './call-panel';
import { initialVoiceCall } from './voice-call';
import { onCall, outbound, ringing } from './voice-call.fixtures';

describe('call panel title and call button', () => {
  it("shows 'calling' for an outbound call at 00:00, then 'outbound-call'", () => {
    expect(callPanelTitle(outbound(), 0)).toBe('calling');
    expect(callPanelTitle(outbound({ answered: true }), 0)).toBe('calling');
    expect(callPanelTitle(outbound({ answered: true }), 1)).toBe('outbound-call');
  });

  it('names incoming and transferred calls; nothing when idle', () => {
    expect(callPanelTitle(ringing(), 0)).toBe('incoming-call');
    expect(callPanelTitle(onCall({ origin: 'queue' }), 12)).toBe('incoming-call');
    expect(callPanelTitle(onCall({ origin: 'transfer' }), 12)).toBe('transferred-call');
    // The server's record says transferred though the device did not (the sandbox's device).
    expect(callPanelTitle(ringing(), 0, { transferred: true })).toBe('transferred-call');
    expect(callPanelTitle(outbound({ answered: true }), 5, { transferred: true })).toBe('outbound-call');
    expect(callPanelTitle(initialVoiceCall, 0)).toBeNull();
  });

  it('offers the call button only with web calls on, outgoing calls allowed, a ready device and no call', () => {
    const ok = { webCallsEnabled: true, deviceReady: true, outgoingCallsAllowed: true };
    expect(canPlaceCall(initialVoiceCall, ok)).toBe(true);
    expect(canPlaceCall(initialVoiceCall, { ...ok, webCallsEnabled: false })).toBe(false);
    expect(canPlaceCall(initialVoiceCall, { ...ok, deviceReady: false })).toBe(false);
    expect(canPlaceCall(initialVoiceCall, { ...ok, outgoingCallsAllowed: false })).toBe(false);
    expect(canPlaceCall(ringing(), ok)).toBe(false);
    expect(canPlaceCall(onCall(), ok)).toBe(false);
  });
});

describe('call panel title: no panel without a call under way', () => {
  it('idle, or on call with no call, shows no panel', () => {
    expect(callPanelTitle({ phase: 'idle', call: onCall().call }, 0)).toBeNull();
    expect(callPanelTitle({ phase: 'on-call', call: null }, 0)).toBeNull();
  });
});
