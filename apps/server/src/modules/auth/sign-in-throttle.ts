import {
  AppError,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_KNOWN_DEVICE_DELAY_BASE_MS,
  LOGIN_KNOWN_DEVICE_DELAY_MAX_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_UNTRUSTED_FAILURES_PER_USERNAME,
} from '@accueil/domain';
import { and, count, desc, eq, gt, like, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { signInDevices, signInFailures } from '../../db/schema/sign-in';

/*
 * Sign-in throttling that an attacker cannot turn against the user (docs/behaviour/sessions.md,
 * "Throttling"; OWASP's device cookies). Failures are counted per username AND source:
 *  - from a machine this username signed in from before (a valid device cookie it was given),
 *    failures past LOGIN_MAX_FAILURES slow the next attempt down (growing delays), never lock;
 *  - from any other source (by client address), LOGIN_MAX_FAILURES within the window lock that
 *    address out for the username until the oldest of them leaves the window; and
 *    LOGIN_MAX_UNTRUSTED_FAILURES_PER_USERNAME over all unknown sources lock every unknown
 *    source for the username (guessing spread over many addresses).
 * A guesser elsewhere therefore never keeps the user out of their own machine.
 */

/** Where a sign-in attempt comes from, as the throttle counts it. */
export type SignInSource = {
  /** The username as counted: trimmed, lower case (`AGENT` and ` agent ` are one user). */
  username: string;
  /** `device:<id>` (a machine known for this username) or `address:<ip>`. */
  key: string;
  knownDevice: boolean;
};

/** The username as every counter keys it. */
export const usernameKey = (username: string) => username.trim().toLowerCase();

const UNKNOWN_PREFIX = 'address:';

/**
 * The source of an attempt: the device when `deviceId` (from a valid device cookie) signed in
 * as this username before, else the client address.
 */
export async function signInSourceOf(
  db: DbOrTx,
  input: { username: string; deviceId: string | null; address: string },
): Promise<SignInSource> {
  const username = usernameKey(input.username);
  // Stryker disable next-line ConditionalExpression: saves a query only; a null deviceId matches no row (= NULL is never true)
  if (input.deviceId) {
    // Stryker disable ObjectLiteral: only the row's presence is read; every column is as present
    const [known] = await db
      .select({ deviceId: signInDevices.deviceId })
      .from(signInDevices)
      .where(and(eq(signInDevices.username, username), eq(signInDevices.deviceId, input.deviceId)))
      .limit(1);
    // Stryker restore ObjectLiteral
    if (known) return { username, key: `device:${input.deviceId}`, knownDevice: true };
  }
  return { username, key: `${UNKNOWN_PREFIX}${input.address}`, knownDevice: false };
}

/**
 * The wait after `failures` failures from a known machine: none up to LOGIN_MAX_FAILURES, then
 * LOGIN_KNOWN_DEVICE_DELAY_BASE_MS doubled at each further failure, at most
 * LOGIN_KNOWN_DEVICE_DELAY_MAX_MS (milliseconds).
 */
export function knownDeviceDelayMs(failures: number): number {
  if (failures < LOGIN_MAX_FAILURES) return 0;
  const doublings = Math.min(failures - LOGIN_MAX_FAILURES, 30);
  return Math.min(LOGIN_KNOWN_DEVICE_DELAY_BASE_MS * 2 ** doublings, LOGIN_KNOWN_DEVICE_DELAY_MAX_MS);
}

const tooManyAttempts = (waitMs: number) =>
  new AppError('too-many-attempts', 'Too many attempts.', undefined, Math.max(1, Math.ceil(waitMs / 1000)));

/**
 * Refuses an attempt the throttle does not allow yet.
 * @throws AppError `too-many-attempts` (429) with `retryAfterS` (seconds).
 */
export async function assertSignInAllowed(db: DbOrTx, source: SignInSource, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const recent = await db
    .select({ createdAt: signInFailures.createdAt })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.username, source.username),
        eq(signInFailures.source, source.key),
        gt(signInFailures.createdAt, since),
      ),
    )
    .orderBy(desc(signInFailures.createdAt));
  if (source.knownDevice) {
    const latest = recent[0]?.createdAt;
    const wait = latest ? latest.getTime() + knownDeviceDelayMs(recent.length) - now.getTime() : 0;
    if (wait > 0) throw tooManyAttempts(wait);
    return;
  }
  if (recent.length >= LOGIN_MAX_FAILURES) {
    const oldest = recent[LOGIN_MAX_FAILURES - 1]!.createdAt;
    throw tooManyAttempts(oldest.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime());
  }
  // Every unknown source together: the oldest failure that keeps the count at the cap.
  const spread = await db
    .select({ createdAt: signInFailures.createdAt })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.username, source.username),
        like(signInFailures.source, `${UNKNOWN_PREFIX}%`),
        gt(signInFailures.createdAt, since),
      ),
    )
    .orderBy(desc(signInFailures.createdAt))
    .offset(LOGIN_MAX_UNTRUSTED_FAILURES_PER_USERNAME - 1)
    .limit(1);
  if (spread[0])
    throw tooManyAttempts(spread[0].createdAt.getTime() + LOGIN_FAILURE_WINDOW_MS - now.getTime());
}

/**
 * Records a failed attempt and forgets this username's failures that left the window.
 * Returns how many failures the username has within the window, from every source.
 */
export async function recordSignInFailure(db: DbOrTx, source: SignInSource, now: Date): Promise<number> {
  await db.insert(signInFailures).values({ username: source.username, source: source.key, createdAt: now });
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.username, source.username), lt(signInFailures.createdAt, since)));
  const [row] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.username, source.username), gt(signInFailures.createdAt, since)));
  // Stryker disable next-line OptionalChaining: count() always answers one row
  return row?.n ?? 0;
}

/**
 * A successful sign-in: clears the failures of its source and remembers `deviceId` as a
 * machine of this username (its failures are slowed down from now on, never locked).
 */
export async function recordSignInSuccess(
  db: DbOrTx,
  source: SignInSource,
  deviceId: string,
  now: Date,
): Promise<void> {
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.username, source.username), eq(signInFailures.source, source.key)));
  await db
    .insert(signInDevices)
    .values({ username: source.username, deviceId, firstSignInAt: now, lastSignInAt: now })
    .onConflictDoUpdate({
      target: [signInDevices.username, signInDevices.deviceId],
      set: { lastSignInAt: now },
    });
}
