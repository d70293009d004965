// The calls module's public use cases: other modules, the app and the sandbox import from here
// only (eslint.config.js). This file re-exports; it implements nothing.
export { answerCall } from './answer-call';
export { applyCallStatus, type CallStatusUpdate } from './apply-call-status';
export { endCall } from './end-call';
export { getCall } from './get-call';
export { greetingFor } from './greetings';
export { issueVoiceToken } from './issue-voice-token';
export { listConversationCalls } from './list-conversation-calls';
export { recordVoicemail, type VoicemailInput } from './record-voicemail';
export { startInboundCall, type InboundCallDecision, type InboundCallInput } from './start-inbound-call';
export { startOutboundCall } from './start-outbound-call';
export { callsVoiceInbox } from './voice-inbox';
