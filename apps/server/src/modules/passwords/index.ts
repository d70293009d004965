// The passwords module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export { requestPasswordReset } from './request-password-reset';
export { resetPassword } from './reset-password';
export { sendAccountInvitation } from './send-account-invitation';
