import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { defineJob } from '../../jobs/job-definition';
import { listOrganizationTimeZones } from '../organizations/index';
import { sendWeeklyReportIfDue, type WeeklyReportOutcome } from './send-weekly-report';

/** How many organisations a run left in each state (`not-due`, `sent`…). */
export type WeeklyReportRun = Record<'sent' | 'alreadySent' | 'notDue' | 'noRecipients', number>;

const KEYS: Record<WeeklyReportOutcome, keyof WeeklyReportRun> = {
  sent: 'sent',
  'already-sent': 'alreadySent',
  'not-due': 'notDue',
  'no-recipients': 'noRecipients',
};

/**
 * One pass of the weekly report over every organisation at `now`: each whose Sunday it is (from
 * 06:00 in its time zone) gets the week's report, once. An organisation whose mail failed is
 * logged and left for the next pass (its claim rolled back); the others go on.
 */
export async function runWeeklyReports(
  deps: Pick<AppDeps, 'db' | 'email' | 'config' | 'log'>,
  now: Date,
): Promise<WeeklyReportRun> {
  const run: WeeklyReportRun = { sent: 0, alreadySent: 0, notDue: 0, noRecipients: 0 };
  let failed: Error | null = null;
  for (const organization of await listOrganizationTimeZones(deps)) {
    try {
      run[KEYS[await sendWeeklyReportIfDue(deps, organization, now)]] += 1;
    } catch (error) {
      deps.log.warn({ organizationId: organization.id, err: error }, 'weekly statistics report not sent');
      failed = error instanceof Error ? error : new Error(String(error));
    }
  }
  // The job fails (and pg-boss retries it) when a report could not be sent; those sent are claimed.
  if (failed) throw failed;
  return run;
}

/**
 * The weekly statistics report (docs/behaviour/statistics.md, "The weekly report"): every hour at
 * minute 15 (UTC), for every organisation whose local time is Sunday from 06:00, the week that
 * ended on Saturday is mailed to its recipients, once per organisation and week across processes.
 * Hourly so that every time zone's Sunday morning is met. `now` (ISO 8601) replaces the clock in
 * tests. Output: how many organisations were sent, already sent, not due, without recipients.
 */
export const statisticsWeeklyReportJob = defineJob({
  name: 'statistics-weekly-report',
  payload: z.object({ now: z.iso.datetime().optional() }).strict(),
  schedule: '15 * * * *',
  scope: { systemAccess: 'maintenance-job' },
  handler: (deps, payload) => runWeeklyReports(deps, payload.now ? new Date(payload.now) : new Date()),
});
