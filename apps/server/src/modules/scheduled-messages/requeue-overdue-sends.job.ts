import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { requeueOverdueSends } from './requeue-overdue-sends';

/**
 * Every 5 minutes, queues again the scheduled sends whose job was lost (see
 * `requeueOverdueSends`; docs/behaviour/scheduled-messages.md). Output: `{ requeued }`.
 */
export const requeueOverdueSendsJob = defineJob({
  name: 'requeue-overdue-scheduled-sends',
  payload: z.object({}).strict(),
  schedule: '*/5 * * * *',
  scope: { systemAccess: 'maintenance-job' },
  handler: async (deps) => ({ requeued: await requeueOverdueSends(deps) }),
});
