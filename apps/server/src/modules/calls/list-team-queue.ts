import { sortQueueCalls, type TeamQueue } from '@accueil/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { calls, queueCalls } from '../../db/schema/calls';
import type { RequestContext } from '../../http/request-context';
import { presentCallRows } from './call-views';

/**
 * GET /api/voice/v1/queues: the current team's queue (docs/behaviour/calls.md, "The queue"):
 * its calls waiting by arrival, then ringing or under way, then parked by park number
 * (`sortQueueCalls`); completed ones left out. Empty without a current team.
 */
export async function listTeamQueue(deps: Pick<AppDeps, 'db'>, ctx: RequestContext): Promise<TeamQueue> {
  if (!ctx.teamId) return { calls: [] };
  const rows = await deps.db
    .select({ call: calls })
    .from(queueCalls)
    .innerJoin(calls, eq(calls.id, queueCalls.callId))
    .where(
      and(
        eq(queueCalls.organizationId, ctx.organizationId),
        eq(queueCalls.teamId, ctx.teamId),
        ne(queueCalls.status, 'completed'),
      ),
    );
  const presented = await presentCallRows(
    deps.db,
    rows.map((r) => r.call),
  );
  const byId = new Map(presented.map((c) => [c.id, c]));
  const order = sortQueueCalls(
    presented.map((c) => ({
      callId: c.id,
      status: c.queue!.status,
      parkNo: c.queue!.parkNo,
      heldSeconds: 0,
      checkAtSeconds: 0,
      checking: false,
      queuedAt: Date.parse(c.queue!.queuedAt),
    })),
  );
  return { calls: order.map((s) => byId.get(s.callId)!) };
}
