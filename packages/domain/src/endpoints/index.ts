import { agendaEndpoints } from './agenda';
import { attachmentEndpoints } from './attachments';
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { contactEndpoints } from './contacts';
import { automaticReplyEndpoints } from './automatic-replies';
import { communicationTemplateEndpoints, textBlockEndpoints } from './communication';
import { labelEndpoints } from './labels';
import { linkEndpoints } from './links';
import { conversationEndpoints } from './conversations';
import { devopsEndpoints } from './devops';
import { messageEndpoints } from './messages';
import { noteEndpoints } from './notes';
import { messagingEndpoints } from './messaging';
import { organizationEndpoints } from './organizations';
import { passwordEndpoints } from './passwords';
import { postEndpoints } from './posts';
import { phoneSettingsEndpoints } from './phone-settings';
import { onboardingEndpoints } from './onboarding';
import { operationsEndpoints } from './operations';
import { publicEndpoints } from './public';
import { pushEndpoints } from './push';
import { emailEndpoints } from './email';
import { sandboxEndpoints } from './sandbox';
import { secureFileEndpoints } from './secure-files';
import { sandboxMailEndpoints } from './sandbox-mail';
import { sandboxVoiceEndpoints } from './sandbox-voice';
import { signInSecurityEndpoints } from './sign-in-security';
import { teamScheduleEndpoints } from './team-schedules';
import { scheduledMessageEndpoints } from './scheduled-messages';
import { serviceStatusEndpoints } from './service-status';
import { statisticsEndpoints } from './statistics';
import { supportEndpoints } from './support';
import { teamEndpoints, userGroupEndpoints } from './teams';
import { sipEndpoints, userEndpoints } from './users';
import { voiceEndpoints } from './voice';
import { callEndpoints } from './calls';

export * from './endpoint';
export {
  agendaEndpoints,
  auditEndpoints,
  authEndpoints,
  contactEndpoints,
  conversationEndpoints,
  messageEndpoints,
  passwordEndpoints,
  publicEndpoints,
  sandboxEndpoints,
  sandboxMailEndpoints,
  serviceStatusEndpoints,
};
export { sipEndpoints, teamEndpoints, userEndpoints, voiceEndpoints };
// Imported by name, not through `endpoints`: the inbox's first load does not carry their schemas
// (onboarding's carry the week schedule's rules and the password rules).
export {
  attachmentEndpoints,
  automaticReplyEndpoints,
  callEndpoints,
  emailEndpoints,
  communicationTemplateEndpoints,
  devopsEndpoints,
  labelEndpoints,
  linkEndpoints,
  messagingEndpoints,
  noteEndpoints,
  onboardingEndpoints,
  operationsEndpoints,
  organizationEndpoints,
  phoneSettingsEndpoints,
  postEndpoints,
  pushEndpoints,
  scheduledMessageEndpoints,
  secureFileEndpoints,
  signInSecurityEndpoints,
  statisticsEndpoints,
  supportEndpoints,
  teamScheduleEndpoints,
  textBlockEndpoints,
  userGroupEndpoints,
};
// Calls' code is lazy in the web app: the sandbox voice network's table stays out of the first load too.
export { sandboxVoiceEndpoints };

/**
 * Endpoints by module: `endpoints.conversations.list`. Some tables (`agendaEndpoints`, `automaticReplyEndpoints`, `organizationEndpoints`,
 * `signInSecurityEndpoints`, `teamScheduleEndpoints`, `textBlockEndpoints`) are imported by name instead: this object goes
 * into the inbox's first load, and their schemas would go with it.
 */
export const endpoints = {
  public: publicEndpoints,
  auth: authEndpoints,
  conversations: conversationEndpoints,
  messages: messageEndpoints,
  sandbox: sandboxEndpoints,
  passwords: passwordEndpoints,
  sandboxMail: sandboxMailEndpoints,
  contacts: contactEndpoints,
  teams: teamEndpoints,
  users: userEndpoints,
  sips: sipEndpoints,
  audit: auditEndpoints,
  voice: voiceEndpoints,
};
