import type { Conversation, Message } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { rooms } from '../../realtime/publisher';

// Realtime announcements of this module, to the team's room. Called only after the transaction
// committed. A publishing failure is logged, never turned into a failed request (the change is
// committed; clients catch up through REST after a reconnect).

/** A new message, with its conversation as the message left it (one event for both: see realtime.ts). */
export function announceMessageCreated(deps: AppDeps, message: Message, conversation: Conversation): void {
  safely(deps, () => deps.realtime.publish(rooms.team(conversation.userGroupId), 'message:created', { message, conversation }));
}

export function announceMessageUpdated(deps: AppDeps, teamId: string, message: Message): void {
  safely(deps, () => deps.realtime.publish(rooms.team(teamId), 'message:updated', { message }));
}

export function announceConversation(deps: AppDeps, conversation: Conversation): void {
  safely(deps, () => deps.realtime.publish(rooms.team(conversation.userGroupId), 'conversation:updated', { conversation }));
}

export function announceRemoved(deps: AppDeps, removed: { id: string; userGroupId: string; version: number }): void {
  safely(deps, () => deps.realtime.publish(rooms.team(removed.userGroupId), 'conversation:removed', removed));
}

function safely(deps: AppDeps, publish: () => void): void {
  try {
    publish();
  } catch (err) {
    deps.log.error({ err }, 'realtime publish failed');
  }
}
