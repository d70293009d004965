import { z } from 'zod';
import { defineJob } from '../../jobs/job-definition';
import { runContactImport } from './run-contact-import';

/**
 * Runs one contacts import (docs/behaviour/contacts.md), from where it stopped: a run that
 * dies with its process is retried by pg-boss and resumes after the last written batch.
 * Output: `{ status, imported, skipped }`.
 */
export const importContactsJob = defineJob({
  name: 'import-contacts',
  // The organisation the import belongs to: the job's statements run in it (row-level security).
  payload: z.object({ importId: z.uuid(), organizationId: z.uuid() }).strict(),
  scope: 'payload',
  // Picked up within half a second of the upload (the default poll is 2 s, a fifth of a
  // 100,000-row import), one import at a time per process; a process that dies mid-import is
  // noticed after 30 s without heartbeat and the import resumed elsewhere.
  timing: { pollingIntervalSeconds: 0.5, batchSize: 1, concurrency: 1, heartbeatSeconds: 30 },
  handler: (deps, payload) => runContactImport(deps, payload.importId),
});
