import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { teamMailboxes } from '../../db/schema/email';
import { syncMailboxJob } from './sync-mailbox.job';

/**
 * Asks for a sync of the mailbox (the `sync-mailbox` job), unless one already waits or runs.
 * Answers whether a job was queued.
 */
export function requestMailboxSync(
  deps: Pick<AppDeps, 'jobs'>,
  mailbox: { id: string; organizationId: string },
): Promise<boolean> {
  return deps.jobs.sendOnce(
    syncMailboxJob,
    { organizationId: mailbox.organizationId, mailboxId: mailbox.id },
    mailbox.id,
  );
}

/**
 * Mail arrived for `address` (the sandbox mailbox's contacts write to a team): a sync of the
 * connected, valid mailbox with that address, if any. Runs in the caller's scope (system access
 * for the sandbox's route). Answers whether a mailbox has the address.
 */
export async function requestMailboxSyncOf(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  address: string,
): Promise<boolean> {
  const [mailbox] = await deps.db
    .select({
      id: teamMailboxes.id,
      organizationId: teamMailboxes.organizationId,
      valid: teamMailboxes.valid,
    })
    .from(teamMailboxes)
    .where(eq(teamMailboxes.address, sql`lower(${address})`));
  if (!mailbox?.valid) return false;
  await requestMailboxSync(deps, mailbox);
  return true;
}
