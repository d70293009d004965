import type { AppModule } from '../../app-module';
import { conversationRealtimeSubscriber } from './conversation-realtime-subscriber';
import { conversationsRoutes } from './conversations.routes';
import { purgeDeletedConversationsJob } from './purge-deleted-conversations.job';
import { unassignDepartedMemberSubscriber } from './unassign-departed-member';

/**
 * The current team's inbox: its conversations; the daily purge of those deleted more than 30 days
 * ago; the realtime of an archived or assigned conversation (after the commit); a member leaving
 * a team leaves its conversations unassigned (docs/behaviour/assignment.md).
 */
export const conversationsModule: AppModule = {
  name: 'conversations',
  routes: conversationsRoutes,
  jobs: [purgeDeletedConversationsJob],
  subscribers: [conversationRealtimeSubscriber, unassignDepartedMemberSubscriber],
};
