// The auth module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export { readAccessToken } from './access-token';
export { authRoutes } from './auth.routes';
export { hashPassword, verifyAccessToken } from './auth.service';
export { revokeUserSessions } from './session-store';
export { announceEndedSessions, endUserSessions, type SessionEndReason } from './end-user-sessions';
export { socketTokenLifetimeMs } from './socket-token';
export { clearRefreshCookie, setRefreshCookie } from './refresh-cookie';
export { findSessionAccess, isSessionLive, liveSessionIds, revokeSession } from './session-store';
export { readImpersonatorName } from './impersonation-of';
export { openSignedInSession } from './signed-in-session';
export { writeMachineMode } from './machine-allowlist';
export { verifyPassword } from './password';
