// The email module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export { requestMailboxSync, requestMailboxSyncOf } from './request-mailbox-sync';
export { syncMailbox, type SyncOutcome } from './sync-mailbox';
export { hasEmailSubjectLike } from './has-email-subject-like';
