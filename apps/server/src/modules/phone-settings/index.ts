// The phone-settings module's public use cases: other modules import from here only
// (eslint.config.js). This file re-exports; it implements nothing.
export { callActionSettings, inboundCallSettings, type InboundCallSettings } from './inbound-call-settings';
export { readGreetingAudio } from './greeting-audio';
export {
  findTransferExtension,
  listSipLines,
  sipLineAddress,
  type ExtensionTarget,
  type SipLineAddress,
} from './transfer-targets';
