// The teams module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export * from './teams.service';
export { announceMembershipChange } from './membership-events';
export { listMemberships, upsertMemberships, type Membership } from './team-memberships';
export { assertNotLastOfTeams, isEmailUsedByTeam, teamsHeldBy } from './team-rules';
export * from './get-team-schedule';
export * from './update-team-schedule';
export * from './create-teams';
export { findTeamByEmail, getTeamEmail } from './get-team-email';
export { teamAutoAssigns } from './team-auto-assign';
export { teamIdsOfUserStatement } from './team-ids-of-user';
