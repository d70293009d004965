import type { Conversation, RealtimeEvents } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { rooms } from '../../realtime/publisher';
import { publishSafely } from '../../realtime/publish-safely';
import { queuePushNotification } from '../push/index';

// Realtime announcements of this module, to the team's room, after the transaction committed.

/** `conversation:updated` to the conversation's team. */
export function announceConversation(
  deps: Pick<AppDeps, 'realtime' | 'log'>,
  conversation: Conversation,
): void {
  publishSafely(deps, () =>
    deps.realtime.publish(rooms.team(conversation.userGroupId), 'conversation:updated', { conversation }),
  );
}

/**
 * `conversation:removed` to the team it belonged to (`version`: the row's last version + 1); the
 * event names the team in the spec's word, `userGroupId`.
 */
export function announceRemoved(
  deps: AppDeps,
  removed: { id: string; teamId: string; version: number },
): void {
  const { id, teamId, version } = removed;
  publishSafely(deps, () =>
    deps.realtime.publish(rooms.team(teamId), 'conversation:removed', { id, userGroupId: teamId, version }),
  );
}

/**
 * `inbox:notification` to one user's room (docs/behaviour/assignment.md): a conversation was
 * assigned to them, or a contact texted in one assigned to them; and the same to their browsers'
 * push subscriptions (docs/behaviour/notifications.md, "Web Push").
 */
export function notifyUser(
  deps: Pick<AppDeps, 'realtime' | 'log' | 'jobs' | 'db'>,
  userId: string,
  notification: RealtimeEvents['inbox:notification'],
): void {
  publishSafely(deps, () => deps.realtime.publish(rooms.user(userId), 'inbox:notification', notification));
  queuePushNotification(deps, userId, notification);
}
