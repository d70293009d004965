import type { AppModule } from '../../app-module';
import { conversationsRoutes } from './conversations.routes';
import { purgeDeletedConversationsJob } from './purge-deleted-conversations.job';

/** The current team's inbox: its conversations; the daily purge of those deleted more than 30 days ago. */
export const conversationsModule: AppModule = {
  name: 'conversations',
  routes: conversationsRoutes,
  jobs: [purgeDeletedConversationsJob],
};
