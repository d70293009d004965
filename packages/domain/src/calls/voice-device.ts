import { assertUnreachable } from '../errors';
import {
  VOICE_ERROR_TOKEN_EXPIRED,
  VOICE_IDENTITY_MISMATCH_REINIT_MS,
  VOICE_REINIT_AFTER_TOKEN_FAILURE_MS,
  VOICE_TOKEN_REFRESH_MAX_RETRIES,
  VOICE_TOKEN_REFRESH_STEP_MS,
} from './constants';

/**
 * The browser's voice device (the sandbox WebRTC device or the carrier's SDK) as one pure
 * machine (docs/behaviour/calls.md, "The voice device"). Ready only while registered.
 */
export const VOICE_DEVICE_STATES = [
  'off',
  'starting',
  'registered',
  'unregistered',
  'reinitializing',
] as const;
export type VoiceDeviceState = (typeof VOICE_DEVICE_STATES)[number];

export type VoiceDeviceTimer = 'reinit' | 'token-retry';

export interface VoiceDeviceSnapshot {
  state: VoiceDeviceState;
  /** Failed token refreshes in a row. */
  tokenFailures: number;
  refreshing: boolean;
}

export const initialVoiceDevice: VoiceDeviceSnapshot = { state: 'off', tokenFailures: 0, refreshing: false };

export type VoiceDeviceEvent =
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'registered' }
  | { type: 'unregistered' }
  | { type: 'identity-mismatch' }
  | { type: 'token-expiring' }
  | { type: 'token-refreshed' }
  | { type: 'token-refresh-failed' }
  | { type: 'error'; code: number }
  | { type: 'timer'; timer: VoiceDeviceTimer };

export type VoiceDeviceEffect =
  | { type: 'create-device' }
  | { type: 'destroy-device' }
  | { type: 'refresh-token' }
  | { type: 'apply-token' }
  | { type: 'notify-error'; code: number }
  | { type: 'schedule'; timer: VoiceDeviceTimer; delayMs: number }
  | { type: 'cancel-timers' };

export interface VoiceDeviceTransition {
  snapshot: VoiceDeviceSnapshot;
  effects: VoiceDeviceEffect[];
}

/** True when calls can be placed and received. */
export function isVoiceDeviceReady(snapshot: VoiceDeviceSnapshot): boolean {
  return snapshot.state === 'registered';
}

/** Wait before the n-th (1-based) token retry: n × VOICE_TOKEN_REFRESH_STEP_MS. */
export function voiceTokenRetryDelayMs(attempt: number): number {
  return attempt * VOICE_TOKEN_REFRESH_STEP_MS;
}

const stay = (snapshot: VoiceDeviceSnapshot): VoiceDeviceTransition => ({ snapshot, effects: [] });
const go = (
  snapshot: VoiceDeviceSnapshot,
  patch: Partial<VoiceDeviceSnapshot>,
  effects: VoiceDeviceEffect[] = [],
): VoiceDeviceTransition => ({
  snapshot: { ...snapshot, ...patch },
  effects,
});
const isOn = (s: VoiceDeviceState) => s !== 'off';

/**
 * The device's rules as a pure function:
 * - registered → ready; unregistered → not ready.
 * - An identity mismatch (the token names another user than the device) destroys the device and
 *   creates it again after VOICE_IDENTITY_MISMATCH_REINIT_MS.
 * - A token about to expire is refreshed; a failed refresh is retried up to
 *   VOICE_TOKEN_REFRESH_MAX_RETRIES times, the n-th after n seconds, then the device is
 *   re-initialised after VOICE_REINIT_AFTER_TOKEN_FAILURE_MS.
 * - The carrier's error VOICE_ERROR_TOKEN_EXPIRED is answered by a refresh, never shown; other
 *   errors are shown.
 */
export function transitionVoiceDevice(
  snapshot: VoiceDeviceSnapshot,
  event: VoiceDeviceEvent,
): VoiceDeviceTransition {
  const { state } = snapshot;
  switch (event.type) {
    case 'start':
      if (isOn(state)) return stay(snapshot);
      return go(snapshot, { state: 'starting', tokenFailures: 0, refreshing: false }, [
        { type: 'create-device' },
      ]);
    case 'stop':
      if (!isOn(state)) return stay(snapshot);
      return go(snapshot, initialVoiceDevice, [{ type: 'cancel-timers' }, { type: 'destroy-device' }]);
    case 'registered':
      if (state !== 'starting' && state !== 'unregistered') return stay(snapshot);
      return go(snapshot, { state: 'registered' });
    case 'unregistered':
      if (state !== 'registered' && state !== 'starting') return stay(snapshot);
      return go(snapshot, { state: 'unregistered' });
    case 'identity-mismatch':
      if (!isOn(state) || state === 'reinitializing') return stay(snapshot);
      return go(snapshot, { state: 'reinitializing', refreshing: false }, [
        { type: 'cancel-timers' },
        { type: 'destroy-device' },
        { type: 'schedule', timer: 'reinit', delayMs: VOICE_IDENTITY_MISMATCH_REINIT_MS },
      ]);
    case 'token-expiring':
      return refresh(snapshot);
    case 'token-refreshed':
      if (!snapshot.refreshing) return stay(snapshot);
      return go(snapshot, { refreshing: false, tokenFailures: 0 }, [{ type: 'apply-token' }]);
    case 'token-refresh-failed': {
      if (!snapshot.refreshing) return stay(snapshot);
      const failures = snapshot.tokenFailures + 1;
      if (failures > VOICE_TOKEN_REFRESH_MAX_RETRIES) {
        return go(snapshot, { state: 'reinitializing', refreshing: false, tokenFailures: 0 }, [
          { type: 'destroy-device' },
          { type: 'schedule', timer: 'reinit', delayMs: VOICE_REINIT_AFTER_TOKEN_FAILURE_MS },
        ]);
      }
      return go(snapshot, { refreshing: false, tokenFailures: failures }, [
        { type: 'schedule', timer: 'token-retry', delayMs: voiceTokenRetryDelayMs(failures) },
      ]);
    }
    case 'error':
      if (!isOn(state)) return stay(snapshot);
      if (event.code === VOICE_ERROR_TOKEN_EXPIRED) return refresh(snapshot);
      return go(snapshot, {}, [{ type: 'notify-error', code: event.code }]);
    case 'timer':
      if (event.timer === 'reinit') {
        return state === 'reinitializing'
          ? go(snapshot, { state: 'starting' }, [{ type: 'create-device' }])
          : stay(snapshot);
      }
      // Stryker disable next-line ConditionalExpression: 'token-retry' is the only timer left here (the type says so).
      if (event.timer === 'token-retry') return refresh(snapshot);
      return assertUnreachable(event.timer);
    // Stryker disable next-line ConditionalExpression: unreachable, the switch covers every event type.
    default:
      return assertUnreachable(event);
  }
}

function refresh(snapshot: VoiceDeviceSnapshot): VoiceDeviceTransition {
  if (!isOn(snapshot.state) || snapshot.state === 'reinitializing' || snapshot.refreshing)
    return stay(snapshot);
  return go(snapshot, { refreshing: true }, [{ type: 'refresh-token' }]);
}
