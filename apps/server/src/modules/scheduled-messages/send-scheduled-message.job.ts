import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { runScheduledSend } from './run-scheduled-send';

/**
 * Sends one send of a scheduled message at its due instant (the job is sent with `startAfter`;
 * docs/behaviour/scheduled-messages.md). Idle workers poll every 0.5 s so a text leaves within
 * a second of its minute; a worker claims up to 50 due jobs and runs 10 side by side; a run
 * whose process died is failed after 10 s without heartbeat and retried (the send then resumes
 * with its idempotency key). Output: `{ outcome, attempts }`.
 */
export const sendScheduledMessageJob = defineJob({
  name: 'send-scheduled-message',
  payload: z.object({ organizationId: z.uuid(), sendId: z.uuid() }).strict(),
  scope: 'payload',
  timing: { pollingIntervalSeconds: 0.5, batchSize: 50, concurrency: 10, heartbeatSeconds: 10 },
  handler: (deps, payload) => runScheduledSend(deps, payload),
});
