import { AppError, type Locale } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { withOrganization, withSystemAccess } from '../../db/tenant-scope';
import { recordAuditEvent } from '../audit/index';
import { sendSignInFailureNotice } from '../mail/index';
import { findUserForSignIn } from '../users/index';
import { completeSignIn, type SignInOutcome } from './complete-sign-in';
import { verifyPassword } from './password';
import { claimFailureNotice } from './sign-in-notice';
import {
  assertSignInAllowed,
  recordSignInFailure,
  signInSourceOf,
  type SignInSource,
} from './sign-in-throttle';

type FoundUser = { id: string; organizationId: string };

/**
 * POST /api/auth/login. Verifies the password under the sign-in throttle, then completes the
 * sign-in (`completeSignIn`). `deviceId` is the machine's id: from its valid device cookie
 * (`cookieDeviceId`, which also makes it a known machine for the throttle when this username
 * signed in from it before) or a new one the route then sets in the cookie.
 *
 * Sign-in runs before any organisation is known: the throttle and the user (by username) are
 * read under the `sign-in` system access; everything about the user found runs in their
 * organisation (`withOrganization`). An existing user's refused attempts are audited there
 * (`sign-in.failed`, `sign-in.throttled`); after LOGIN_MAX_FAILURES failures within the window
 * the user is mailed once per window (`sendSignInFailureNotice`, after the answer: the carrier's
 * time does not tell an attacker the account exists; a failed mail is logged). See
 * docs/behaviour/sign-in-security.md.
 * @throws AppError `too-many-attempts` (429, `retryAfterS`), `invalid-credentials` (401) for an
 *   unknown username or a wrong password (same time for both), `machine-not-allowed` (403).
 */
export async function signInWithPassword(
  deps: AppDeps,
  input: {
    username: string;
    password: string;
    locale?: Locale;
    userAgent: string | null;
    cookieDeviceId: string | null;
    deviceId: string;
    address: string;
  },
): Promise<SignInOutcome> {
  const now = new Date();
  const attempt = await withSystemAccess('sign-in', async () => {
    const source = await signInSourceOf(deps.db, {
      username: input.username,
      deviceId: input.cookieDeviceId,
      address: input.address,
    });
    const user = await findUserForSignIn(deps, input.username);
    try {
      await assertSignInAllowed(deps.db, source, now);
    } catch (error) {
      if (user) await auditRefusal(deps, user, { action: 'sign-in.throttled', source, now });
      throw error;
    }
    const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
    return { source, user, ok };
  });
  const { source, user } = attempt;
  if (!user || !attempt.ok) {
    const failures = await withSystemAccess('sign-in', () => recordSignInFailure(deps.db, source, now));
    if (user) {
      await auditRefusal(deps, user, { action: 'sign-in.failed', source, now });
      if (await claimFailureNotice(deps, { username: source.username, failures, now })) {
        void notifyFailures(deps, { user, failures, now, address: input.address });
      }
    }
    throw new AppError('invalid-credentials', 'Invalid username or password');
  }
  return withOrganization(user.organizationId, () =>
    completeSignIn(deps, {
      user,
      source,
      deviceId: input.deviceId,
      userAgent: input.userAgent,
      locale: input.locale,
    }),
  );
}

/** A refused attempt of an existing user, in their organisation's audit log. */
async function auditRefusal(
  deps: AppDeps,
  user: FoundUser,
  input: { action: 'sign-in.failed' | 'sign-in.throttled'; source: SignInSource; now: Date },
): Promise<void> {
  const details =
    input.action === 'sign-in.failed'
      ? { reason: 'wrong-password', knownDevice: input.source.knownDevice }
      : { knownDevice: input.source.knownDevice };
  // Written directly in its own transaction, not as a domain event: a refused sign-in changes
  // nothing, and its entry must be kept whatever the sign-in's outcome (docs/behaviour/events.md).
  await withOrganization(user.organizationId, () =>
    deps.db.transaction((tx) =>
      recordAuditEvent(tx, {
        organizationId: user.organizationId,
        actor: { userId: user.id },
        action: input.action,
        target: { type: 'user', id: user.id },
        details,
        now: input.now,
      }),
    ),
  );
}

/** Mails the repeated-failures notice in the user's organisation; never rejects (a failure is logged). */
function notifyFailures(
  deps: AppDeps,
  input: { user: FoundUser; failures: number; now: Date; address: string },
): Promise<void> {
  const { user } = input;
  return withOrganization(user.organizationId, () =>
    sendSignInFailureNotice(deps, {
      userId: user.id,
      failures: input.failures,
      lastAttemptAt: input.now,
      sourceAddress: input.address,
    }),
  ).then(
    () =>
      deps.log.info({ userId: user.id, failures: input.failures }, 'repeated failed sign-ins: notice mailed'),
    (error: unknown) =>
      deps.log.error({ err: error, userId: user.id }, 'repeated failed sign-ins: notice mail failed'),
  );
}
