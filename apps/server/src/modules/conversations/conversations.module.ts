import type { AppModule } from '../../app-module';
import { conversationRealtimeSubscriber } from './conversation-realtime-subscriber';
import { conversationsRoutes } from './conversations.routes';
import { purgeDeletedConversationsJob } from './purge-deleted-conversations.job';

/**
 * The current team's inbox: its conversations; the daily purge of those deleted more than 30 days
 * ago; the realtime of an archived conversation (after the commit).
 */
export const conversationsModule: AppModule = {
  name: 'conversations',
  routes: conversationsRoutes,
  jobs: [purgeDeletedConversationsJob],
  subscribers: [conversationRealtimeSubscriber],
};
