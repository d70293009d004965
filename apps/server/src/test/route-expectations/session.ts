import { DEFAULT_SERVICE_STATUS } from '@accueil/domain';
import { multipartForm } from '../multipart';
import { ADMINISTRATORS, anId, DEVOPS, EVERY_ROLE, organization, type RouteExpectation } from './shared';

/** The role × route table's rows for the session, sign-in, onboarding, operators and support (see `../route-expectations.ts`). */
export const SESSION_ROUTES: Record<string, RouteExpectation> = {
  'GET /api/config': { allow: 'public' },
  'GET /api/status': { allow: 'public', note: 'the maintenance status: the sign-in page shows it too' },
  'POST /api/auth/login': {
    allow: 'public',
    request: (w) => ({ payload: { username: w.username, password: w.password } }),
  },
  'POST /api/auth/refresh': {
    allow: 'public',
    request: (w) => ({ headers: { cookie: w.refreshCookie } }),
    note: 'the refresh cookie is the proof',
  },
  'POST /api/auth/logout': { allow: EVERY_ROLE },
  'GET /api/auth/profile': { allow: EVERY_ROLE },
  'PUT /api/auth/user-group': { allow: EVERY_ROLE, request: (w) => ({ payload: { userGroup: w.teamId } }) },
  'PUT /api/auth/locale': { allow: EVERY_ROLE, request: () => ({ payload: { locale: 'en-CA' } }) },
  'PUT /api/auth/status': { allow: EVERY_ROLE, request: () => ({ payload: { status: 'online' } }) },
  'GET /api/users/me/signature': { allow: EVERY_ROLE, note: 'the signed-in user’s own, whatever their role' },
  'PUT /api/users/me/signature': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { mode: 'user', content: '' } }),
    note: 'each person signs their own replies',
  },
  'POST /api/onboarding/invitation-codes/check': {
    allow: 'public',
    request: () => ({ payload: { code: 'ABCD-EFGH-JKMN' } }),
  },
  'POST /api/onboarding': { allow: 'public', note: 'the invitation code is the proof' },
  'GET /api/devops/invitation-codes': { allow: DEVOPS },
  'POST /api/devops/invitation-codes': { allow: DEVOPS, request: () => ({ payload: { label: 'matrix' } }) },
  'DELETE /api/devops/invitation-codes/{id}': {
    allow: DEVOPS,
    request: () => ({ params: { id: crypto.randomUUID() } }),
  },
  'GET /api/devops/organizations': { allow: DEVOPS },
  'GET /api/devops/health': { allow: DEVOPS },
  'PUT /api/devops/status': {
    allow: DEVOPS,
    note: 'installation-wide, not a tenant row: the operators set what every organisation sees',
    request: () => ({
      payload: { ...DEFAULT_SERVICE_STATUS, updatedAt: undefined },
    }),
  },
  'POST /api/devops/impersonations': {
    allow: DEVOPS,
    request: (w) => ({ payload: { organizationId: w.organizationId } }),
  },
  'DELETE /api/devops/impersonations/current': {
    allow: [],
    note: 'only an impersonation session ends one (tested in impersonation.test.ts)',
  },
  // Passwords: the link's token is the credential; only an administrator invites a user.
  'POST /api/auth/password/forgot': {
    allow: 'public',
    request: () => ({ payload: { login: 'nobody@example.test' } }),
  },
  'POST /api/auth/password/token': { allow: 'public', note: 'the link token is the proof' },
  'POST /api/auth/password/reset': { allow: 'public', note: 'the link token is the proof' },
  'POST /api/email/support': {
    allow: EVERY_ROLE,
    request: () => multipartForm({ description: 'Role matrix: a support request' }),
    note: 'anyone signed in reports a problem; name, e-mail and organisation come from the session',
  },
  // Gmail and Outlook (spec §7 `/oauth2/*`): administrators; the provider's redirect is public
  // (the sealed cookie and the state are the proof: without them it redirects to the error page).
  'POST /api/oauth2/type': {
    allow: ADMINISTRATORS,
    request: () => ({ payload: { inboxEmail: 'team@gmail.com' } }),
  },
  'POST /api/oauth2/{provider}': {
    allow: ADMINISTRATORS,
    request: () => ({ params: { provider: 'gmail' }, payload: { inboxEmail: 'team@clinic.test' } }),
    note: 'no OAuth client configured in tests: administrators get 404',
    rowIdParams: [],
  },
  'GET /api/oauth2/{provider}/callback': {
    allow: 'public',
    request: () => ({ params: { provider: 'gmail' }, query: 'code=x&state=y' }),
    note: 'the provider’s redirect: 302 to /verification/error/gmail without the authorisation’s cookie',
    rowIdParams: [],
  },
  'POST /api/oauth2/{provider}/logout': {
    allow: ADMINISTRATORS,
    request: () => ({ params: { provider: 'gmail' }, payload: { inboxEmail: 'team@clinic.test' } }),
    note: 'no team has this e-mail: administrators get 404',
    rowIdParams: [],
  },
  'GET /api/tiers/organization/{id}': { allow: EVERY_ROLE, request: (w) => ({ params: organization(w) }) },
  // Sign-in security (security.md): passkeys are each user's own; signing in with one is public;
  // the machine allowlist is the organisation's administrators'.
  'POST /api/auth/login/webauthn/options': { allow: 'public' },
  'POST /api/auth/login/webauthn/verify': { allow: 'public', note: 'the passkey is the proof' },
  'GET /api/auth/passkeys': { allow: EVERY_ROLE },
  'POST /api/auth/passkeys/options': { allow: EVERY_ROLE },
  'POST /api/auth/passkeys': { allow: EVERY_ROLE, note: "the answer to one's own challenge" },
  'DELETE /api/auth/passkeys/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/auth/machines': { allow: ADMINISTRATORS },
  'PUT /api/auth/machines/mode': {
    allow: ADMINISTRATORS,
    request: () => ({ payload: { mode: 'disabled' } }),
  },
  'PUT /api/auth/machines/{id}': {
    allow: ADMINISTRATORS,
    request: () => ({ params: anId(), payload: { name: 'Accueil' } }),
  },
  'DELETE /api/auth/machines/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
};
