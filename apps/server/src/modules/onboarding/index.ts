// The onboarding module's public use cases: other modules and the demo seed import from here only
// (eslint.config.js). This file re-exports; it implements nothing.
export { checkInvitationCode } from './check-invitation-code';
export { createInvitationCode, insertInvitationCode } from './create-invitation-code';
export { listInvitationCodes } from './list-invitation-codes';
export { onboardOrganization } from './onboard-organization';
export { onboardingModule } from './onboarding.module';
export { revokeInvitationCode } from './revoke-invitation-code';
