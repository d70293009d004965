import type { AppModule } from '../../app-module';
import { conversationRealtimeSubscriber } from './conversation-realtime-subscriber';
import { conversationsRoutes } from './conversations.routes';
import { purgeDeletedConversationsJob } from './purge-deleted-conversations.job';
import { scheduleSnoozeWakeSubscriber } from './schedule-snooze-wake';
import { unassignDepartedMemberSubscriber } from './unassign-departed-member';
import { wakeSnoozedConversationJob } from './wake-snoozed-conversation.job';

/**
 * The current team's inbox: its conversations; the daily purge of those deleted more than 30 days
 * ago; the realtime of an archived or assigned conversation (after the commit); a member leaving
 * a team leaves its conversations unassigned (docs/behaviour/assignment.md); a snoozed
 * conversation is woken at its time by a job its event's subscriber sends (docs/behaviour/snooze.md).
 */
export const conversationsModule: AppModule = {
  name: 'conversations',
  routes: conversationsRoutes,
  jobs: [purgeDeletedConversationsJob, wakeSnoozedConversationJob],
  subscribers: [
    conversationRealtimeSubscriber,
    unassignDepartedMemberSubscriber,
    scheduleSnoozeWakeSubscriber,
  ],
};
