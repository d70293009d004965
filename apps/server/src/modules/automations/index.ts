// The automations module's public use cases: other modules, the app and the carriers' routes
// import from here only (eslint.config.js). This file re-exports; it implements nothing.
export { afterInboundText } from './after-inbound-text';
export { replyAutomatically, type AutomaticReplyOutcome } from './reply-automatically';
