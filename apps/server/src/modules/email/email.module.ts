import type { AppModule } from '../../app-module';
import { emailRoutes } from './email.routes';
import { startMailboxWatcher } from './mailbox-watcher';
import { syncMailboxJob } from './sync-mailbox.job';
import { syncMailboxesJob } from './sync-mailboxes.job';

/**
 * The e-mail channel (docs/behaviour/email.md): the teams' mailboxes (`team_mailboxes`), their
 * sync into the conversations (`email_messages` beside the messages; IDLE by `mailbox-watcher.ts`),
 * replies and attachments.
 */
export const emailModule: AppModule = {
  name: 'email',
  routes: emailRoutes,
  jobs: [syncMailboxJob, syncMailboxesJob],
  // IMAP mailboxes are watched with IDLE (one process per mailbox), new mail synced at once.
  services: [(deps) => startMailboxWatcher(deps)],
};
