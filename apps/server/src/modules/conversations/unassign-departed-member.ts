import type { DomainEvent } from '@accueil/domain';
import { and, eq, sql } from 'drizzle-orm';
import { conversations } from '../../db/schema/conversations';
import { defineSubscriber } from '../../events/event-subscriber';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import { listMemberships } from '../teams/index';

/**
 * A member who leaves a team leaves its conversations unassigned (docs/behaviour/assignment.md):
 * on `team-member.removed`, every conversation of that team assigned to them (deleted ones
 * included: a restored one comes back unassigned) loses its assignee, bumps its `version` and
 * records `conversation.assigned` (`to` null, reason `left-team`, no actor), which announces it.
 * Queued (at least once) and idempotent: a second run finds nothing assigned to them; a user
 * back in the team by the time it runs keeps their conversations (events are not ordered: the
 * current membership decides).
 */
export const unassignDepartedMemberSubscriber = defineSubscriber({
  name: 'conversations.unassign-departed-member',
  events: ['team-member.removed'],
  handle: async (deps, event: DomainEvent<'team-member.removed'>) => {
    const { teamId, userId } = event.payload;
    const { organizationId } = event;
    await transactionWithEvents(deps, async (tx) => {
      if ((await listMemberships(deps, { organizationId, teamIds: [teamId], userId }, tx)).length > 0) return;
      const unassigned = await tx
        .update(conversations)
        .set({ assigneeId: null, version: sql`${conversations.version} + 1` })
        .where(
          and(
            eq(conversations.organizationId, organizationId),
            eq(conversations.teamId, teamId),
            eq(conversations.assigneeId, userId),
          ),
        )
        .returning({ id: conversations.id });
      for (const { id } of unassigned)
        await recordEvent(tx, {
          name: 'conversation.assigned',
          organizationId,
          actorUserId: null,
          payload: { conversationId: id, teamId, from: userId, to: null, reason: 'left-team' },
        });
    });
  },
});
