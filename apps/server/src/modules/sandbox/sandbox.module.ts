import type { AppModule } from '../../app-module';
import { SANDBOX_CHANNEL_CARRIER_NAME } from '../../carriers/email-channel/sandbox/sandbox-channel-carrier';
import { SANDBOX_EMAIL_CARRIER_NAME } from '../../carriers/email/sandbox/sandbox-email-carrier';
import { SANDBOX_CARRIER_NAME } from '../../carriers/messaging/sandbox/sandbox-messaging-carrier';
import { sandboxMailRoutes } from './sandbox-mail.routes';
import { sandboxRoutes } from './sandbox.routes';

/**
 * The sandbox module: the simulator's pages' routes (a development and test tool), each only
 * with the sandbox vendor whose other side it plays: the phone simulator's texts and directory
 * (/api/sandbox/messages, /api/sandbox/directory) with `MESSAGING_CARRIER=sandbox`, the mailbox
 * (GET /api/sandbox/mail) with the sandbox e-mail carrier or the e-mail channel's sandbox vendor,
 * and a contact's mail to a team (POST /api/sandbox/mail) with the latter. The simulated carriers themselves are
 * under carriers/<capability>/sandbox/; they keep their phones' texts and mails in this
 * module's tables (`sandboxStores`).
 */
export const sandboxModule: AppModule = {
  name: 'sandbox',
  async routes(app, deps) {
    if (deps.messaging.name === SANDBOX_CARRIER_NAME) await sandboxRoutes(app, deps);
    const channel = deps.emailChannel.name === SANDBOX_CHANNEL_CARRIER_NAME;
    if (deps.email.name === SANDBOX_EMAIL_CARRIER_NAME || channel)
      await sandboxMailRoutes(app, deps, { contactsWrite: channel });
  },
};
