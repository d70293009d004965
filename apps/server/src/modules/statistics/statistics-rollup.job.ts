import { addDays, localDay } from '@accueil/domain';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { listOrganizationTimeZones } from '../organizations/index';
import type { AppDeps } from '../../app-deps';
import { computeDailyRollups } from './compute-daily-rollups';

/**
 * How many days before today each run computes again (docs/behaviour/statistics.md, "Daily
 * roll-ups"): a first reply may come days after the text it answers, and is counted on the day of
 * the text.
 */
export const ROLLUP_DAYS_RECOMPUTED = 7;

/**
 * The daily roll-ups: every hour (at minute 7, UTC), for every organisation, the days from
 * `ROLLUP_DAYS_RECOMPUTED` days ago to today in its time zone are computed again from its
 * conversations, messages and calls (idempotent). Covers every organisation, hence its
 * `maintenance-job` access. `now` (ISO 8601) replaces the clock in tests. Output: `{ organizations, rows }`.
 */
export const statisticsRollupJob = defineJob({
  name: 'statistics-rollup',
  payload: z.object({ now: z.iso.datetime().optional() }).strict(),
  schedule: '7 * * * *',
  scope: { systemAccess: 'maintenance-job' },
  handler: async (deps, payload) => {
    const now = payload.now ? new Date(payload.now) : new Date();
    let rows = 0;
    const organizations = await listOrganizationTimeZones(deps);
    for (const { id, timeZone } of organizations) rows += await computeRecentRollups(deps, id, timeZone, now);
    return { organizations: organizations.length, rows };
  },
});

/**
 * The roll-ups of one organisation from `ROLLUP_DAYS_RECOMPUTED` days before `now`'s day to that
 * day (in `timeZone`), computed again. Answers how many rows those days now have.
 */
export function computeRecentRollups(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
  timeZone: string,
  now: Date,
): Promise<number> {
  const today = localDay(now, timeZone);
  return computeDailyRollups(deps, {
    organizationId,
    timeZone,
    from: addDays(today, -ROLLUP_DAYS_RECOMPUTED),
    to: today,
  });
}
