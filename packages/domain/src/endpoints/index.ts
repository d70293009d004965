import { agendaEndpoints } from './agenda';
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { contactEndpoints } from './contacts';
import { conversationEndpoints } from './conversations';
import { messageEndpoints } from './messages';
import { passwordEndpoints } from './passwords';
import { publicEndpoints } from './public';
import { sandboxEndpoints } from './sandbox';
import { sandboxMailEndpoints } from './sandbox-mail';
import { teamEndpoints } from './teams';
import { sipEndpoints, userEndpoints } from './users';

export * from './endpoint';
export { agendaEndpoints, auditEndpoints, authEndpoints, contactEndpoints, conversationEndpoints, messageEndpoints, passwordEndpoints, publicEndpoints, sandboxEndpoints, sandboxMailEndpoints };
export { sipEndpoints, teamEndpoints, userEndpoints };

/** Every endpoint of the API, by module: `endpoints.conversations.list`. */
export const endpoints = {
  public: publicEndpoints,
  auth: authEndpoints,
  conversations: conversationEndpoints,
  messages: messageEndpoints,
  sandbox: sandboxEndpoints,
  agenda: agendaEndpoints,
  passwords: passwordEndpoints,
  sandboxMail: sandboxMailEndpoints,
  contacts: contactEndpoints,
  teams: teamEndpoints,
  users: userEndpoints,
  sips: sipEndpoints,
  audit: auditEndpoints,
};
