import type { Conversation } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { notifyUser } from './conversation-events';

/**
 * An inbound text on an assigned conversation notifies its assignee first
 * (docs/behaviour/assignment.md): `inbox:notification` (`inbound-text`) to their room, beside
 * the team's `message:created`. Nothing for an unassigned conversation.
 */
export function notifyAssigneeOfInboundText(
  deps: Pick<AppDeps, 'realtime' | 'log' | 'jobs' | 'db'>,
  conversation: Conversation,
): void {
  if (!conversation.assignee) return;
  notifyUser(deps, conversation.assignee.id, { kind: 'inbound-text', conversation, by: null });
}
