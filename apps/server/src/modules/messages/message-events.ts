import type { Conversation, Message } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { rooms } from '../../realtime/publisher';
import { publishSafely } from '../../realtime/publish-safely';

// Realtime announcements of this module, to the team's room, after the transaction committed.

/** A new message, with its conversation as the message left it (one event for both: see realtime.ts). */
export function announceMessageCreated(
  deps: Pick<AppDeps, 'realtime' | 'log'>,
  message: Message,
  conversation: Conversation,
): void {
  publishSafely(deps, () =>
    deps.realtime.publish(rooms.team(conversation.userGroupId), 'message:created', { message, conversation }),
  );
}

/** A message's status, carrier id or error code changed (`message:updated` to its team). */
export function announceMessageUpdated(
  deps: Pick<AppDeps, 'realtime' | 'log'>,
  teamId: string,
  message: Message,
): void {
  publishSafely(deps, () => deps.realtime.publish(rooms.team(teamId), 'message:updated', { message }));
}
