import type { AppModule } from '../../app-module';
import { automaticReplyJob } from './automatic-reply.job';
import { automationsRoutes } from './automations.routes';
import { replyToMissedCallSubscriber } from './reply-to-missed-call.subscriber';

/** Automatic replies: their settings, and the replies sent by themselves to missed calls and texts. */
export const automationsModule: AppModule = {
  name: 'automations',
  routes: automationsRoutes,
  jobs: [automaticReplyJob],
  subscribers: [replyToMissedCallSubscriber],
};
