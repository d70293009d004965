// The mail module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export type { MailContent } from './mail-content';
export type { MailAttachment } from '../../carriers/email/email-carrier';
export { WEEKLY_FIGURE_KEYS, type WeeklyFigureKey, type WeeklyFigures } from './weekly-figures';
export { mailTexts } from './mail-texts';
export { sendMail } from './send-mail';
export { sendSignInFailureNotice } from './send-sign-in-failure-notice';
