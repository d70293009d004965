import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { teamMailboxes } from '../../db/schema/email';
import { defineJob } from '../../jobs/job-definition';
import { carrierForVendor } from './mailbox-carriers';
import { requestMailboxSync } from './request-mailbox-sync';

/**
 * Every minute, once across processes: a sync of every connected, valid mailbox of the
 * vendors this server has (Gmail and Outlook are read this way; for IMAP, what IDLE missed while no process watched: a restart, a lost connection).
 */
export const syncMailboxesJob = defineJob({
  name: 'sync-mailboxes',
  payload: z.object({}),
  scope: { systemAccess: 'maintenance-job' },
  schedule: '* * * * *',
  handler: async (deps) => {
    const rows = await deps.db
      .select({
        id: teamMailboxes.id,
        organizationId: teamMailboxes.organizationId,
        vendor: teamMailboxes.vendor,
      })
      .from(teamMailboxes)
      .where(eq(teamMailboxes.valid, true));
    let queued = 0;
    for (const row of rows)
      if (carrierForVendor(deps, row.vendor) && (await requestMailboxSync(deps, row))) queued++;
    return { mailboxes: rows.length, queued };
  },
});
