import type { ViewCounts } from '@accueil/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { countUnreadMentions } from '../messages/index';
import { conversationScope } from './conversations.policy';

/**
 * GET /api/conversations/view-counts (docs/behaviour/assignment.md): the current team's active
 * conversations (not snoozed: docs/behaviour/snooze.md) assigned to the signed-in user (`mine`), to nobody (`unassigned`), and all of
 * them; one statement, read from the team's list index (`conversations_assignee_idx`). And
 * `mentions`: the team's conversations with a mention of the user they have not read yet
 * (docs/behaviour/notes-and-presence.md), from the messages module's `note_mentions`.
 */
export async function getViewCounts(deps: AppDeps, ctx: RequestContext): Promise<ViewCounts> {
  const [row] = await deps.db
    .select({
      mine: sql<number>`(count(*) filter (where ${conversations.assigneeId} = ${ctx.userId}))::int`,
      unassigned: sql<number>`(count(*) filter (where ${conversations.assigneeId} is null))::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(conversations)
    .where(
      and(conversationScope(ctx), eq(conversations.status, 'active'), isNull(conversations.snoozedUntil)),
    );
  const mentions = ctx.teamId
    ? await countUnreadMentions(deps.db, {
        organizationId: ctx.organizationId,
        teamId: ctx.teamId,
        userId: ctx.userId,
      })
    : 0;
  return { ...(row ?? { mine: 0, unassigned: 0, all: 0 }), mentions };
}
