import { SCHEDULED_SEND_MAX_ATTEMPTS } from '@accueil/domain';
import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { runScheduledSend } from './run-scheduled-send';
import { runScheduledSends } from './run-scheduled-sends';

/**
 * Sends one send of a scheduled message at its due instant (the job is sent with `startAfter`;
 * docs/behaviour/scheduled-messages.md). Idle workers poll every 0.5 s so a text leaves within
 * a second of its minute. A worker claims up to 200 due jobs at once and runs those of each
 * organisation together (`runScheduledSends`: a few statements per batch, the carrier called 20
 * texts at a time), up to 8 organisations of a batch side by side; two workers per process, so one batch's carrier calls overlap the next
 * batch's database work. A run whose process died is failed after 10 s without heartbeat and
 * retried 5 s later (the send then resumes with its idempotency key). Output: `{ outcome, attempts }`.
 */
export const sendScheduledMessageJob = defineJob({
  name: 'send-scheduled-message',
  payload: z.object({ organizationId: z.uuid(), sendId: z.uuid() }).strict(),
  scope: 'payload',
  timing: { pollingIntervalSeconds: 0.5, batchSize: 200, concurrency: 8, heartbeatSeconds: 10, workers: 2 },
  // A text due at its minute: a run whose process died is retried 5 s after its heartbeat stopped
  // (then 10, 20 s), not after the queue's default 30 s; SCHEDULED_SEND_MAX_ATTEMPTS runs in all.
  retry: { limit: SCHEDULED_SEND_MAX_ATTEMPTS - 1, delaySeconds: 5 },
  handler: (deps, payload) => runScheduledSend(deps, payload),
  batchHandler: (deps, payloads) =>
    runScheduledSends(
      deps,
      payloads[0]!.organizationId,
      payloads.map((p) => p.sendId),
    ),
});
