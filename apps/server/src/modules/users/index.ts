// The users module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export * from './users.service';
export * from './user-credentials';
export {
  adoptTeamIfNone,
  displayNameOf,
  forgetTeamOfUser,
  isEmailUsedByUser,
  listUserSummaries,
  type UserSummary,
} from './user-lookups';
export { userNamesOf } from './user-names';
export { listReachableUsers, type ReachableUser } from './user-reachability';
export {
  listCallTakerFacts,
  listUsersNotOffline,
  markUserConnected,
  markUserDisconnected,
  type CallTakerFacts,
} from './user-presence';
export * from './get-user-names';
export * from './create-users';
export * from './find-user-account';
export { findPhoneLineHolder } from './get-assigned-phone-line';
export { getUserSignatureSource, type UserSignatureSource } from './get-user-signature';
export { setUserSignature } from './set-user-signature';
