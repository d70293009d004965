import type { PolledEvent, PollingPage, PollingQuery } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { pollingCounters, pollingEvents } from '../../db/schema/polling';
import type { RequestContext } from '../../http/request-context';
import { listTeamsOfUser } from '../teams';
import { requireFrance } from './require-france';

type Row = {
  last_seq: string;
  purged_through: string;
  seq: string | null;
  type: string | null;
  name: string | null;
  payload: unknown;
};

/**
 * GET /api/messaging/v1/polling (docs/behaviour/france.md, "Polling"): the events of the caller's
 * teams after `cursor`, oldest first, at most `limit`. Without a cursor the answer is the present
 * (the head, no events): the client has just loaded its lists. The page and the head are read
 * in one statement, hence one snapshot; since numbers are given in commit order (polling-log.ts),
 * every event up to the head is visible in it, and the next cursor (the head, or the page's last
 * event when the page is full) misses none and repeats none. A cursor the server no longer covers
 * (purged, or ahead of the head: another database) answers `reset` at the head.
 * @throws AppError 'not-found' outside France.
 */
export async function pollEvents(
  deps: AppDeps,
  ctx: RequestContext,
  query: PollingQuery,
): Promise<PollingPage> {
  await requireFrance(deps, ctx);
  const teamIds = (await listTeamsOfUser(deps, ctx.userId)).map((t) => t.id);
  const org = ctx.organizationId;
  const cursor = query.cursor ?? null;
  const { rows } = (await deps.db.execute<Row>(sql`
    SELECT h.last_seq::text AS last_seq, h.purged_through::text AS purged_through,
           e.seq::text AS seq, e.type, e.name, e.payload
    FROM (
      SELECT coalesce(max(last_seq), 0) AS last_seq, coalesce(max(purged_through), 0) AS purged_through
      FROM ${pollingCounters} WHERE organization_id = ${org}
    ) h
    LEFT JOIN LATERAL (
      SELECT seq, type, name, payload FROM ${pollingEvents}
      WHERE organization_id = ${org} AND ${cursor}::bigint IS NOT NULL AND seq > ${cursor}::bigint
        AND team_id = ANY(${`{${teamIds.join(',')}}`}::uuid[])
      ORDER BY seq
      LIMIT ${query.limit}
    ) e ON true
    ORDER BY e.seq`)) as { rows: Row[] };
  const head = rows[0]!.last_seq;
  const at = (n: string) => BigInt(n);
  if (cursor === null) return { cursor: head, events: [], more: false, reset: false };
  if (at(cursor) < at(rows[0]!.purged_through) || at(cursor) > at(head))
    return { cursor: head, events: [], more: false, reset: true };
  const events = rows
    .filter((r) => r.seq !== null)
    .map((r) => ({ seq: r.seq, type: r.type, name: r.name, payload: r.payload }) as PolledEvent);
  const more = events.length === query.limit;
  return { cursor: more ? events.at(-1)!.seq : head, events, more, reset: false };
}
