import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { MailboxAccount } from '../../carriers/email-channel/email-channel-carrier';
import type { DbOrTx } from '../../db/client';
import { teamMailboxes } from '../../db/schema/email';
import { decryptSecret, mailboxSecretsKey } from './mailbox-secrets';

/** A row of `team_mailboxes`. */
export type MailboxRow = typeof teamMailboxes.$inferSelect;

/** The team's mailbox row in the organisation, or null. */
export async function findTeamMailbox(
  db: DbOrTx,
  organizationId: string,
  teamId: string,
): Promise<MailboxRow | null> {
  const [row] = await db
    .select()
    .from(teamMailboxes)
    .where(and(eq(teamMailboxes.organizationId, organizationId), eq(teamMailboxes.teamId, teamId)));
  return row ?? null;
}

/** The mailbox row with this id (in the caller's scope), or null. */
export async function findMailboxById(db: DbOrTx, id: string): Promise<MailboxRow | null> {
  const [row] = await db.select().from(teamMailboxes).where(eq(teamMailboxes.id, id));
  return row ?? null;
}

/** The password sealed for a team's mailbox (`mailbox-secrets.ts`; bound to the team id). */
export function mailboxSecretContext(teamId: string): string {
  return `team-mailbox:${teamId}`;
}

/**
 * What the vendor needs of a mailbox row signed in with a password: its address, servers and
 * credentials, the password decrypted here (never stored or logged in clear). A row with an
 * OAuth grant gets its account from `liveMailboxAccount` (mailbox-grant.ts).
 */
export function mailboxAccount(deps: Pick<AppDeps, 'config'>, row: MailboxRow): MailboxAccount {
  const password =
    row.passwordEncrypted && row.authMethod === 'password'
      ? decryptSecret(mailboxSecretsKey(deps.config), row.passwordEncrypted, mailboxSecretContext(row.teamId))
      : undefined;
  return { ...mailboxServers(row), password };
}

/** A mailbox row's address, IMAP and SMTP servers and user name (no credentials). */
export function mailboxServers(row: MailboxRow): MailboxAccount {
  return {
    address: row.address,
    imap:
      row.imapHost && row.imapPort
        ? { host: row.imapHost, port: row.imapPort, secure: row.imapSecure }
        : undefined,
    smtp:
      row.smtpHost && row.smtpPort
        ? { host: row.smtpHost, port: row.smtpPort, secure: row.smtpSecure }
        : undefined,
    user: row.username ?? undefined,
  };
}
