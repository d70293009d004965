import { z } from 'zod';
import { defineJob } from '../jobs/job-definition';
import { deliverEvent } from './deliver-event';
import { subscriberList } from './subscriber-list';

/**
 * Delivers one domain event to its subscribers (`deliverEvent`), in its organisation's scope.
 * At most one job per event waits or runs at a time (`oncePerKey`, the event's id): the sweeper
 * sending an event again while its job is pending adds none. A failed delivery is retried 5
 * times, 5 s then 10, 20, 40, 80 s later; the sweeper takes it up again after that.
 * Output: `{ delivered, skipped, failed }`.
 */
export const deliverEventJob = defineJob({
  name: 'deliver-domain-event',
  payload: z.object({ organizationId: z.uuid(), eventId: z.uuid() }).strict(),
  scope: 'payload',
  oncePerKey: true,
  retry: { limit: 5, delaySeconds: 5 },
  timing: { pollingIntervalSeconds: 0.5, batchSize: 50, concurrency: 5, heartbeatSeconds: 30 },
  handler: (deps, payload) => deliverEvent(deps, subscriberList(), payload.eventId),
});
