import { SESSION_IDLE_TIMEOUT_MS, type SessionContext } from '@accueil/domain';
import { useEffect } from 'react';
import { ApiError, apiRequest, refreshAccessToken } from './api';
import { recordActivity, revokeOnServer, useSession, type SessionView } from './session';
import {
  clearSession,
  expireSession,
  getAccessToken,
  getLastActivityAt,
  getSessionState,
  updateSession,
} from './session-store';

/*
 * Restoring the session of a page load (docs/behaviour/sessions.md): from this tab's token or the
 * refresh cookie, and only for the screens that need a session.
 */

async function loadProfile(): Promise<SessionContext> {
  try {
    return await apiRequest<SessionContext>('GET', 'auth/profile');
  } catch (error) {
    // A token kept from before the reload may have lapsed: one refresh, then again.
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await refreshAccessToken();
    return apiRequest<SessionContext>('GET', 'auth/profile');
  }
}

/**
 * On page load: reuse this tab's token, or get one from the refresh cookie, then read the
 * profile. A tab idle for 12 h ends as expired. `skipRefresh` (the login page showing an
 * expiry) just signs out. Never rejects: failure leaves the session signed out.
 */
export async function restoreSession(opts: { skipRefresh?: boolean; now?: number } = {}): Promise<void> {
  const now = opts.now ?? Date.now();
  const last = getLastActivityAt();
  if (getAccessToken() !== null && last !== null && now - last >= SESSION_IDLE_TIMEOUT_MS) {
    void revokeOnServer();
    expireSession(now);
    return;
  }
  if (opts.skipRefresh) {
    clearSession();
    return;
  }
  try {
    if (getAccessToken() === null) await refreshAccessToken();
    const context = await loadProfile();
    updateSession({ status: 'signed-in', context, expiredAt: null });
    recordActivity(now);
  } catch {
    clearSession();
  }
}

let restoring: Promise<void> | null = null;

/**
 * Restores the session once per page load, only when a screen needs it (the guard, the
 * login, the fallback redirect): public pages such as the phone simulator never touch the
 * refresh cookie (POST auth/refresh rotates it for every tab). `skipRefresh` as in
 * `restoreSession`; only the first call's options count.
 */
export function ensureSessionRestored(opts: { skipRefresh?: boolean } = {}): Promise<void> {
  if (getSessionState().status !== 'restoring') return Promise.resolve();
  // restoreSession always leaves 'restoring', so the shared promise is only needed meanwhile.
  restoring ??= restoreSession(opts).finally(() => {
    restoring = null;
  });
  return restoring;
}

/** The session, restored on first use by a screen that needs it (see `ensureSessionRestored`). */
export function useRestoredSession(opts: { skipRefresh?: boolean } = {}): SessionView {
  const view = useSession();
  const skipRefresh = opts.skipRefresh ?? false;
  useEffect(() => {
    void ensureSessionRestored({ skipRefresh });
  }, [skipRefresh]);
  return view;
}
