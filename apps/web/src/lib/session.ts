import {
  LOGOUT_TIMEOUT_MS,
  SESSION_IDLE_TIMEOUT_MS,
  type Locale,
  type LoginResponse,
  type SessionContext,
  type Team,
  type User,
} from '@accueil/domain';
import { useSyncExternalStore } from 'react';
// Through apiRequest, not the shared endpoint tables: those carry zod schemas, which the login page must not load.
import { apiRequest } from './api';
import {
  announceSignOut,
  clearSession,
  expireSession,
  getAccessToken,
  getSessionState,
  subscribeSession,
  updateSession,
  writeLastActivityAt,
  type SessionStatus,
} from './session-store';

export { getAccessToken } from './session-store';

/** What components read of the session (docs/behaviour/sessions.md). */
export interface SessionView {
  status: SessionStatus;
  context: SessionContext | null;
  isSignedIn: boolean;
  /** Epoch ms of the last expiry (null after a sign-in). */
  expiredAt: number | null;
}

/** The session: `status` is `restoring` while the page checks the refresh cookie. */
export function useSession(): SessionView {
  const s = useSyncExternalStore(subscribeSession, getSessionState);
  return {
    status: s.status,
    context: s.context,
    isSignedIn: s.status === 'signed-in' && s.context !== null,
    expiredAt: s.expiredAt,
  };
}

/** The current team (user group), or null when the user belongs to none. */
export function useCurrentTeam(): Team | null {
  return useSession().context?.userGroup ?? null;
}

/** The signed-in user, or null. */
export function useCurrentUser(): User | null {
  return useSession().context?.user ?? null;
}

/** The session id (`sid` claim) of the current access token, to recognise `session:revoked`. */
export function getSessionId(token: string | null = getAccessToken()): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sid = (JSON.parse(json) as { sid?: unknown }).sid;
    return typeof sid === 'string' ? sid : null;
  } catch {
    return null;
  }
}

let idleTimer: ReturnType<typeof setTimeout> | null = null;
let lastRecordedAt = 0;

/**
 * Records activity (navigation, input): the session ends client-side after
 * SESSION_IDLE_TIMEOUT_MS (12 h) without any. Writes are throttled to one a second.
 */
export function recordActivity(now: number = Date.now()): void {
  if (getSessionState().status !== 'signed-in' || now - lastRecordedAt < 1000) return;
  lastRecordedAt = now;
  writeLastActivityAt(now);
  if (idleTimer !== null) clearTimeout(idleTimer);
  idleTimer = setTimeout(endIdleSession, SESSION_IDLE_TIMEOUT_MS);
}

function stopIdleTimer(): void {
  if (idleTimer !== null) clearTimeout(idleTimer);
  idleTimer = null;
  lastRecordedAt = 0;
}

/** Best-effort POST auth/logout of this session, or every session of the user with `revokeAll` (30 s); never rejects. */
export function revokeOnServer(revokeAll = false): Promise<void> {
  return apiRequest<void>('POST', 'auth/logout', { body: { revokeAll }, timeoutMs: LOGOUT_TIMEOUT_MS }).catch(
    () => undefined,
  );
}

/** Idle timeout reached: the server session is revoked (best effort) and the login says it expired. */
export function endIdleSession(): void {
  void revokeOnServer();
  stopIdleTimer();
  expireSession();
}

/**
 * POST auth/login. `locale`: the language explicitly chosen on the login page (`?lang=`);
 * the server saves it to the profile when it is another language. Resolves with the
 * context; rejects with ApiError (401, 429 …).
 */
export async function signIn(
  username: string,
  password: string,
  locale?: Locale | null,
): Promise<SessionContext> {
  const body = locale ? { username, password, locale } : { username, password };
  return acceptSignIn(await apiRequest<LoginResponse>('POST', 'auth/login', { body }));
}

/** Starts the session a sign-in answered (password or passkey); resolves with its context. */
export function acceptSignIn({ jwt, ...context }: LoginResponse): SessionContext {
  updateSession({ token: jwt, context, status: 'signed-in', expiredAt: null });
  recordActivity();
  return context;
}

/**
 * POST auth/logout `{ revokeAll }` (30 s): this session, or with `everywhere` every session of
 * the user on every device; whatever its outcome, the login shows.
 */
export async function signOut({ everywhere = false }: { everywhere?: boolean } = {}): Promise<void> {
  // Close the socket first: the server announces the revocation and drops its sockets. And,
  // while the session can still say so, this browser stops receiving the person's notifications.
  await announceSignOut();
  await revokeOnServer(everywhere);
  stopIdleTimer();
  clearSession();
}

/** PUT auth/user-group: makes `teamId` the current team. Rejects with ApiError. */
export async function switchTeam(teamId: string): Promise<SessionContext> {
  const context = await apiRequest<SessionContext>('PUT', 'auth/user-group', { body: { userGroup: teamId } });
  updateSession({ context });
  return context;
}

/**
 * PUT auth/locale: the interface switches to `locale` at once and the choice is saved to
 * the user's profile. On failure the previous locale comes back and the ApiError is rethrown.
 */
export async function changeLocale(locale: Locale): Promise<SessionContext> {
  const before = getSessionState().context;
  if (!before) throw new Error('changeLocale: not signed in');
  updateSession({ context: { ...before, user: { ...before.user, locale } } });
  try {
    const context = await apiRequest<SessionContext>('PUT', 'auth/locale', { body: { locale } });
    updateSession({ context });
    return context;
  } catch (error) {
    const now = getSessionState().context;
    if (now) updateSession({ context: { ...now, user: { ...now.user, locale: before.user.locale } } });
    throw error;
  }
}

/**
 * GET auth/profile: reloads the session context (role, abilities, teams, current team) after
 * the server said it changed (`session:changed`). Rejects with ApiError.
 */
export async function reloadSessionContext(): Promise<SessionContext> {
  const context = await apiRequest<SessionContext>('GET', 'auth/profile');
  updateSession({ context });
  return context;
}
