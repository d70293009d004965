import { devopsEndpoints, type LoginResponse } from '@accueil/domain';
import { api } from '../../lib/endpoint-client';
import { setAccessToken } from '../../lib/session-store';

// What the impersonation banner needs, apart from the devops panel's api: the banner is in the
// shell, which must not carry the panel's (and the onboarding's) schemas.

/** DELETE /api/devops/impersonations/current: back to the devops user's own session (its refresh cookie is set). */
export function stopImpersonation(): Promise<LoginResponse> {
  return api.call(devopsEndpoints.stopImpersonation, {});
}

/**
 * Moves this tab to the session a start or stop answered: keeps its access token (the refresh
 * cookie is already the new session's) and loads `path` afresh, so the app restores that
 * session with its own sockets, caches and banner.
 */
export function enterSession(response: LoginResponse, path: string): void {
  setAccessToken(response.jwt);
  window.location.assign(path);
}
