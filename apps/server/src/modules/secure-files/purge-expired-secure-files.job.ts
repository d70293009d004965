import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { purgeExpiredSecureFiles } from './purge-expired-secure-files';

/**
 * Secure files' retention (docs/behaviour/secure-files.md): every hour at :23, marks the secure
 * files past their expiry `expired` and deletes the files the clinic sent
 * (`purgeExpiredSecureFiles`). One run per tick across every process (pg-boss's schedule); it
 * covers every organisation, hence its `maintenance-job` access. Output: `{ expired }`.
 */
export const purgeExpiredSecureFilesJob = defineJob({
  name: 'purge-expired-secure-files',
  payload: z.object({}).strict(),
  schedule: '23 * * * *',
  scope: { systemAccess: 'maintenance-job' },
  handler: async (deps) => ({ expired: await purgeExpiredSecureFiles(deps) }),
});
