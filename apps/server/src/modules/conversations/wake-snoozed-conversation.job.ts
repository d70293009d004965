import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { wakeSnoozedConversation } from './wake-snoozed-conversation';

/**
 * Wakes a snoozed conversation at its snooze's end (sent with `startAfter`;
 * docs/behaviour/snooze.md). Idle workers poll every second so the conversation is back within
 * about a second of its time; a snooze since ended or moved makes the job do nothing.
 * Output: `{ woken }`.
 */
export const wakeSnoozedConversationJob = defineJob({
  name: 'wake-snoozed-conversation',
  payload: z.object({ organizationId: z.uuid(), conversationId: z.uuid(), until: z.iso.datetime() }).strict(),
  scope: 'payload',
  timing: { pollingIntervalSeconds: 1, batchSize: 20, concurrency: 4, heartbeatSeconds: 10 },
  handler: async (deps, payload) => ({ woken: await wakeSnoozedConversation(deps, payload) }),
});
