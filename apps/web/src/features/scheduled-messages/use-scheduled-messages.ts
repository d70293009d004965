import { can, type ScheduledMessage } from '@accueil/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../lib/realtime';
import { useSession } from '../../lib/session';
import { fetchScheduledMessages, scheduledKeys } from './api';

/** How often an open list asks again (ms), in case a realtime event was missed. */
const REFRESH_MS = 30_000;

/**
 * The current team's scheduled messages, or one conversation's (`conversationId`), soonest first.
 * A send settled by the server (`scheduled-message:settled`, to the team) reloads them at once.
 */
export function useScheduledMessages(conversationId: string | null) {
  const queryClient = useQueryClient();
  useRealtimeEvent('scheduled-message:settled', (event) => {
    if (conversationId === null || event.conversationId === conversationId)
      void queryClient.invalidateQueries({ queryKey: scheduledKeys.list(conversationId) });
  });
  return useQuery({
    queryKey: scheduledKeys.list(conversationId),
    queryFn: ({ signal }) => fetchScheduledMessages(conversationId, signal),
    refetchInterval: REFRESH_MS,
  });
}

/** Whether the signed-in user may edit and delete `message` (its author, or an administrator): the rules the server enforces. */
export function useCanManageScheduled(): (message: ScheduledMessage) => boolean {
  const { context } = useSession();
  return (message) =>
    !!context &&
    can(
      {
        userId: context.user.id,
        role: context.user.role,
        organizationId: context.organization.id,
        teamId: context.userGroup?.id ?? null,
        tier: null,
      },
      'scheduledMessage.manage',
      {
        organizationId: context.organization.id,
        teamId: message.teamId,
        createdByUserId: message.createdBy.id,
      },
    );
}
