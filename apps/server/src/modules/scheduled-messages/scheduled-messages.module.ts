import type { AppModule } from '../../app-module';
import { scheduledMessagesRoutes } from './scheduled-messages.routes';
import { requeueOverdueSendsJob } from './requeue-overdue-sends.job';
import { sendScheduledMessageJob } from './send-scheduled-message.job';

/** Scheduled messages: texts sent later, with reminders, each send a job at its instant; every 5 minutes, lost sends queued again. */
export const scheduledMessagesModule: AppModule = {
  name: 'scheduled-messages',
  routes: scheduledMessagesRoutes,
  jobs: [sendScheduledMessageJob, requeueOverdueSendsJob],
};
