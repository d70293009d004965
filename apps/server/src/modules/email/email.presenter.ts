import {
  emailProviderSchema,
  mailboxAuthMethodSchema,
  type EmailDetails,
  type EmailProvider,
  type Mailbox,
  type MailboxAuthMethod,
} from '@accueil/domain';
import type { emailMessages } from '../../db/schema/email';
import { REMOTE_IMAGE_ATTRIBUTE } from './sanitize-email-html';
import type { MailboxRow } from './mailboxes';

/**
 * A team's mailbox for its administrators: never the password or the grant (`hasPassword`
 * only); its provider is the connected mailbox's vendor, else `provider` (the configured one);
 * `authMethods` how this server lets an IMAP mailbox sign in.
 */
export function presentMailbox(
  teamId: string,
  provider: EmailProvider,
  teamEmail: string | null,
  row: MailboxRow | null,
  authMethods: MailboxAuthMethod[],
): Mailbox {
  const authMethod = mailboxAuthMethodSchema.safeParse(row?.authMethod).data ?? 'password';
  return {
    userGroupId: teamId,
    provider: emailProviderSchema.safeParse(row?.vendor).data ?? provider,
    connected: row !== null,
    address: row?.address ?? teamEmail?.toLowerCase() ?? null,
    valid: row?.valid ?? true,
    imapHost: row?.imapHost ?? null,
    imapPort: row?.imapPort ?? null,
    imapSecure: row?.imapSecure ?? true,
    smtpHost: row?.smtpHost ?? null,
    smtpPort: row?.smtpPort ?? null,
    smtpSecure: row?.smtpSecure ?? true,
    username: row?.username ?? null,
    authMethod,
    authMethods,
    hasPassword: authMethod === 'password' && Boolean(row?.passwordEncrypted),
    lastSyncedAt: row?.lastSyncedAt?.toISOString() ?? null,
    lastError: row?.lastError ?? null,
  };
}

/** A row of `email_messages`. */
export type EmailMessageRow = typeof emailMessages.$inferSelect;

/** An e-mail message's details (the storage keys stay inside: a file is asked by its id). */
export function presentEmailDetails(row: EmailMessageRow): EmailDetails {
  return {
    messageId: row.messageId,
    subject: row.subject,
    from: row.from,
    to: row.to,
    cc: row.cc,
    html: row.html,
    text: row.text,
    remoteImages: row.html?.includes(REMOTE_IMAGE_ATTRIBUTE) ?? false,
    automatic: row.automatic,
    attachments: row.attachments.map((a) => ({
      id: a.id,
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      kept: a.storageKey !== null,
      contentId: a.contentId,
    })),
    authentication: row.authentication,
    deliveryError: row.deliveryError,
    createdAt: row.createdAt.toISOString(),
  };
}
