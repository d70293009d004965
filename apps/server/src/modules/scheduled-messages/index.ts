// The scheduled-messages module's public use cases: other modules import from here only
// (eslint.config.js). This file re-exports; it implements nothing.
export { runScheduledSend, scheduledSendKey } from './run-scheduled-send';
export { sendScheduledMessageJob } from './send-scheduled-message.job';
