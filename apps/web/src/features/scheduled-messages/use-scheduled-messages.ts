import { can, type ScheduledMessage } from '@accueil/domain';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../lib/session';
import { fetchScheduledMessages, scheduledKeys } from './api';

/** How often an open list asks again (ms): a message sent at its minute changes state. */
const REFRESH_MS = 30_000;

/** The current team's scheduled messages, or one conversation's (`conversationId`), soonest first. */
export function useScheduledMessages(conversationId: string | null) {
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
      { userId: context.user.id, role: context.user.role, organizationId: context.organization.id, teamId: context.userGroup?.id ?? null, tier: null },
      'scheduledMessage.manage',
      { organizationId: context.organization.id, teamId: message.teamId, createdByUserId: message.createdBy.id },
    );
}
