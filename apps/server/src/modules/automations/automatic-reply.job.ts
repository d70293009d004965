import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { replyAutomatically } from './reply-automatically';

/**
 * The automatic reply to an inbound text or a missed call, if one is due
 * (`replyAutomatically`), in the organisation's scope, off the ingest's path: the webhook is
 * acknowledged once the text is stored, the reply follows within a second.
 * Output: `{ outcome }` (`sent`, `none`, `limited`, `failed`).
 */
export const automaticReplyJob = defineJob({
  name: 'automatic-reply',
  payload: z
    .object({
      organizationId: z.uuid(),
      conversationId: z.uuid(),
      event: z.enum(['missed-call', 'inbound-text']),
    })
    .strict(),
  scope: 'payload',
  timing: { pollingIntervalSeconds: 0.5, batchSize: 50, concurrency: 5, heartbeatSeconds: 30 },
  handler: async (deps, payload) => ({ outcome: (await replyAutomatically(deps, payload)).outcome }),
});
