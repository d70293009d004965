import { defaultWeek } from '@accueil/domain';
import { multipartFile } from '../multipart';
import {
  ADMINISTRATORS,
  anId,
  EVERY_ROLE,
  member,
  newUser,
  organization,
  otherUser,
  suffix,
  textBlock,
  type RouteExpectation,
} from './shared';

/** The role × route table's rows for the organisation, its teams, users, audit and statistics (see `../route-expectations.ts`). */
export const ORGANIZATION_ROUTES: Record<string, RouteExpectation> = {
  'POST /api/users/{id}/invitation': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: { id: w.userId } }),
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
  // Whether the mailbox works (the disconnected dialog): the team's members and the administrators.
  'GET /api/teams/{id}/mailbox/status': { allow: EVERY_ROLE, request: (w) => ({ params: { id: w.teamId } }) },
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
  'GET /api/audit-events': { allow: ADMINISTRATORS },
  // Statistics (statistics.md): the organisation's administrators.
  'GET /api/statistics': {
    allow: ADMINISTRATORS,
    request: () => ({ query: 'from=2026-11-22&to=2026-11-28' }),
  },
  'POST /api/statistics/rollups': { allow: ADMINISTRATORS },
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
  'GET /api/teams/{id}/schedule': { allow: EVERY_ROLE, request: (w) => ({ params: { id: w.teamId } }) },
  'PUT /api/teams/{id}/schedule': {
    allow: ADMINISTRATORS,
    request: (w) => ({ params: { id: w.teamId }, payload: { schedule: null } }),
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
};
