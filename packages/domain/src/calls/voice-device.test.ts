import { describe, expect, it } from 'vitest';
import {
  VOICE_ERROR_TOKEN_EXPIRED,
  VOICE_IDENTITY_MISMATCH_REINIT_MS,
  VOICE_REINIT_AFTER_TOKEN_FAILURE_MS,
  VOICE_TOKEN_REFRESH_MAX_RETRIES,
} from './constants';
import {
  VOICE_DEVICE_STATES,
  initialVoiceDevice,
  isVoiceDeviceReady,
  transitionVoiceDevice,
  voiceTokenRetryDelayMs,
  type VoiceDeviceEvent,
  type VoiceDeviceSnapshot,
  type VoiceDeviceState,
} from './voice-device';

const at = (state: VoiceDeviceState, patch: Partial<VoiceDeviceSnapshot> = {}): VoiceDeviceSnapshot => ({
  ...initialVoiceDevice,
  state,
  ...patch,
});
const step = (s: VoiceDeviceSnapshot, e: VoiceDeviceEvent) => transitionVoiceDevice(s, e);

const EVENTS: VoiceDeviceEvent[] = [
  { type: 'start' },
  { type: 'stop' },
  { type: 'registered' },
  { type: 'unregistered' },
  { type: 'identity-mismatch' },
  { type: 'timer', timer: 'reinit' },
];
const key = (e: VoiceDeviceEvent) => (e.type === 'timer' ? `timer:${e.timer}` : e.type);

/** Expected next state for every (state, event) pair of the lifecycle events; absent = ignored. */
const TABLE: Record<VoiceDeviceState, Partial<Record<string, VoiceDeviceState>>> = {
  off: { start: 'starting' },
  starting: {
    stop: 'off',
    registered: 'registered',
    unregistered: 'unregistered',
    'identity-mismatch': 'reinitializing',
  },
  registered: { stop: 'off', unregistered: 'unregistered', 'identity-mismatch': 'reinitializing' },
  unregistered: { stop: 'off', registered: 'registered', 'identity-mismatch': 'reinitializing' },
  reinitializing: { stop: 'off', 'timer:reinit': 'starting' },
};

describe('voice device lifecycle', () => {
  for (const state of VOICE_DEVICE_STATES) {
    for (const event of EVENTS) {
      const expected = TABLE[state][key(event)] ?? state;
      it(`${state} + ${key(event)} → ${expected}`, () => {
        const { snapshot, effects } = step(at(state), event);
        expect(snapshot.state).toBe(expected);
        if (expected === state && !TABLE[state][key(event)]) expect(effects).toEqual([]);
      });
    }
  }

  it('is ready only while registered', () => {
    for (const state of VOICE_DEVICE_STATES)
      expect(isVoiceDeviceReady(at(state))).toBe(state === 'registered');
  });

  it('creates the device on start and destroys it on stop', () => {
    expect(step(initialVoiceDevice, { type: 'start' }).effects).toEqual([{ type: 'create-device' }]);
    expect(step(at('registered'), { type: 'stop' })).toEqual({
      snapshot: initialVoiceDevice,
      effects: [{ type: 'cancel-timers' }, { type: 'destroy-device' }],
    });
  });

  it(`re-initialises ${VOICE_IDENTITY_MISMATCH_REINIT_MS} ms after an identity mismatch`, () => {
    const a = step(at('registered'), { type: 'identity-mismatch' });
    expect(a.effects).toEqual([
      { type: 'cancel-timers' },
      { type: 'destroy-device' },
      { type: 'schedule', timer: 'reinit', delayMs: VOICE_IDENTITY_MISMATCH_REINIT_MS },
    ]);
    expect(step(a.snapshot, { type: 'timer', timer: 'reinit' }).effects).toEqual([{ type: 'create-device' }]);
  });
});

describe('voice token refresh', () => {
  it('refreshes once when the token is about to expire and applies the new one', () => {
    const a = step(at('registered'), { type: 'token-expiring' });
    expect(a.effects).toEqual([{ type: 'refresh-token' }]);
    expect(step(a.snapshot, { type: 'token-expiring' }).effects).toEqual([]);
    const b = step(a.snapshot, { type: 'token-refreshed' });
    expect(b.snapshot).toEqual(at('registered'));
    expect(b.effects).toEqual([{ type: 'apply-token' }]);
  });

  it(`retries a failed refresh ${VOICE_TOKEN_REFRESH_MAX_RETRIES} times, the n-th after n seconds, then re-initialises after ${VOICE_REINIT_AFTER_TOKEN_FAILURE_MS} ms`, () => {
    let s = step(at('registered'), { type: 'token-expiring' }).snapshot;
    for (let n = 1; n <= VOICE_TOKEN_REFRESH_MAX_RETRIES; n++) {
      const failed = step(s, { type: 'token-refresh-failed' });
      expect(failed.effects).toEqual([{ type: 'schedule', timer: 'token-retry', delayMs: n * 1000 }]);
      expect(voiceTokenRetryDelayMs(n)).toBe(n * 1000);
      const retry = step(failed.snapshot, { type: 'timer', timer: 'token-retry' });
      expect(retry.effects).toEqual([{ type: 'refresh-token' }]);
      s = retry.snapshot;
    }
    const last = step(s, { type: 'token-refresh-failed' });
    expect(last.snapshot.state).toBe('reinitializing');
    expect(last.effects).toEqual([
      { type: 'destroy-device' },
      { type: 'schedule', timer: 'reinit', delayMs: VOICE_REINIT_AFTER_TOKEN_FAILURE_MS },
    ]);
  });

  it('a success resets the count of failures', () => {
    const s = at('registered', { refreshing: true, tokenFailures: 7 });
    expect(step(s, { type: 'token-refreshed' }).snapshot.tokenFailures).toBe(0);
  });

  it('ignores refresh outcomes nobody asked for, and refreshes nothing while off or re-initialising', () => {
    expect(step(at('registered'), { type: 'token-refreshed' }).effects).toEqual([]);
    expect(step(at('registered'), { type: 'token-refresh-failed' }).effects).toEqual([]);
    expect(step(at('off'), { type: 'token-expiring' }).effects).toEqual([]);
    expect(step(at('reinitializing'), { type: 'token-expiring' }).effects).toEqual([]);
  });
});

describe('voice errors', () => {
  it(`answers error ${VOICE_ERROR_TOKEN_EXPIRED} with a refresh instead of a message`, () => {
    const { snapshot, effects } = step(at('registered'), { type: 'error', code: VOICE_ERROR_TOKEN_EXPIRED });
    expect(snapshot.refreshing).toBe(true);
    expect(effects).toEqual([{ type: 'refresh-token' }]);
  });

  it('shows any other error, and none once the device is off', () => {
    expect(step(at('registered'), { type: 'error', code: 31005 }).effects).toEqual([
      { type: 'notify-error', code: 31005 },
    ]);
    expect(step(at('off'), { type: 'error', code: 31005 }).effects).toEqual([]);
  });
});

describe('voice device: what each step leaves behind', () => {
  it('registering and unregistering ask nothing of the device', () => {
    expect(step(at('starting'), { type: 'registered' })).toEqual({ snapshot: at('registered'), effects: [] });
    expect(step(at('registered'), { type: 'unregistered' })).toEqual({
      snapshot: at('unregistered'),
      effects: [],
    });
  });

  it('a start, an identity mismatch and a re-initialisation after failed refreshes leave no refresh pending', () => {
    expect(step(at('off', { refreshing: true }), { type: 'start' }).snapshot.refreshing).toBe(false);
    expect(
      step(at('registered', { refreshing: true }), { type: 'identity-mismatch' }).snapshot.refreshing,
    ).toBe(false);
    const lastTry = at('registered', { refreshing: true, tokenFailures: VOICE_TOKEN_REFRESH_MAX_RETRIES });
    expect(step(lastTry, { type: 'token-refresh-failed' }).snapshot).toMatchObject({
      state: 'reinitializing',
      refreshing: false,
      tokenFailures: 0,
    });
  });
});
