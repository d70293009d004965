import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { syncMailbox } from './sync-mailbox';

/**
 * Syncs one team's mailbox (`syncMailbox`) in its organisation's scope. At most one waits or
 * runs per mailbox (`oncePerKey`, the mailbox's id): two server processes never sync one
 * mailbox at once. Sent when mail is announced (IDLE, the sandbox mailbox), on connecting, and
 * every minute by `sync-mailboxes`.
 */
export const syncMailboxJob = defineJob({
  name: 'sync-mailbox',
  payload: z.strictObject({ organizationId: z.uuid(), mailboxId: z.uuid() }),
  scope: 'payload',
  oncePerKey: true,
  timing: { pollingIntervalSeconds: 0.5, batchSize: 5, concurrency: 2, heartbeatSeconds: 30 },
  handler: async (deps, payload) => syncMailbox(deps, payload.mailboxId),
});
