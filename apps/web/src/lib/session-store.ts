import type { SessionContext } from '@accueil/domain';

/**
 * The session's state outside React (docs/behaviour/sessions.md): the access token, the signed-in
 * context and whether the page is still restoring a session. The api client reads and
 * expires it; `session.ts` wraps it in hooks. The token lives in memory and in
 * sessionStorage, so a reload in the same tab keeps it and other tabs never see it.
 */
export type SessionStatus = 'restoring' | 'signed-in' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  token: string | null;
  context: SessionContext | null;
  /** Epoch ms when the session last expired (the guard sends to `/login?expired=<it>`), else null. */
  expiredAt: number | null;
}

const TOKEN_KEY = 'accueil.jwt';
const ACTIVITY_KEY = 'accueil.lastActivityAt';

let state: SessionState = {
  status: 'restoring',
  token: readStored(TOKEN_KEY),
  context: null,
  expiredAt: null,
};
const listeners = new Set<() => void>();
let routerNavigate: ((to: string) => void) | null = null;
const expiryListeners = new Set<() => void>();

function readStored(key: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.sessionStorage?.removeItem(key);
    else globalThis.sessionStorage?.setItem(key, value);
  } catch {
    // Storage can be disabled (private mode); memory still holds the session.
  }
}

/** Current state (a stable object between changes, for useSyncExternalStore). */
export function getSessionState(): SessionState {
  return state;
}

/** Watch changes; returns the unsubscribe function. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Replaces part of the state and notifies; the token is mirrored to sessionStorage. */
export function updateSession(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  if ('token' in patch) writeStored(TOKEN_KEY, patch.token ?? null);
  for (const l of listeners) l();
}

/** The bearer token of the current session, or null. */
export function getAccessToken(): string | null {
  return state.token;
}

/** Stores a new access token (after login or refresh). */
export function setAccessToken(token: string | null): void {
  updateSession({ token });
}

/** Epoch ms of the last recorded activity (navigation, input, API use), or null. */
export function getLastActivityAt(): number | null {
  const raw = readStored(ACTIVITY_KEY);
  return raw ? Number(raw) : null;
}
export function writeLastActivityAt(at: number | null): void {
  writeStored(ACTIVITY_KEY, at === null ? null : String(at));
}

/** The router registers its navigate function so that redirects keep the SPA alive. */
export function setNavigator(fn: ((to: string) => void) | null): void {
  routerNavigate = fn;
}

/** Goes to a path through the router when mounted, else by a page load. */
export function redirectTo(to: string): void {
  if (routerNavigate) routerNavigate(to);
  else globalThis.location?.assign(to);
}

/** Called whenever the session ends by expiry (the realtime layer disconnects on it). */
export function onSessionExpired(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

const signOutListeners = new Set<() => void | Promise<void>>();

/**
 * Called when a sign-out begins, before the server is told (the realtime layer closes its
 * socket on it; the service worker's host forgets this browser's push subscription,
 * lib/forget-push.ts). They register themselves here so that the sign-in code does not load
 * them: the login page ships without the socket client. A listener's promise is waited for
 * (it must not reject): the session still holds while it runs.
 */
export function onSignOut(listener: () => void | Promise<void>): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/** Runs the {@link onSignOut} listeners (the start of a sign-out); resolves once all have. */
// Array.from and no async wrapper: the fewest bytes of the inbox's first load (its budget is full);
// Promise.all takes the listeners' plain (void) results as well.
// eslint-disable-next-line @typescript-eslint/await-thenable
export const announceSignOut = () => Promise.all(Array.from(signOutListeners, (l) => l()));

/** Forgets the token and context; the login page is shown afterwards. */
export function clearSession(): void {
  writeLastActivityAt(null);
  updateSession({ status: 'signed-out', token: null, context: null, expiredAt: null });
}

/**
 * The session is marked expired and the login shows with
 * `?expired=<timestamp>`, where it says that the session has expired.
 */
export function expireSession(now: number = Date.now()): void {
  const wasSignedIn = state.token !== null || state.context !== null;
  writeLastActivityAt(null);
  updateSession({ status: 'signed-out', token: null, context: null, expiredAt: now });
  for (const l of expiryListeners) l();
  if (wasSignedIn || !globalThis.location?.pathname.startsWith('/login')) redirectTo(`/login?expired=${now}`);
}
