import { agendaEndpoints } from './agenda';
import { authEndpoints } from './auth';
import { conversationEndpoints } from './conversations';
import { messageEndpoints } from './messages';
import { publicEndpoints } from './public';
import { sandboxEndpoints } from './sandbox';

export * from './endpoint';
export { agendaEndpoints, authEndpoints, conversationEndpoints, messageEndpoints, publicEndpoints, sandboxEndpoints };

/** Every endpoint of the API, by module: `endpoints.conversations.list`. */
export const endpoints = {
  public: publicEndpoints,
  auth: authEndpoints,
  conversations: conversationEndpoints,
  messages: messageEndpoints,
  sandbox: sandboxEndpoints,
  agenda: agendaEndpoints,
};
