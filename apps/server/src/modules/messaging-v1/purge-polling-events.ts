import { POLLING_RETENTION_MS } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { pollingCounters, pollingEvents } from '../../db/schema/polling';

/**
 * Deletes the polled events older than `POLLING_RETENTION_MS` and records, per organisation, the
 * newest number deleted (`purged_through`): a poll with an older cursor answers `reset`
 * (docs/behaviour/france.md, "Polling"). Runs under `maintenance-job` access (every organisation).
 * Returns how many events were deleted.
 */
export async function purgePollingEvents(deps: Pick<AppDeps, 'db'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - POLLING_RETENTION_MS);
  const { rows } = (await deps.db.execute<{ deleted: number }>(sql`
    WITH gone AS (
      DELETE FROM ${pollingEvents} WHERE created_at < ${before.toISOString()}::timestamptz
      RETURNING organization_id, seq
    ), newest AS (
      SELECT organization_id, max(seq) AS seq, count(*) AS n FROM gone GROUP BY organization_id
    ), marked AS (
      UPDATE ${pollingCounters} c SET purged_through = greatest(c.purged_through, newest.seq)
      FROM newest WHERE c.organization_id = newest.organization_id
      RETURNING newest.n
    )
    SELECT coalesce(sum(n), 0)::int AS deleted FROM marked`)) as { rows: { deleted: number }[] };
  return rows[0]?.deleted ?? 0;
}
