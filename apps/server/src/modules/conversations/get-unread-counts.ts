import type { UnreadCounts } from '@accueil/domain';
import { and, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import type { RequestContext } from '../../http/request-context';
import { conversationScope } from './conversations.policy';

/** GET /api/conversations/unread-counts: the current team's conversations with `hasNotification`, per status. */
export async function getUnreadCounts(deps: AppDeps, ctx: RequestContext): Promise<UnreadCounts> {
  // A snoozed conversation is counted in neither list's badge until it wakes (docs/behaviour/snooze.md).
  const rows = await deps.db
    .select({ status: conversations.status, count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(
      and(
        conversationScope(ctx),
        isNull(conversations.snoozedUntil),
        sql`(${conversations.attributes}->>'hasNotification')::boolean`,
      ),
    )
    .groupBy(conversations.status);
  const count = (s: string) => rows.find((r) => r.status === s)?.count ?? 0;
  return { active: count('active'), inactive: count('inactive') };
}
