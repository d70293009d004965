import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { INBOUND_MEDIA_FIRST_RETRY_S, keepInboundMedia } from './keep-inbound-media';

/**
 * An inbound text's media, fetched from its carrier and kept (`keepInboundMedia`), off the
 * ingest's path: the webhook is acknowledged once the text is stored. A media the carrier
 * cannot hand over for now is tried again by a new job after a doubling wait (`attempt`
 * counts them), so that the last attempt knows it is the last and marks it unavailable.
 * Output: `{ kept, unavailable, retry }`.
 */
export const fetchInboundMediaJob = defineJob({
  name: 'fetch-inbound-media',
  payload: z
    .object({ organizationId: z.uuid(), messageId: z.uuid(), attempt: z.number().int().min(0).default(0) })
    .strict(),
  scope: 'payload',
  timing: { pollingIntervalSeconds: 1, batchSize: 5, concurrency: 2, heartbeatSeconds: 60 },
  handler: async (deps, payload) => {
    const outcome = await keepInboundMedia(deps, payload);
    if (outcome.retry) {
      const delay = INBOUND_MEDIA_FIRST_RETRY_S * 2 ** payload.attempt;
      await deps.jobs.send(
        fetchInboundMediaJob,
        { ...payload, attempt: payload.attempt + 1 },
        { startAfter: new Date(Date.now() + delay * 1000) },
      );
    }
    return outcome;
  },
});
