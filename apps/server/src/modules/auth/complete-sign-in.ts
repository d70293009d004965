import {
  AppError,
  can,
  defaultOrganizationOptions,
  type Locale,
  type LoginResponse,
  type Role,
  type SessionEndReason,
} from '@accueil/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema/sessions';
import { actorOf } from '../../http/actor';
import { rooms } from '../../realtime/publisher';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import { recordAuditEvent } from '../audit/index';
import { getOrganizationSettings, getSchedulePeriod } from '../organizations/index';
import { getUserContext, setCurrentTeam, setUserLocale, userScopeOf } from '../users/index';
import { signAccessToken } from './access-token';
import { gateMachine } from './machine-allowlist';
import { openSession } from './session-store';
import { recordSignInSuccess, usernameKey, type SignInSource } from './sign-in-throttle';

/** Same language (`fr-CA` and `fr-FR` both speak French)? */
const sameLanguage = (a: string, b: string) =>
  a.split('-')[0]?.toLowerCase() === b.split('-')[0]?.toLowerCase();

function jwtSecret(deps: Pick<AppDeps, 'config'>): string {
  if (!deps.config.JWT_SECRET) throw new Error('JWT_SECRET is not resolved (buildApp sets it)');
  return deps.config.JWT_SECRET;
}

/** The refusals of a verified person that the audit log records as blocked sign-ins. */
const BLOCKS: ReadonlySet<string> = new Set(['machine-not-allowed', 'outside-work-hours']);

/** A person whose password or passkey was just verified. */
export type VerifiedUser = { id: string; organizationId: string; role: Role };

/** What the sign-in answer carries back to the route. */
export type SignInOutcome = { response: LoginResponse; refreshToken: string };

/**
 * The business-hours rule: with `options.auth.disallowLoginOutsideWorkHours`, a user who is not
 * exempt signs in only while their current team (else the organisation) is OPEN
 * (docs/behaviour/schedules.md: CLOSE, BREAK and VACATION refuse).
 * @throws AppError `outside-work-hours` (403), `details.opensAt` the next opening when known.
 */
async function assertWithinWorkHours(
  deps: AppDeps,
  input: { organizationId: string; teamId: string | null; now: Date },
): Promise<void> {
  const at = await getSchedulePeriod(deps, input.organizationId, input.teamId, input.now);
  if (!at || at.period === 'OPEN') return;
  const opensAt = at.next?.period === 'OPEN' ? at.next.at.toISOString() : undefined;
  throw new AppError(
    'outside-work-hours',
    'Signing in is not allowed outside business hours.',
    opensAt ? { opensAt } : undefined,
  );
}

/** Revokes the user's open sessions (but `keep`) with `reason`; returns their ids. */
async function endOtherSessions(
  tx: DbOrTx,
  input: { userId: string; keep: string; reason: SessionEndReason; now: Date },
): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: input.now, revokedReason: input.reason })
    .where(and(eq(sessions.userId, input.userId), ne(sessions.id, input.keep), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/**
 * The steps every sign-in takes once the person is verified (by password or by passkey): the
 * business-hours rule (`assertWithinWorkHours`, administrators exempt), then in one transaction
 * (docs/behaviour/sessions.md) the machine gate (administrators exempt),
 * opening the session, remembering the machine as one of this username's (and clearing the
 * failures of `source`, a password sign-in's), the login page's language, the current team,
 * and, when the organisation keeps one session per user (`options.endOlderSessionOnNewSignIn`,
 * the organisation's settings), ending the user's older sessions —
 * each announced (`session:revoked`, reason `signed-in-elsewhere`) so the other machine says why.
 * Runs in the user's organisation (the caller's `withOrganization`). The sign-in is audited
 * (`sign-in.succeeded`); a refusal of the gate too (`sign-in.blocked`, in its own transaction
 * since the sign-in's is rolled back).
 * @throws AppError `machine-not-allowed` (403), `outside-work-hours` (403).
 */
export async function completeSignIn(
  deps: AppDeps,
  input: {
    user: VerifiedUser;
    source: SignInSource | null;
    deviceId: string;
    userAgent: string | null;
    locale?: Locale;
  },
): Promise<SignInOutcome> {
  const { user } = input;
  const now = new Date();
  const exempt = can(
    actorOf({ userId: user.id, role: user.role, organizationId: user.organizationId, teamId: null }),
    'login.bypassRestrictions',
    {
      organizationId: user.organizationId,
    },
  );
  const outcome = await (async () => {
    const options =
      (await getOrganizationSettings(deps, user.organizationId))?.options ?? defaultOrganizationOptions();
    if (!exempt && options.auth.disallowLoginOutsideWorkHours) {
      const scope = await userScopeOf(deps, user.id);
      await assertWithinWorkHours(deps, {
        organizationId: user.organizationId,
        teamId: scope?.teamId ?? null,
        now,
      });
    }
    return transactionWithEvents(deps, async (tx) => {
      await gateMachine(tx, {
        organizationId: user.organizationId,
        userId: user.id,
        deviceId: input.deviceId,
        userAgent: input.userAgent,
        exempt,
        now,
      });
      let context = await getUserContext(deps, user.id, tx);
      const source = input.source ?? {
        username: usernameKey(context.user.username),
        key: `device:${input.deviceId}`,
        knownDevice: true,
      };
      await recordSignInSuccess(tx, source, input.deviceId, now);
      const opened = await openSession(tx, {
        organizationId: user.organizationId,
        userId: user.id,
        userAgent: input.userAgent,
        now,
      });
      await recordEvent(tx, {
        name: 'user.signed-in',
        organizationId: user.organizationId,
        actorUserId: user.id,
        payload: {
          userId: user.id,
          sessionId: opened.sessionId,
          method: input.source ? 'password' : 'passkey',
        },
        occurredAt: now,
      });
      const ended = options.endOlderSessionOnNewSignIn
        ? await endOtherSessions(tx, {
            userId: user.id,
            keep: opened.sessionId,
            reason: 'signed-in-elsewhere',
            now,
          })
        : [];
      if (input.locale && !sameLanguage(input.locale, context.user.locale)) {
        await setUserLocale(deps, { userId: user.id, locale: input.locale }, tx);
        context = { ...context, user: { ...context.user, locale: input.locale } };
      }
      if (context.userGroup)
        await setCurrentTeam(deps, { userId: user.id, teamId: context.userGroup.id }, tx);
      const jwt = await signAccessToken(jwtSecret(deps), {
        sub: user.id,
        sid: opened.sessionId,
        org: user.organizationId,
      });
      return { response: { ...context, jwt }, refreshToken: opened.refreshToken, ended };
    });
  })().catch(async (error: unknown) => {
    if (error instanceof AppError && BLOCKS.has(error.code)) {
      // Written directly, not as a domain event: the sign-in's transaction, where its event
      // would be recorded, is rolled back; this entry must be kept regardless.
      await deps.db.transaction((tx) =>
        recordAuditEvent(tx, {
          organizationId: user.organizationId,
          actor: { userId: user.id },
          action: 'sign-in.blocked',
          target: { type: 'user', id: user.id },
          details: { reason: error.code },
          now,
        }),
      );
    }
    throw error;
  });
  for (const sessionId of outcome.ended) {
    deps.realtime.publish(rooms.user(user.id), 'session:revoked', {
      sessionId,
      reason: 'signed-in-elsewhere',
    });
  }
  return { response: outcome.response, refreshToken: outcome.refreshToken };
}
