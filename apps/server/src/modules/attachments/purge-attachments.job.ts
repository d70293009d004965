import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { purgeAttachments } from './purge-attachments';

/**
 * Attachments' retention (docs/behaviour/attachments.md, "Retention"): every hour at :41,
 * removes the files of deleted messages and the uploads never sent for a day
 * (`purgeAttachments`). It covers every organisation, hence its `maintenance-job` access.
 * Output: `{ removed }`.
 */
export const purgeAttachmentsJob = defineJob({
  name: 'purge-attachments',
  payload: z.object({}).strict(),
  schedule: '41 * * * *',
  scope: { systemAccess: 'maintenance-job' },
  handler: async (deps) => ({ removed: await purgeAttachments(deps) }),
});
