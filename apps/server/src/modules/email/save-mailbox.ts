import { AppError } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { teamMailboxes } from '../../db/schema/email';
import type { MailboxRow } from './mailboxes';

/** What a connection writes of a team's mailbox (the IMAP fields null for Gmail and Outlook). */
export type MailboxValues = Omit<typeof teamMailboxes.$inferInsert, 'id' | 'createdAt'>;

/**
 * Stores the team's mailbox after a connection (IMAP's check or an OAuth grant): valid again,
 * the error cleared, and the sync's cursor kept when the address and the vendor are the same as
 * before (reconnecting resumes where the sync stood: nothing lost or fetched twice), reset otherwise.
 * @throws AppError 'email-taken' (another team's mailbox has the address).
 */
export async function saveMailbox(
  deps: Pick<AppDeps, 'db'>,
  existing: MailboxRow | null,
  values: MailboxValues,
): Promise<MailboxRow> {
  const sameMailbox = existing && existing.address === values.address && existing.vendor === values.vendor;
  const row = { ...values, valid: true, lastError: null, updatedAt: new Date() };
  let saved: MailboxRow | undefined;
  try {
    [saved] = await deps.db
      .insert(teamMailboxes)
      .values(row)
      .onConflictDoUpdate({
        target: teamMailboxes.teamId,
        set: sameMailbox ? row : { ...row, uidValidity: null, lastUid: 0, lastSyncedAt: null },
      })
      .returning();
  } catch (error) {
    if (
      (error as { cause?: { code?: string } }).cause?.code === '23505' ||
      (error as { code?: string }).code === '23505'
    )
      throw new AppError('email-taken', 'Another team’s mailbox has this address');
    throw error;
  }
  if (!saved) throw new Error('team_mailboxes upsert returned no row');
  return saved;
}
