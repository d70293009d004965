import type { SandboxMail, SandboxMailAttachment, SandboxMessage } from '@accueil/domain';
import type { sandboxMailAttachments, sandboxMails, sandboxMessages } from '../../db/schema/sandbox';

export type SandboxMessageRow = typeof sandboxMessages.$inferSelect;

/** A `sandbox_messages` row → the API's `SandboxMessage` (dates as ISO strings). */
export function presentSandboxMessage(row: SandboxMessageRow): SandboxMessage {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    body: row.body,
    direction: row.direction === 'from-phone' ? 'from-phone' : 'to-phone',
    status: row.status,
    media: row.media,
    createdAt: row.createdAt.toISOString(),
  };
}

export type SandboxMailRow = typeof sandboxMails.$inferSelect;

/** What the list reads of a `sandbox_mail_attachments` row (not its bytes). */
export type SandboxMailAttachmentRow = Omit<typeof sandboxMailAttachments.$inferSelect, 'content'>;

/**
 * A `sandbox_mails` row and its attachments' rows (in the mail's order) → the API's
 * `SandboxMail` (dates as ISO strings).
 */
export function presentSandboxMail(
  row: SandboxMailRow,
  attachments: SandboxMailAttachmentRow[] = [],
): SandboxMail {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    attachments: attachments.map((a): SandboxMailAttachment => ({
      id: a.id,
      filename: a.filename,
      contentType: a.contentType,
      contentId: a.contentId,
      size: a.size,
    })),
    messageId: row.messageId,
    createdAt: row.createdAt.toISOString(),
  };
}
