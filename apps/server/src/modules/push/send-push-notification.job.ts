import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { sendPushNotification } from './send-push-notification';

/**
 * Sends a user's notification to their browsers' push subscriptions
 * (docs/behaviour/notifications.md, "Web Push"); sent for every `inbox:notification` of kind
 * assigned, mention or inbound-text. Retried by the queue (a push service down for a moment).
 * Output: `{ sent, removed }`.
 */
export const sendPushNotificationJob = defineJob({
  name: 'send-push-notification',
  payload: z
    .object({
      organizationId: z.uuid(),
      userId: z.uuid(),
      kind: z.enum(['assigned', 'mention', 'inbound-text']),
      conversationId: z.uuid(),
      by: z.string().max(300).nullable(),
      contact: z.string().max(300),
    })
    .strict(),
  scope: 'payload',
  timing: { pollingIntervalSeconds: 1, batchSize: 10, concurrency: 2, heartbeatSeconds: 30 },
  handler: (deps, payload) => sendPushNotification(deps, payload),
});
