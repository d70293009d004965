// The calls module's public use cases: other modules, the app and the sandbox import from here
// only (eslint.config.js). This file re-exports; it implements nothing.
export { answerCall } from './answer-call';
export { applyCallStatus, type CallStatusUpdate } from './apply-call-status';
export { endCall } from './end-call';
export { holdCall } from './hold-call';
export { listTeamQueue } from './list-team-queue';
export { parkCall } from './park-call';
export { pickCall } from './pick-call';
export { rejectAllCalls, rejectCall } from './reject-call';
export { resumeCall } from './resume-call';
export { sendCallToQueue } from './send-call-to-queue';
export { transferCall } from './transfer-call';
export { getCall } from './get-call';
export { hangUpCall } from './hang-up-call';
export { greetingFor } from './greetings';
export { issueVoiceToken } from './issue-voice-token';
export { listConversationCalls } from './list-conversation-calls';
export {
  callbackSpeech,
  callbackText,
  queuePromptFor,
  type QueuePrompt,
  type QueueSpeech,
} from './queue-texts';
export { recordVoicemail, type VoicemailInput } from './record-voicemail';
export { requestCallback, type CallbackOutcome, type CallbackRequestInput } from './request-callback';
export type { RecordingAudio } from './record-voicemail';
export { startInboundCall, type InboundCallDecision, type InboundCallInput } from './start-inbound-call';
export { startOutboundCall } from './start-outbound-call';
export { callsVoiceInbox } from './voice-inbox';
export { ringUnanswered } from './ring-unanswered';
export { declineRinging, ringingOnly } from './decline-ringing';
export { reconcileOpenCalls } from './reconcile-open-calls';
