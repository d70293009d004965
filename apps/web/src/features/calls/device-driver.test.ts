import type { VoiceToken } from '@accueil/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createVoiceDeviceDriver,
  TOKEN_REFRESH_AHEAD_MS,
  type VoiceDeviceDriverOptions,
} from './device-driver';
import { createReporter, type VoiceDevice } from './voice-device';

const HOUR = 3_600_000;
const token = (identity = 'me', jwt = 'jwt-1'): VoiceToken => ({
  jwt,
  identity,
  carrier: 'sandbox',
  expiresAt: new Date(Date.now() + HOUR).toISOString(),
});

/** A fake SDK device: records what it is asked, reports what the test says. */
function fakeDevice() {
  const reporter = createReporter();
  const device = {
    carrier: 'sandbox' as const,
    register: vi.fn(() => Promise.resolve()),
    updateToken: vi.fn(() => Promise.resolve()),
    destroy: vi.fn(),
    subscribe: reporter.subscribe,
    report: reporter.emit,
  };
  return device as unknown as VoiceDevice & typeof device;
}

function setup(overrides: Partial<VoiceDeviceDriverOptions> = {}) {
  const devices: ReturnType<typeof fakeDevice>[] = [];
  const options = {
    userId: 'me',
    fetchToken: vi.fn(() => Promise.resolve(token())),
    refreshToken: vi.fn(() => Promise.resolve(token('me', 'jwt-2'))),
    createDevice: vi.fn(() => {
      const d = fakeDevice();
      devices.push(d);
      return Promise.resolve(d);
    }),
    onError: vi.fn(),
    ...overrides,
  };
  const driver = createVoiceDeviceDriver(options);
  return { driver, devices, options };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('voice device driver', () => {
  it('creates the device with a fresh token; ready only while registered', async () => {
    const { driver, devices } = setup();
    driver.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(devices).toHaveLength(1);
    expect(devices[0]!.register).toHaveBeenCalledWith('jwt-1');
    expect(driver.isReady()).toBe(false);
    devices[0]!.report({ type: 'registered' });
    expect(driver.isReady()).toBe(true);
    devices[0]!.report({ type: 'unregistered' });
    expect(driver.isReady()).toBe(false);
  });

  it('destroys the device on an identity mismatch and creates it again 2 s later', async () => {
    const fetchToken = vi
      .fn<() => Promise<VoiceToken>>()
      .mockResolvedValueOnce(token('someone-else'))
      .mockResolvedValue(token());
    const { driver, devices } = setup({ fetchToken });
    driver.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(devices).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchToken).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchToken).toHaveBeenCalledTimes(2);
    expect(devices).toHaveLength(1);
  });

  it('refreshes the token before it ends and hands it to the device', async () => {
    const { driver, devices, options } = setup();
    driver.start();
    await vi.advanceTimersByTimeAsync(0);
    devices[0]!.report({ type: 'registered' });
    await vi.advanceTimersByTimeAsync(HOUR - TOKEN_REFRESH_AHEAD_MS);
    expect(options.refreshToken).toHaveBeenCalledTimes(1);
    expect(devices[0]!.updateToken).toHaveBeenCalledWith('jwt-2');
    expect(driver.isReady()).toBe(true);
  });

  it('retries a failed refresh up to 10 times, the n-th after n seconds, then re-initialises 3 s later', async () => {
    const refreshToken = vi.fn<() => Promise<VoiceToken>>().mockRejectedValue(new Error('offline'));
    const { driver, devices, options } = setup({ refreshToken });
    driver.start();
    await vi.advanceTimersByTimeAsync(0);
    devices[0]!.report({ type: 'registered' });
    devices[0]!.report({ type: 'token-will-expire' });
    await vi.advanceTimersByTimeAsync(0);
    expect(refreshToken).toHaveBeenCalledTimes(1);
    for (let n = 1; n <= 10; n += 1) {
      await vi.advanceTimersByTimeAsync(n * 1000 - 1);
      expect(refreshToken).toHaveBeenCalledTimes(n);
      await vi.advanceTimersByTimeAsync(1);
      expect(refreshToken).toHaveBeenCalledTimes(n + 1);
    }
    // The 11th failure: the device goes, and comes back 3 s later with a new token.
    expect(devices[0]!.destroy).toHaveBeenCalled();
    expect(driver.isReady()).toBe(false);
    await vi.advanceTimersByTimeAsync(3000);
    expect(options.fetchToken).toHaveBeenCalledTimes(2);
    expect(devices).toHaveLength(2);
  });

  it('answers error 20104 with a refresh, never a message; shows other errors', async () => {
    const { driver, devices, options } = setup();
    driver.start();
    await vi.advanceTimersByTimeAsync(0);
    devices[0]!.report({ type: 'registered' });
    devices[0]!.report({ type: 'error', code: 20104 });
    await vi.advanceTimersByTimeAsync(0);
    expect(options.refreshToken).toHaveBeenCalledTimes(1);
    expect(options.onError).not.toHaveBeenCalled();
    devices[0]!.report({ type: 'error', code: 31005 });
    expect(options.onError).toHaveBeenCalledWith(31005);
  });

  it('says so when no token can be had (web calls off) and stays not ready', async () => {
    const onUnavailable = vi.fn();
    const { driver, devices } = setup({
      fetchToken: vi.fn(() => Promise.reject(new Error('calls-disabled'))),
      onUnavailable,
    });
    driver.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onUnavailable).toHaveBeenCalled();
    expect(devices).toHaveLength(0);
    expect(driver.isReady()).toBe(false);
    driver.stop();
    expect(driver.getSnapshot().state).toBe('off');
  });
});
