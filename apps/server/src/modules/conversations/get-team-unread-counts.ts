import type { TeamUnreadCounts } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { teamIdsOfUserStatement } from '../teams/index';

/**
 * GET /api/teams/unread-counts (docs/behaviour/labels.md, "Unread counts per team"): for each team
 * the signed-in user belongs to, its active conversations (not snoozed, not deleted) with a
 * notification (`hasNotification`: the unread badge of the inbox); 0 for a team with none. One
 * statement over the teams' partial unread index; another user's teams never appear.
 */
export async function getTeamUnreadCounts(deps: AppDeps, ctx: RequestContext): Promise<TeamUnreadCounts> {
  const { rows } = (await deps.db.execute(sql`
    select t.team_id::text as "teamId",
      (select count(*)::int from conversations c
        where c.organization_id = ${ctx.organizationId} and c.team_id = t.team_id and c.status = 'active'
          and c.deleted_at is null and c.snoozed_until is null
          and (c.attributes->>'hasNotification')::boolean) as count
    from (${teamIdsOfUserStatement(ctx.organizationId, ctx.userId)}) t`)) as {
    rows: { teamId: string; count: number }[];
  };
  return Object.fromEntries(rows.map((r) => [r.teamId, r.count]));
}
