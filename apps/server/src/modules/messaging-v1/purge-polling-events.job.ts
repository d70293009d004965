import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { purgePollingEvents } from './purge-polling-events';

/**
 * Every hour at :41, deletes the polled events past their retention (docs/behaviour/france.md,
 * "Polling"), for every organisation, hence its `maintenance-job` access. Output: `{ deleted }`.
 */
export const purgePollingEventsJob = defineJob({
  name: 'purge-polling-events',
  payload: z.object({}).strict(),
  schedule: '41 * * * *',
  scope: { systemAccess: 'maintenance-job' },
  handler: async (deps) => ({ deleted: await purgePollingEvents(deps) }),
});
