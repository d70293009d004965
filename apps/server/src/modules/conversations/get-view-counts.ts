import type { ViewCounts } from '@accueil/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { conversationScope } from './conversations.policy';

/**
 * GET /api/conversations/view-counts (docs/behaviour/assignment.md): the current team's active
 * conversations assigned to the signed-in user (`mine`), to nobody (`unassigned`), and all of
 * them; one statement, read from the team's list index (`conversations_assignee_idx`).
 */
export async function getViewCounts(deps: AppDeps, ctx: RequestContext): Promise<ViewCounts> {
  const [row] = await deps.db
    .select({
      mine: sql<number>`(count(*) filter (where ${conversations.assigneeId} = ${ctx.userId}))::int`,
      unassigned: sql<number>`(count(*) filter (where ${conversations.assigneeId} is null))::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(conversations)
    .where(and(conversationScope(ctx), eq(conversations.status, 'active')));
  return row ?? { mine: 0, unassigned: 0, all: 0 };
}
