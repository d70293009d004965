import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { conversations } from '../../db/schema/conversations';
import { recordEvent } from '../../events/record-event';
import type { RequestContext } from '../../http/request-context';
import { teamAutoAssigns } from '../teams/index';

/**
 * Auto-assign (docs/behaviour/assignment.md): when the conversation is unassigned and its team
 * auto-assigns, the member replying (`ctx.userId`) becomes its assignee, in the reply's
 * transaction (`tx` of `transactionWithEvents`): `version` grows and `conversation.assigned`
 * (reason `auto`, by them) is recorded. Two replies at once: the first to update wins (the
 * update keeps `assignee_id IS NULL`). True when it assigned.
 */
export async function claimAssigneeOnReply(
  tx: Tx,
  ctx: RequestContext,
  conversation: { id: string; teamId: string; assigneeId: string | null },
): Promise<boolean> {
  if (conversation.assigneeId !== null) return false;
  if (!(await teamAutoAssigns(tx, ctx.organizationId, conversation.teamId))) return false;
  const claimed = await tx
    .update(conversations)
    .set({ assigneeId: ctx.userId, version: sql`${conversations.version} + 1` })
    .where(
      and(
        eq(conversations.organizationId, ctx.organizationId),
        eq(conversations.id, conversation.id),
        isNull(conversations.assigneeId),
      ),
    )
    .returning({ id: conversations.id });
  if (claimed.length === 0) return false;
  await recordEvent(tx, {
    name: 'conversation.assigned',
    organizationId: ctx.organizationId,
    actorUserId: ctx.userId,
    payload: {
      conversationId: conversation.id,
      teamId: conversation.teamId,
      from: null,
      to: ctx.userId,
      reason: 'auto',
    },
  });
  return true;
}
