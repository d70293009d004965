import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_KNOWN_DEVICE_DELAY_BASE_MS,
  LOGIN_KNOWN_DEVICE_DELAY_MAX_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_UNTRUSTED_FAILURES_PER_USERNAME,
} from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/factories';
import { passwordSignIn } from '../../test/sign-in-helpers';
import { useTestApp } from '../../test/test-app';
import { claimFailureNotice } from './sign-in-notice';
import { knownDeviceDelayMs, usernameKey } from './sign-in-throttle';

/*
 * The throttle must keep guessing out without letting a guesser lock the user out: failures
 * count per username and source, and the user's own machine (device cookie) is only slowed.
 */

const t = useTestApp();
const USER_MACHINE = '10.0.0.10';
const ATTACKER = '203.0.113.66';

afterEach(() => vi.useRealTimers());

/** A user who signed in once from their own machine: its device cookie. */
async function userWithMachine() {
  const user = await buildUser();
  const first = await passwordSignIn(t.app, { ...user, address: USER_MACHINE });
  expect(first.statusCode).toBe(200);
  expect(first.device).toMatch(/^accueil_device=[\w-]+\.[\w-]+$/);
  return { user, device: first.device! };
}

describe('an attacker cannot lock the user out', () => {
  it('many failures from another address leave the user signing in from their known machine', async () => {
    const { user, device } = await userWithMachine();
    for (let i = 0; i < LOGIN_MAX_FAILURES * 3; i++) {
      const res = await passwordSignIn(t.app, {
        username: user.username.toUpperCase(),
        password: `guess-${i}`,
        address: ATTACKER,
      });
      expect(res.statusCode).toBe(i < LOGIN_MAX_FAILURES ? 401 : 429);
    }
    // The guesser is locked even with the right password…
    expect((await passwordSignIn(t.app, { ...user, address: ATTACKER })).statusCode).toBe(429);
    // …while the user's machine gets in, from the same address as well.
    expect((await passwordSignIn(t.app, { ...user, address: USER_MACHINE, device })).statusCode).toBe(200);
    expect((await passwordSignIn(t.app, { ...user, address: ATTACKER, device })).statusCode).toBe(200);
  });

  it('guessing spread over many addresses locks every unknown source, not the known machine', async () => {
    const { user, device } = await userWithMachine();
    for (let i = 0; i < LOGIN_MAX_UNTRUSTED_FAILURES_PER_USERNAME; i++) {
      const res = await passwordSignIn(t.app, {
        username: user.username,
        password: 'guess',
        address: `198.51.100.${i % 250}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const fresh = await passwordSignIn(t.app, { ...user, address: '192.0.2.1' });
    expect(fresh.statusCode).toBe(429);
    expect(fresh.body.code).toBe('too-many-attempts');
    expect((await passwordSignIn(t.app, { ...user, address: '192.0.2.1', device })).statusCode).toBe(200);
  });

  it('after guessing spread over many addresses, a new address waits until the oldest counted failure leaves the window', async () => {
    const start = new Date('2026-03-02T15:00:00Z').getTime();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const { user } = await userWithMachine();
    // One failure a second: the first one keeps the count at its cap until it leaves the window.
    for (let i = 0; i < LOGIN_MAX_UNTRUSTED_FAILURES_PER_USERNAME; i++) {
      vi.setSystemTime(start + i * 1000);
      expect(
        (
          await passwordSignIn(t.app, {
            username: user.username,
            password: 'guess',
            address: `198.51.100.${i % 250}`,
          })
        ).statusCode,
      ).toBe(401);
    }
    vi.setSystemTime(start + 10 * 60_000);
    const locked = await passwordSignIn(t.app, { ...user, address: '192.0.2.7' });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.retryAfter)).toBe((LOGIN_FAILURE_WINDOW_MS - 10 * 60_000) / 1000);
    vi.setSystemTime(start + LOGIN_FAILURE_WINDOW_MS + 1);
    expect((await passwordSignIn(t.app, { ...user, address: '192.0.2.7' })).statusCode).toBe(200);
  });

  it('a forged or foreign device cookie counts as an unknown source', async () => {
    const { user, device } = await userWithMachine();
    const other = await userWithMachine();
    const forged = `${device.split('.')[0]}.AAAA`;
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      await passwordSignIn(t.app, {
        username: user.username,
        password: 'guess',
        address: ATTACKER,
        device: forged,
      });
    expect((await passwordSignIn(t.app, { ...user, address: ATTACKER, device: forged })).statusCode).toBe(
      429,
    );
    // Another user's machine is not this user's: its cookie does not lift this user's lock.
    expect(
      (await passwordSignIn(t.app, { ...user, address: ATTACKER, device: other.device })).statusCode,
    ).toBe(429);
  });
});

describe('unknown sources: a strict lock per username and address', () => {
  it('locks after LOGIN_MAX_FAILURES for the window, whatever the spelling, and only that address', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T15:00:00Z') });
    const user = await buildUser();
    const spellings = [user.username, user.username.toUpperCase(), `  ${user.username}  `];
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect(
        (await passwordSignIn(t.app, { username: spellings[i % 3]!, password: 'wrong', address: ATTACKER }))
          .statusCode,
      ).toBe(401);
    }
    const locked = await passwordSignIn(t.app, { ...user, address: ATTACKER });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.retryAfter)).toBe(LOGIN_FAILURE_WINDOW_MS / 1000);
    expect((await passwordSignIn(t.app, { ...user, address: USER_MACHINE })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + LOGIN_FAILURE_WINDOW_MS + 1000);
    expect((await passwordSignIn(t.app, { ...user, address: ATTACKER })).statusCode).toBe(200);
  });
});

describe('known machines: growing delays, never a lock', () => {
  it('past LOGIN_MAX_FAILURES each attempt waits, the wait doubling, and the right password then gets in', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T15:00:00Z') });
    const { user, device } = await userWithMachine();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      expect(
        (await passwordSignIn(t.app, { username: user.username, password: 'typo', device })).statusCode,
      ).toBe(401);
    const slowed = await passwordSignIn(t.app, { ...user, device });
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.retryAfter)).toBe(LOGIN_KNOWN_DEVICE_DELAY_BASE_MS / 1000);
    vi.setSystemTime(Date.now() + LOGIN_KNOWN_DEVICE_DELAY_BASE_MS);
    expect(
      (await passwordSignIn(t.app, { username: user.username, password: 'typo', device })).statusCode,
    ).toBe(401);
    const longer = await passwordSignIn(t.app, { ...user, device });
    expect(Number(longer.retryAfter)).toBe((2 * LOGIN_KNOWN_DEVICE_DELAY_BASE_MS) / 1000);
    vi.setSystemTime(Date.now() + 2 * LOGIN_KNOWN_DEVICE_DELAY_BASE_MS);
    expect((await passwordSignIn(t.app, { ...user, device })).statusCode).toBe(200);
    // The success cleared the machine's failures.
    expect(
      (await passwordSignIn(t.app, { username: user.username, password: 'typo', device })).statusCode,
    ).toBe(401);
    expect((await passwordSignIn(t.app, { ...user, device })).statusCode).toBe(200);
  });

  it('each known machine has its own count: typos on one leave the other unslowed', async () => {
    const { user, device: desk } = await userWithMachine();
    const laptop = (await passwordSignIn(t.app, { ...user, address: '10.0.0.11' })).device!;
    expect(laptop).not.toBe(desk);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      expect(
        (await passwordSignIn(t.app, { username: user.username, password: 'typo', device: desk })).statusCode,
      ).toBe(401);
    expect((await passwordSignIn(t.app, { ...user, device: desk })).statusCode).toBe(429);
    expect((await passwordSignIn(t.app, { ...user, device: laptop })).statusCode).toBe(200);
  });

  it('the delay grows from the base to its ceiling', () => {
    expect(knownDeviceDelayMs(LOGIN_MAX_FAILURES - 1)).toBe(0);
    expect(knownDeviceDelayMs(LOGIN_MAX_FAILURES)).toBe(LOGIN_KNOWN_DEVICE_DELAY_BASE_MS);
    expect(knownDeviceDelayMs(LOGIN_MAX_FAILURES + 3)).toBe(8 * LOGIN_KNOWN_DEVICE_DELAY_BASE_MS);
    expect(knownDeviceDelayMs(LOGIN_MAX_FAILURES + 40)).toBe(LOGIN_KNOWN_DEVICE_DELAY_MAX_MS);
  });
});

describe('the counted username', () => {
  it('is trimmed and lower case, as the stored sign-in devices and notices are keyed', () => {
    expect(usernameKey('  Réception.Agent ')).toBe('réception.agent');
    expect(usernameKey('agent')).toBe('agent');
  });
});

describe('the user is told of repeated failures', () => {
  it('once per window, from LOGIN_MAX_FAILURES on', async () => {
    const now = new Date('2026-03-02T15:00:00Z');
    const username = `notice-${crypto.randomUUID()}`;
    expect(await claimFailureNotice(t.deps, { username, failures: LOGIN_MAX_FAILURES - 1, now })).toBe(false);
    expect(await claimFailureNotice(t.deps, { username, failures: LOGIN_MAX_FAILURES, now })).toBe(true);
    expect(
      await claimFailureNotice(t.deps, {
        username,
        failures: LOGIN_MAX_FAILURES + 9,
        now: new Date(now.getTime() + 60_000),
      }),
    ).toBe(false);
    expect(
      await claimFailureNotice(t.deps, {
        username,
        failures: LOGIN_MAX_FAILURES,
        now: new Date(now.getTime() + LOGIN_FAILURE_WINDOW_MS + 1),
      }),
    ).toBe(true);
  });
});
