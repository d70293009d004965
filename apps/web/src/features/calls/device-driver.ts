import {
  initialVoiceDevice,
  isVoiceDeviceReady,
  transitionVoiceDevice,
  type VoiceDeviceEffect,
  type VoiceDeviceEvent,
  type VoiceDeviceSnapshot,
  type VoiceDeviceTimer,
  type VoiceToken,
} from '@accueil/domain';
import type { VoiceDevice, VoiceDeviceReport } from './voice-device';

/** How long before its end a token is refreshed when the device does not say so itself (ms). */
export const TOKEN_REFRESH_AHEAD_MS = 60_000;

/** What the driver needs from the app. */
export interface VoiceDeviceDriverOptions {
  /** The signed-in user's id: a token naming another identity is an identity mismatch. */
  userId: string;
  fetchToken(): Promise<VoiceToken>;
  refreshToken(): Promise<VoiceToken>;
  /** Builds the device the token's carrier needs (the Twilio SDK is loaded on demand). */
  createDevice(carrier: VoiceToken['carrier']): Promise<VoiceDevice>;
  /** A device error to show (never 20104: that one is answered by a refresh). */
  onError(code: number): void;
  /** The first token could not be had (web calls off, or the request failed). */
  onUnavailable?(error: unknown): void;
  /** Every report of the current device (calls ring through here). */
  onReport?(report: VoiceDeviceReport, device: VoiceDevice): void;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** The voice device driver: the domain's device machine, and the device it drives. */
export interface VoiceDeviceDriver {
  start: () => void;
  stop: () => void;
  getSnapshot: () => VoiceDeviceSnapshot;
  /** The device while it exists. */
  getDevice: () => VoiceDevice | null;
  isReady: () => boolean;
  subscribe: (listener: () => void) => () => void;
}

/**
 * Runs `transitionVoiceDevice` (docs/behaviour/calls.md, "The voice device") against a real device:
 * creates it with a fresh token, reports registered / unregistered, re-creates it 2 s after an
 * identity mismatch, refreshes the token before it ends (retrying up to 10 times, then
 * re-initialising), and answers the carrier's error 20104 with a refresh instead of a message.
 */
export function createVoiceDeviceDriver(options: VoiceDeviceDriverOptions): VoiceDeviceDriver {
  const setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const now = options.now ?? Date.now;
  let snapshot = initialVoiceDevice;
  let device: VoiceDevice | null = null;
  let unsubscribe: (() => void) | null = null;
  // Bumped whenever the device goes: late answers of an older device's promises are dropped.
  let generation = 0;
  let pendingToken: VoiceToken | null = null;
  const timers = new Set<unknown>();
  let expiryTimer: unknown = null;
  const listeners = new Set<() => void>();

  const dispatch = (event: VoiceDeviceEvent) => {
    const next = transitionVoiceDevice(snapshot, event);
    const changed = next.snapshot !== snapshot;
    snapshot = next.snapshot;
    next.effects.forEach(perform);
    if (changed) listeners.forEach((l) => l());
  };

  const schedule = (fn: () => void, ms: number) => {
    const handle = setTimer(() => {
      timers.delete(handle);
      fn();
    }, ms);
    timers.add(handle);
  };

  const watchExpiry = (token: VoiceToken) => {
    if (expiryTimer !== null) clearTimer(expiryTimer);
    const ms = Math.max(0, Date.parse(token.expiresAt) - TOKEN_REFRESH_AHEAD_MS - now());
    expiryTimer = setTimer(() => {
      expiryTimer = null;
      dispatch({ type: 'token-expiring' });
    }, ms);
  };

  const dropDevice = () => {
    generation += 1;
    unsubscribe?.();
    unsubscribe = null;
    device?.destroy();
    device = null;
    if (expiryTimer !== null) clearTimer(expiryTimer);
    expiryTimer = null;
  };

  const createDevice = async (mine: number) => {
    let token: VoiceToken;
    try {
      token = await options.fetchToken();
    } catch (error) {
      if (mine === generation) options.onUnavailable?.(error);
      return;
    }
    if (mine !== generation) return;
    if (token.identity !== options.userId) return dispatch({ type: 'identity-mismatch' });
    const created = await options.createDevice(token.carrier);
    if (mine !== generation) return created.destroy();
    device = created;
    unsubscribe = created.subscribe((report) => {
      if (mine !== generation) return;
      if (report.type === 'registered' || report.type === 'unregistered') dispatch({ type: report.type });
      else if (report.type === 'error') dispatch({ type: 'error', code: report.code });
      else if (report.type === 'token-will-expire') dispatch({ type: 'token-expiring' });
      options.onReport?.(report, created);
    });
    watchExpiry(token);
    await created.register(token.jwt).catch(() => dispatch({ type: 'unregistered' }));
  };

  function perform(effect: VoiceDeviceEffect): void {
    switch (effect.type) {
      case 'create-device':
        void createDevice(generation);
        return;
      case 'destroy-device':
        dropDevice();
        return;
      case 'refresh-token': {
        const mine = generation;
        options.refreshToken().then(
          (token) => {
            if (mine !== generation) return;
            pendingToken = token;
            dispatch({ type: 'token-refreshed' });
          },
          () => mine === generation && dispatch({ type: 'token-refresh-failed' }),
        );
        return;
      }
      case 'apply-token': {
        const token = pendingToken;
        pendingToken = null;
        if (!token) return;
        if (token.identity !== options.userId) return dispatch({ type: 'identity-mismatch' });
        watchExpiry(token);
        void device?.updateToken(token.jwt).catch(() => dispatch({ type: 'unregistered' }));
        return;
      }
      case 'notify-error':
        options.onError(effect.code);
        return;
      case 'schedule': {
        const timer: VoiceDeviceTimer = effect.timer;
        schedule(() => dispatch({ type: 'timer', timer }), effect.delayMs);
        return;
      }
      case 'cancel-timers':
        timers.forEach(clearTimer);
        timers.clear();
        return;
    }
  }

  return {
    start: () => dispatch({ type: 'start' }),
    stop: () => dispatch({ type: 'stop' }),
    getSnapshot: () => snapshot,
    getDevice: () => device,
    isReady: () => isVoiceDeviceReady(snapshot),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
