import type { AppModule } from '../../app-module';
import { emailRoutes } from './email.routes';
import { syncMailboxJob } from './sync-mailbox.job';
import { syncMailboxesJob } from './sync-mailboxes.job';

/**
 * The e-mail channel (docs/behaviour/email.md): the teams' mailboxes (`team_mailboxes`), their
 * sync into the conversations (`email_messages` beside the messages), replies and attachments.
 */
export const emailModule: AppModule = {
  name: 'email',
  routes: emailRoutes,
  jobs: [syncMailboxJob, syncMailboxesJob],
};
