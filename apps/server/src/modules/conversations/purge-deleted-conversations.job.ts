import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { purgeDeletedConversations } from './purge-deleted-conversations';

/**
 * Deleted conversations (docs/behaviour/conversations.md, "Delete"): every day at 03:17 UTC,
 * removes those deleted more than 30 days ago, with their messages. It covers every
 * organisation, hence its `maintenance-job` access. Output: `{ removed }`.
 */
export const purgeDeletedConversationsJob = defineJob({
  name: 'purge-deleted-conversations',
  payload: z.object({}).strict(),
  schedule: '17 3 * * *',
  scope: { systemAccess: 'maintenance-job' },
  handler: async (deps) => ({ removed: await purgeDeletedConversations(deps) }),
});
