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
  handler: (deps, payload) => runContactImport(deps, payload.importId),
});
