import { DEFAULT_SERVICE_STATUS, defaultWeek, ROLES, type Role } from '@accueil/domain';
import { multipartFile, multipartForm } from './multipart';

/**
 * Who may call each `/api` route, and a well-formed request of the caller's own organisation
 * (so that a refusal is the rule's, not a validation error): the table the role × route matrix
 * (`http/role-route-matrix.test.ts`) and the tenant isolation test (`http/tenant-isolation.test.ts`)
 * read. A route the app registers without an entry here fails both: add its entry, judged from its
 * access declaration and its policy (`packages/domain/src/abilities/rules.ts`).
 */

/** What a request is built from: the caller's own rows. */
export type OwnWorld = {
  organizationId: string;
  teamId: string;
  teamNumber: string;
  conversationId: string;
  userId: string;
  /** Another user of the organisation (role `user`, member of the team): the target of the user management routes. */
  otherUserId: string;
  username: string;
  password: string;
  /**
   * `Cookie` header value of a live refresh token of the organisation (the other user's: the
   * matrix signs the caller in again, which may end the caller's older sessions).
   */
  refreshCookie: string;
};

/** A request of the matrix: path parameters filled, query, body. */
export type MatrixRequest = {
  params?: Record<string, string>;
  query?: string;
  payload?: unknown;
  headers?: Record<string, string>;
};

export type RouteExpectation = {
  /**
   * `public`: anyone, signed in or not. Otherwise the roles that are not refused (every other
   * role answers 403 `forbidden`, a caller without a session 401).
   */
  allow: 'public' | readonly Role[];
  /** A well-formed request of the caller's own organisation (default: no input). */
  request?: (w: OwnWorld) => MatrixRequest;
  /** Why the rule is what it is, when it is not plain from the route. */
  note?: string;
  /**
   * The path parameters that name a row (the tenant isolation test puts the other organisation's
   * ids in them); default: every one. A name that is no row's id (a SIP line's name) is left out.
   */
  rowIdParams?: readonly string[];
};

export const EVERY_ROLE: readonly Role[] = ROLES;
export const ADMINISTRATORS: readonly Role[] = ['admin', 'super-admin', 'devops'];
export const DEVOPS: readonly Role[] = ['devops'];
export const MARKETING: readonly Role[] = ['marketing', 'devops'];

/** A 1×1 PNG (a picture upload that every rule accepts). */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const phone = () => `+1514555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
const conversation = (w: OwnWorld) => ({ id: w.conversationId });

const professional = {
  firstName: 'Anne',
  lastName: 'Roy',
  profession: 'Dentiste',
  expertise: 'Générale',
  yearsOfExperience: 5,
  languages: ['fr'],
};
const category = { label: 'Examens', colour: '#1c7ed6', ranges: [{ day: 1, start: '09:00', end: '12:00' }] };
const anId = () => ({ id: crypto.randomUUID() });
const aCallId = () => ({ callId: crypto.randomUUID() });
const suffix = () => crypto.randomUUID().slice(0, 8);
const otherUser = (w: OwnWorld) => ({ id: w.otherUserId });
const organization = (w: OwnWorld) => ({ id: w.organizationId });
const textBlock = (w: OwnWorld) => ({ id: w.organizationId, blockId: crypto.randomUUID() });
const member = (w: OwnWorld) => ({ id: w.teamId, userId: w.otherUserId });
const newUser = () => {
  const name = `matrix-${suffix()}`;
  return {
    username: name,
    email: `${name}@example.test`,
    password: 'Matrice-2030!',
    displayName: 'Matrix User',
    firstName: 'Matrix',
    lastName: 'User',
    teams: [],
  };
};
const appointment = () => ({
  professionalId: crypto.randomUUID(),
  categoryId: crypto.randomUUID(),
  startsAt: '2030-01-07T14:00:00Z',
  durationMinutes: 30,
  firstName: 'Camille',
  lastName: 'Roy',
});

/** Keyed `METHOD /openapi/path` (path parameters as `{name}`). */
export const ROUTE_EXPECTATIONS: Record<string, RouteExpectation> = {
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
  'GET /api/conversations': { allow: EVERY_ROLE },
  'GET /api/conversations/unread-counts': { allow: EVERY_ROLE },
  'GET /api/conversations/lookup': {
    allow: EVERY_ROLE,
    request: () => ({ query: `phone=${encodeURIComponent(phone())}` }),
  },
  'POST /api/conversations': { allow: EVERY_ROLE, request: () => ({ payload: { to: phone() } }) },
  'GET /api/conversations/deleted': {
    allow: ADMINISTRATORS,
    note: 'the restore list is an administrator view',
  },
  'GET /api/conversations/{id}': { allow: EVERY_ROLE, request: (w) => ({ params: conversation(w) }) },
  'PUT /api/conversations/{id}': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w), payload: { status: 'inactive' } }),
    note: 'archiving stays open to every member',
  },
  'POST /api/conversations/{id}/follow-up': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
    note: "a member starts the contact's follow-up (flow lock)",
  },
  'DELETE /api/conversations/{id}/follow-up': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
  },
  'DELETE /api/conversations/{id}': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: conversation(w) }),
    note: "deleting is an administrator's action",
  },
  // France's paths (docs/behaviour/france.md): the matrix's organisations are in Canada, where they
  // answer 404 before any rule; in France the conversations' rules apply (messaging-v1's tests).
  'GET /api/messaging/v1/threads': { allow: EVERY_ROLE, note: 'France only (404 elsewhere)' },
  'POST /api/messaging/v1/threads': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { to: phone() } }),
    note: 'France only (404 elsewhere)',
  },
  'GET /api/messaging/v1/threads/{id}': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
    note: 'France only (404 elsewhere)',
  },
  'PUT /api/messaging/v1/threads/{id}': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w), payload: { status: 'inactive' } }),
    note: 'France only (404 elsewhere)',
  },
  'DELETE /api/messaging/v1/threads/{id}': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
    note: "France only: 404 elsewhere for every role; in France an administrator's action (403 for others, messaging-v1's tests)",
  },
  'GET /api/messaging/v1/polling': {
    allow: EVERY_ROLE,
    request: () => ({ query: 'cursor=0' }),
    note: 'France only (404 elsewhere)',
  },
  'POST /api/conversations/{id}/restore': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: conversation(w) }),
  },
  'GET /api/conversations/{id}/messages': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w) }),
  },
  'POST /api/conversations/{id}/messages': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: conversation(w), payload: { body: 'Bonjour' } }),
  },
  'POST /api/sandbox/messages': {
    allow: 'public',
    request: (w) => ({ payload: { from: phone(), to: w.teamNumber, body: 'Allo' } }),
    note: 'the simulated phones (sandbox carrier only)',
  },
  'GET /api/sandbox/messages': {
    allow: 'public',
    request: () => ({ query: `number=${encodeURIComponent(phone())}` }),
  },
  'GET /api/sandbox/directory': { allow: 'public' },
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
  'POST /api/conversations/synchronize': { allow: DEVOPS },
  'POST /api/conversations/flows/synchronize': { allow: DEVOPS },
  'POST /api/voice/v1/synchronize': { allow: DEVOPS },
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
  'POST /api/users/{id}/invitation': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: { id: w.userId } }),
  },
  'GET /api/sandbox/mail': { allow: 'public', note: 'the sandbox mailbox (sandbox e-mail carrier only)' },
  'GET /api/sandbox/mail/attachments/{id}': {
    allow: 'public',
    request: () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
    note: 'a file of the sandbox mailbox (sandbox e-mail carrier only): no organisation’s row',
    rowIdParams: [],
  },
  'POST /api/email/support': {
    allow: EVERY_ROLE,
    request: () => multipartForm({ description: 'Role matrix: a support request' }),
    note: 'anyone signed in reports a problem; name, e-mail and organisation come from the session',
  },
  'POST /api/sandbox/mail': {
    allow: 'public',
    request: () => ({
      payload: { from: 'patient@example.test', to: 'nobody@clinic.test', subject: 'Bonjour', text: 'Allô' },
    }),
    note: 'a contact writes to a team (the e-mail channel’s sandbox vendor only)',
  },
  // The e-mail channel: the organisation's administrators manage the teams' mailboxes (`team.manage`);
  // the conversation's rules say who reads its mails and replies.
  'GET /api/teams/{id}/mailbox': { allow: ADMINISTRATORS, request: (w) => ({ params: { id: w.teamId } }) },
  'PUT /api/teams/{id}/mailbox': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: { id: w.teamId }, payload: {} }),
    note: 'the matrix’s team has no e-mail: administrators get 422 team-email-missing',
  },
  'DELETE /api/teams/{id}/mailbox': { allow: ADMINISTRATORS, request: (w) => ({ params: { id: w.teamId } }) },
  'GET /api/conversations/{id}/emails': { allow: EVERY_ROLE, request: (w) => ({ params: conversation(w) }) },
  'POST /api/email-sync/{provider}/send/{id}': {
    allow: EVERY_ROLE,
    request: (w) => ({
      params: { provider: 'sandbox', id: w.conversationId },
      ...multipartForm({ inboxEmail: 'team@clinic.test', subject: 'Re', body: 'Bonjour' }),
    }),
    rowIdParams: ['id'],
    note: 'a phone conversation: 422 to every member, after the conversation’s rules',
  },
  'POST /api/email-sync/{provider}/attachments/{id}': {
    allow: EVERY_ROLE,
    request: () => ({
      params: { provider: 'sandbox', ...anId() },
      payload: { inboxEmail: 'team@clinic.test' },
    }),
    rowIdParams: ['id'],
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
  // Contacts: every member of the organisation (the rule `contact.manage`).
  'GET /api/contacts': { allow: EVERY_ROLE },
  'POST /api/contacts': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { firstName: 'Camille', lastName: 'Roy' } }),
  },
  'GET /api/contacts/export': { allow: EVERY_ROLE },
  'POST /api/contacts/import': {
    allow: EVERY_ROLE,
    note: 'a multipart upload; without a file it is refused as input (400/415), not by role',
  },
  'GET /api/contacts/imports/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/contacts/imports/{id}/skipped': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/contacts/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'PUT /api/contacts/{id}': {
    allow: EVERY_ROLE,
    request: () => ({ params: anId(), payload: { firstName: 'Camille', lastName: 'Roy' } }),
  },
  'DELETE /api/contacts/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/patients/{id}/surveys': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  // Agenda: every member reads and books; administrators manage professionals and their categories.
  'GET /api/agenda/settings': { allow: EVERY_ROLE },
  'GET /api/professionals': { allow: EVERY_ROLE },
  'POST /api/professionals': { allow: ADMINISTRATORS, request: () => ({ payload: professional }) },
  'GET /api/professionals/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'PUT /api/professionals/{id}': {
    allow: ADMINISTRATORS,
    request: () => ({ params: anId(), payload: professional }),
  },
  'DELETE /api/professionals/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'GET /api/availability-categories': { allow: EVERY_ROLE },
  'POST /api/professionals/{id}/availability-categories': {
    allow: ADMINISTRATORS,
    request: () => ({ params: anId(), payload: category }),
  },
  'PUT /api/availability-categories/{id}': {
    allow: ADMINISTRATORS,
    request: () => ({ params: anId(), payload: category }),
  },
  'DELETE /api/availability-categories/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'GET /api/professionals/{id}/free-availabilities': {
    allow: EVERY_ROLE,
    request: () => ({
      params: anId(),
      query: `categoryId=${crypto.randomUUID()}&date=2030-01-07&durationMinutes=30`,
    }),
  },
  'GET /api/appointments': {
    allow: EVERY_ROLE,
    request: () => ({ query: 'from=2030-01-01T00:00:00Z&to=2030-01-08T00:00:00Z' }),
  },
  'POST /api/appointments': { allow: EVERY_ROLE, request: () => ({ payload: appointment() }) },
  'GET /api/appointments/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'PUT /api/appointments/{id}': {
    allow: EVERY_ROLE,
    request: () => ({ params: anId(), payload: appointment() }),
  },
  'POST /api/appointments/{id}/cancel': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/patients/{id}/appointments': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  // Teams (teams-and-users.md, "Who may do what"): every member lists them; the organisation's
  // administrators change them; a team's members change with an administrator of that team (the
  // matrix's users are plain members).
  'GET /api/teams': { allow: EVERY_ROLE },
  // The spec's user groups: every signed-in user reads the organisation's teams and their own.
  'GET /api/user-groups': { allow: EVERY_ROLE },
  'GET /api/user-groups/belongs': { allow: EVERY_ROLE },
  'POST /api/teams': {
    allow: ADMINISTRATORS,
    request: (w) => ({
      payload: { label: `Équipe ${suffix()}`, members: [{ userId: w.userId, administrator: true }] },
    }),
  },
  'PUT /api/teams/{id}': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: { id: w.teamId }, payload: { defaultInbox: 'sms' } }),
  },
  'PUT /api/teams/{id}/members/{userId}': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: member(w), payload: { administrator: false } }),
  },
  'DELETE /api/teams/{id}/members/{userId}': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: member(w) }),
  },
  // Users: the directory is everyone's; the accounts are the organisation's administrators'.
  'GET /api/users': { allow: ADMINISTRATORS },
  'GET /api/users/directory': { allow: EVERY_ROLE },
  'GET /api/users/{id}': { allow: ADMINISTRATORS, request: (w) => ({ params: otherUser(w) }) },
  'POST /api/users': { allow: ADMINISTRATORS, request: () => ({ payload: newUser() }) },
  'PUT /api/users/{id}': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: otherUser(w), payload: { profession: 'Hygiéniste' } }),
  },
  'POST /api/users/{id}/disable': { allow: ADMINISTRATORS, request: (w) => ({ params: otherUser(w) }) },
  'POST /api/users/{id}/enable': { allow: ADMINISTRATORS, request: (w) => ({ params: otherUser(w) }) },
  'POST /api/users/{id}/force-disconnect': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: otherUser(w) }),
    note: 'never oneself (403): the target is another user',
  },
  // Phone lines: everyone takes or frees their own (an administrator's choice of user is checked by the route).
  'GET /api/sips/v1/users/assigned': { allow: EVERY_ROLE },
  'PUT /api/sips/v1/users/assign/{id}': {
    allow: EVERY_ROLE,
    request: () => ({ params: { id: `line-${suffix()}` }, payload: {} }),
    rowIdParams: [],
    note: "the line's SIP name is no row id",
  },
  'PUT /api/sips/v1/users/unassign': { allow: EVERY_ROLE, request: () => ({ payload: {} }) },
  // Audit log: the organisation's administrators.
  'GET /api/automatic-replies': {
    allow: EVERY_ROLE,
    note: 'every member reads them; administrators change them',
  },
  'PUT /api/automatic-replies': {
    allow: ADMINISTRATORS,
    request: () => ({
      payload: { teamId: null, kind: 'vacation', enabled: false, body: 'Fermé pour les vacances' },
    }),
  },
  'DELETE /api/automatic-replies/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'GET /api/audit-events': { allow: ADMINISTRATORS },
  // Statistics (statistics.md): the organisation's administrators.
  'GET /api/statistics': {
    allow: ADMINISTRATORS,
    request: () => ({ query: 'from=2026-11-22&to=2026-11-28' }),
  },
  'POST /api/statistics/rollups': { allow: ADMINISTRATORS },
  'POST /api/sandbox/statistics/weekly-report': {
    allow: 'public',
    // A Monday: no organisation's report is due, nothing is sent.
    request: () => ({ payload: { now: '2026-11-30T12:00:00.000Z' } }),
    note: 'a sandbox tool (sandbox e-mail carrier only), as the sandbox mailbox',
  },
  'GET /api/statistics/recipients': { allow: ADMINISTRATORS },
  'POST /api/statistics/recipients': {
    allow: ADMINISTRATORS,
    request: () => ({ payload: { email: `stats-${suffix()}@example.org` } }),
  },
  'DELETE /api/statistics/recipients/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'GET /api/audit-events/verification': { allow: ADMINISTRATORS },
  // Organisation settings and schedules (organization-settings.md, schedules.md): every member
  // reads them; administrators change them.
  'GET /api/organizations/{id}': { allow: EVERY_ROLE, request: (w) => ({ params: organization(w) }) },
  'PUT /api/organizations': { allow: ADMINISTRATORS, request: () => ({ payload: { address: null } }) },
  'POST /api/organizations/{id}/logo': {
    allow: ADMINISTRATORS,
    request: (w) => ({
      params: organization(w),
      ...multipartFile('logo', 'logo.png', Buffer.from('not an image')),
    }),
    note: 'a file that is no image: refused as input (400) to administrators, by role to the others',
  },
  'DELETE /api/organizations/{id}/logo': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: organization(w) }),
  },
  'GET /api/organizations/{id}/schedule': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: organization(w) }),
  },
  'PUT /api/organizations/{id}/schedule': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: organization(w), payload: { week: defaultWeek(), vacations: [] } }),
  },
  'GET /api/services': { allow: EVERY_ROLE, request: () => ({ query: 'sector=dental' }) },
  'GET /api/tiers/organization/{id}': { allow: EVERY_ROLE, request: (w) => ({ params: organization(w) }) },
  'GET /api/teams/{id}/schedule': { allow: EVERY_ROLE, request: (w) => ({ params: { id: w.teamId } }) },
  'PUT /api/teams/{id}/schedule': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: { id: w.teamId }, payload: { schedule: null } }),
  },
  // Quick messages (quick-messages.md): every member of the organisation (`textBlock.manage`).
  // Communication templates (quick-messages.md): every member reads the tokens and their sector's templates (`template.read`);
  // another sector's templates are marketing's (`template.readSms`, tested in communication-templates.test.ts).
  'GET /api/communication-templates/tokens': {
    allow: EVERY_ROLE,
    request: () => ({ query: 'sector=dental' }),
  },
  'GET /api/communication-templates': {
    allow: EVERY_ROLE,
    request: (w) => ({ query: `type=sms&userId=${w.userId}&locale=en-CA` }),
  },
  'GET /api/communication-templates/': {
    allow: EVERY_ROLE,
    request: (w) => ({ query: `type=sms&userId=${w.userId}&locale=en-CA` }),
    note: "the spec's path, with its trailing slash",
  },
  'GET /api/organizations/{id}/text-blocks': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: organization(w) }),
  },
  'GET /api/organizations/{id}/text-blocks/has-own': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: organization(w) }),
  },
  'GET /api/organizations/{id}/text-blocks/{blockId}': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: textBlock(w) }),
  },
  'POST /api/organizations/{id}/text-blocks': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: organization(w), payload: { title: `Matrice ${suffix()}`, body: 'Bonjour' } }),
  },
  'PUT /api/organizations/{id}/text-blocks/{blockId}': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: textBlock(w), payload: { title: 'Matrice' } }),
  },
  'DELETE /api/organizations/{id}/text-blocks/{blockId}': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: textBlock(w) }),
  },
  // Scheduled messages (scheduled-messages.md): every member of the team schedules; a message is
  // changed by its author or an administrator (a refusal of one row, 403, tested in its module).
  'GET /api/scheduled-messages': { allow: EVERY_ROLE },
  'POST /api/scheduled-messages': {
    allow: EVERY_ROLE,
    request: (w) => ({
      payload: {
        title: 'Rappel',
        message: 'Bonjour',
        date: '2030-01-07',
        time: '10:00',
        conversationId: w.conversationId,
      },
    }),
  },
  'GET /api/scheduled-messages/phone/{phone}': {
    allow: EVERY_ROLE,
    request: () => ({ params: { phone: phone() } }),
    rowIdParams: [],
    note: 'a phone number is no row id',
  },
  'GET /api/scheduled-messages/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'PUT /api/scheduled-messages/{id}': {
    allow: EVERY_ROLE,
    request: () => ({
      params: anId(),
      payload: { title: 'Rappel', message: 'Bonjour', date: '2030-01-07', time: '10:00' },
    }),
  },
  'DELETE /api/scheduled-messages/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  // The content library (library.md): everyone reads what `post.read` lets them (a post they may
  // not read answers 404); marketing writes (`post.write`).
  'GET /api/posts/search': {
    allow: EVERY_ROLE,
    request: (w) => ({ query: `draft=false&clinic=${w.organizationId}` }),
  },
  'POST /api/posts': {
    allow: MARKETING,
    request: () => ({ payload: { type: 'protocol', alias: `matrix_${suffix()}`, title: 'Matrice' } }),
  },
  'GET /api/posts/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'PUT /api/posts/{id}': {
    allow: MARKETING,
    request: () => ({ params: anId(), payload: { version: 1, title: 'Matrice' } }),
  },
  'GET /api/posts/{id}/sections': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'DELETE /api/posts/{id}/sections/{sectionId}': {
    allow: MARKETING,
    request: () => ({ params: { ...anId(), sectionId: 'step1' } }),
    rowIdParams: ['id'],
    note: "a section's identifier is the author's, no row id",
  },
  'POST /api/posts/{id}/link': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/consultations/access': { allow: EVERY_ROLE },
  'POST /api/posts/images': {
    allow: MARKETING,
    request: () => multipartFile('file', 'dot.png', Buffer.from(ONE_PIXEL_PNG, 'base64')),
  },
  'GET /api/public/post-images/{clinicId}/{imageId}': {
    allow: 'public',
    request: (w) => ({ params: { clinicId: w.organizationId, imageId: crypto.randomUUID() } }),
  },
  'GET /api/public/posts/{clinicId}/{postId}': {
    allow: 'public',
    request: (w) => ({ params: { clinicId: w.organizationId, postId: crypto.randomUUID() } }),
  },
  // Short links: every signed-in user shortens a link.
  'POST /api/link/create': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { url: 'https://example.com/a-rather-long-path-for-a-short-link' } }),
  },
  // Browser calls (calls.md): every member's voice device (403 `calls-disabled` only when the organisation turned web calls off).
  'GET /api/voice/v1/tokens': { allow: EVERY_ROLE },
  'GET /api/voice/v1/tokens/refresh': { allow: EVERY_ROLE },
  // Calls (calls.md): every member of the call's team handles it (`call.handle`); another team's call answers 403 (tested in the module).
  'GET /api/conversations/{id}/calls': { allow: EVERY_ROLE, request: (w) => ({ params: conversation(w) }) },
  'GET /api/voice/v1/calls/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/voice/v1/calls/sid/{sid}': {
    allow: EVERY_ROLE,
    request: () => ({ params: { sid: `CA${suffix()}` } }),
    rowIdParams: [],
    note: "the carrier's id is no row id",
  },
  'POST /api/voice/v1/calls': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { to: phone() } }),
    note: 'outgoing calls: every member while the tier allows them',
  },
  'POST /api/voice/v1/calls/{id}/answer': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/calls/{id}/hang-up': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/calls/{id}/hold': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/calls/{id}/resume': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/calls/{id}/transfer': {
    allow: EVERY_ROLE,
    request: (w) => ({ params: anId(), payload: { toUserGroup: w.teamId } }),
  },
  'POST /api/voice/v1/calls/{id}/queue': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/queues/park/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/queues/pick': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { callSid: `CA${suffix()}` } }),
  },
  'GET /api/voice/v1/queues': { allow: EVERY_ROLE },
  'POST /api/voice/v1/calls/{id}/reject': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'POST /api/voice/v1/calls/rejectAll': { allow: EVERY_ROLE },
  'GET /api/voice/v1/calls/availability': { allow: EVERY_ROLE, note: 'any member may transfer a call' },
  // The spec's forms of the panel's actions: the call in the body (a call id names no row in a path).
  'POST /api/voice/v1/calls/answer': { allow: EVERY_ROLE, request: () => ({ payload: aCallId() }) },
  'POST /api/voice/v1/calls/hold': { allow: EVERY_ROLE, request: () => ({ payload: aCallId() }) },
  'POST /api/voice/v1/calls/resume': { allow: EVERY_ROLE, request: () => ({ payload: aCallId() }) },
  'POST /api/voice/v1/calls/transfer': {
    allow: EVERY_ROLE,
    request: (w) => ({ payload: { ...aCallId(), toUserGroup: w.teamId } }),
  },
  'POST /api/voice/v1/calls/reject': { allow: EVERY_ROLE, request: () => ({ payload: aCallId() }) },
  'GET /api/voice/v1/recordings': {
    allow: EVERY_ROLE,
    request: () => ({ query: `recordingId=${crypto.randomUUID()}` }),
    note: "the members of the call's team",
  },
  'GET /api/voice/v1/recordings/length': {
    allow: EVERY_ROLE,
    request: () => ({ query: `recordingId=${crypto.randomUUID()}` }),
  },
  'DELETE /api/voice/v1/recordings/{id}': {
    allow: ADMINISTRATORS,
    request: () => ({ params: anId() }),
    note: "deleting a client's recording is an administrator's action",
  },
  // The sandbox voice network (VOICE_CARRIER=sandbox only): the phone simulator's side is public like its texts; the staff side is every member's device.
  'POST /api/sandbox/voice/calls': {
    allow: 'public',
    request: (w) => ({ payload: { from: phone(), to: w.teamNumber } }),
    note: 'the simulated phones (sandbox voice carrier only)',
  },
  'POST /api/sandbox/voice/calls/{callId}/events': {
    allow: 'public',
    request: () => ({ params: aCallId(), payload: { type: 'hang-up', number: phone() } }),
    rowIdParams: [],
  },
  'POST /api/voice/v1/sandbox/devices': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { token: 'not-a-token' } }),
  },
  'POST /api/voice/v1/sandbox/calls': { allow: EVERY_ROLE, request: () => ({ payload: { to: phone() } }) },
  'POST /api/voice/v1/sandbox/calls/{callId}/events': {
    allow: EVERY_ROLE,
    request: () => ({ params: aCallId(), payload: { type: 'hang-up' } }),
  },
  // Phones settings (calls.md, "Phones settings"): administrators; every member reads the transfer extensions (the call panel's).
  'GET /api/phone-settings': { allow: ADMINISTRATORS },
  'PUT /api/phone-settings': {
    allow: ADMINISTRATORS,
    request: () => ({ payload: { queueRepeatPauseSeconds: 20 } }),
  },
  'GET /api/voicemail-greetings': { allow: ADMINISTRATORS },
  'PUT /api/voicemail-greetings': {
    allow: ADMINISTRATORS,
    request: () => ({
      payload: { teamId: null, kind: 'CLOSE', enabled: true, source: 'TTS', text: 'Nous sommes fermés.' },
    }),
  },
  'POST /api/voicemail-greetings/audio/{kind}': {
    allow: ADMINISTRATORS,
    request: () => ({
      params: { kind: 'BREAK' },
      query: 'source=FILE',
      ...multipartFile('audio', 'pause.mp3', Buffer.from('not audio')),
    }),
    rowIdParams: [],
    note: 'a file that is no audio: refused as input (415) to administrators, by role to the others',
  },
  'GET /api/voicemail-greetings/{id}/audio': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'DELETE /api/voicemail-greetings/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'POST /api/voicemail-greetings/preview': {
    allow: ADMINISTRATORS,
    request: () => ({ payload: { text: 'Bonjour' } }),
  },
  // Attachments (attachments.md): every signed-in user uploads for the messages they compose; a row not theirs answers 404.
  'POST /api/attachments': {
    allow: EVERY_ROLE,
    request: () => ({ query: 'size=9', ...multipartFile('file', 'note.txt', Buffer.from('not media')) }),
    note: 'a file of no accepted type: refused as input (415) to every role',
  },
  'GET /api/attachments/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/attachments/{id}/content': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/attachments/{id}/thumbnail': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'DELETE /api/attachments/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/transfer-extension': { allow: EVERY_ROLE },
  'POST /api/transfer-extension': {
    allow: ADMINISTRATORS,
    request: () => ({ payload: { name: 'Laboratoire', phoneNumber: phone(), extension: '12' } }),
  },
  'PUT /api/transfer-extension/{id}': {
    allow: ADMINISTRATORS,
    request: () => ({ params: anId(), payload: { name: 'Laboratoire', phoneNumber: phone() } }),
  },
  'DELETE /api/transfer-extension/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'GET /api/sip-users': { allow: ADMINISTRATORS },
  'POST /api/sip-users': {
    allow: ADMINISTRATORS,
    request: () => ({ payload: { username: `poste.${suffix()}` } }),
  },
  'DELETE /api/sip-users/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
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

/** The URL of a route for `request` (`{name}` filled from `params`, then `?query`). */
export function urlOf(path: string, request: MatrixRequest): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}} in the route's expectation`);
    return encodeURIComponent(value);
  });
  return request.query ? `${filled}?${request.query}` : filled;
}
